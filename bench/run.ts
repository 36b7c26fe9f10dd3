import { benchBids } from './bids';
import { benchBulk } from './bulk';
import { benchChain } from './chain';
import { benchGrind } from './grind';
import { benchLoad } from './load';
import { benchReplica } from './replica';
import { runCleanups } from './lib/cleanup';
import { machineLine, today } from './lib/machine';
import { writeSection } from './lib/report';
import { benchSearch, benchSearchFilters } from './search';
import { benchSearch10m } from './search-10m';
import { benchWeb } from './web';

/**
 * `npm run bench [-- bulk|search|load|web|replica|bids …]`: runs the scenarios (all by default) and rewrites each one's section of
 * docs/benchmarks.md. Scratch databases (vv_bench_*), temp dirs and the server child are removed at the end,
 * on failure too.
 */
const SCENARIOS = {
  bulk: benchBulk,
  search: () => benchSearch(),
  'search-computed': () => benchSearch({ computedOnly: true }),
  'search-10m': benchSearch10m,
  load: benchLoad,
  web: benchWeb,
  'search-filters': benchSearchFilters,
  grind: benchGrind,
  chain: benchChain,
  replica: benchReplica,
  bids: benchBids,
} as const;
type Name = keyof typeof SCENARIOS;
/** Seeding 10M listings alone takes minutes: run when named, not with every scenario. */
const ONLY_WHEN_ASKED = new Set<string>(['search-10m']);
const TITLES: Record<Name, string> = {
  bulk: 'Bulk listing creation',
  search: 'Marketplace search',
  'search-computed': 'Marketplace search: the computed page against the minimal server and pgbench',
  'search-10m': 'Marketplace search at ten million listings',
  load: 'Mixed load with purchases',
  web: 'Web: JavaScript before first render and Lighthouse',
  grind: 'Custom-order grinding',
  'search-filters': 'Marketplace search filters',
  chain: 'Local chain',
  replica: 'Read replicas',
  bids: 'Pattern bids matched during a bulk upload',
};

async function main(): Promise<number> {
  const asked = process.argv.slice(2).filter((a) => a !== '--');
  const unknown = asked.filter((a) => !(a in SCENARIOS));
  if (unknown.length > 0) {
    console.error(`unknown scenario ${unknown.join(', ')}; choose from ${Object.keys(SCENARIOS).join(', ')}`);
    return 2;
  }
  const names = (asked.length > 0 ? asked : Object.keys(SCENARIOS).filter((n) => !ONLY_WHEN_ASKED.has(n))) as Name[];
  let failed = 0;
  for (const name of names) {
    const started = today();
    const before = machineLine();
    const t0 = performance.now();
    try {
      const body = await SCENARIOS[name]();
      const took = ((performance.now() - t0) / 1000).toFixed(0);
      await writeSection(
        name,
        `## ${TITLES[name]}\n\n${started}; machine at start: ${before}; at end: ${machineLine()}; scenario took ${took} s.\n\n${body}`,
      );
    } catch (err) {
      failed++;
      console.error(`${name} failed:`, err);
    } finally {
      await runCleanups();
    }
  }
  return failed > 0 ? 1 : 0;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`${signal}: cleaning up…`);
    void runCleanups().finally(() => process.exit(130));
  });
}

main()
  .then(async (code) => {
    await runCleanups();
    process.exit(code);
  })
  .catch(async (err: unknown) => {
    console.error(err);
    await runCleanups();
    process.exit(1);
  });
