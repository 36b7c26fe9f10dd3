export { seedDemoData, type DemoSeedDeps, type DemoSeedResult } from './seed-demo-data';
export { grindKeys, type GrindTarget, type GroundKey, type GrindOptions } from './grind';
export { DEMO_GRIND_MS, DEMO_TARGETS } from './demo-plan';
