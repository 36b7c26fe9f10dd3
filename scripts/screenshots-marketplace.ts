/**
 * Screenshots: the marketplace with filters set, and an empty search result, at 1280 and 390 px, into
 * docs/screenshots/. Run: `sh scripts/node.sh node --import tsx scripts/screenshots-marketplace.ts`.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import buildWebIfStale from '../tests/e2e/global-setup';
import { startAppServer } from '../tests/e2e/helpers/app-server';
import { launchBrowser } from '../tests/e2e/helpers/browser';
import { shootPage, viewportOf } from './screenshot-page';

const OUT = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));

buildWebIfStale();
await mkdir(OUT, { recursive: true });
const [server, browser] = await Promise.all([startAppServer({ env: { DEMO_DATA: 'true' } }), launchBrowser()]);
try {
  const demo = (await fetch(`${server.url}/api/addresses/search?pageSize=100`).then((r) => r.json())) as {
    addresses: Array<{ category: string }>;
  };
  // The demo's commonest category, so the filtered view has rows to show.
  const counts = new Map<string, number>();
  for (const l of demo.addresses) counts.set(l.category, (counts.get(l.category) ?? 0) + 1);
  const category = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'word-like';
  const shots: Array<[string, string]> = [
    ['marketplace-filtered', `/marketplace?sort=price&dir=asc&category=${category}&minPrice=0.1`],
    ['marketplace-empty-search', '/marketplace?q=zzzzzzzz&pos=start'],
  ];
  for (const width of [1280, 390]) {
    const context = await browser.newContext({ baseURL: server.url, viewport: viewportOf(width) });
    const page = await context.newPage();
    for (const [name, path] of shots) await shootPage(page, path, `${OUT}${name}-${width}.png`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
