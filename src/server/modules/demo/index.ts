export { seedDemoData, type DemoSeedResult } from './seed-demo-data';
