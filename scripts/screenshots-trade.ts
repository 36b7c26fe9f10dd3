/**
 * Screenshots of the trading screens (create listing, bulk results, payment required, revealed key, profiles)
 * into docs/screenshots/trade-*.png, taken by the trade journey itself so they show real data on the local
 * validator. Run: `sh scripts/node.sh node --import tsx scripts/screenshots-trade.ts`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const OUT = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
mkdirSync(OUT, { recursive: true });
execFileSync('sh', ['scripts/node.sh', 'npx', 'vitest', 'run', '--project', 'browser', 'tests/e2e/trade.e2e.test.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, TRADE_SCREENSHOTS: OUT },
});
