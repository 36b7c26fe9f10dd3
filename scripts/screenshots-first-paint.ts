/**
 * The first paint of `/` and `/marketplace` with JavaScript off (what a phone shows before the bundle runs) next to
 * the finished page, at 1280 and 390 px, into docs/screenshots/first-paint-*.png; prints the layout shift each
 * page had while React took over and its data arrived (docs/decisions/0014-first-paint.md).
 * Run: `sh scripts/node.sh node --import tsx scripts/screenshots-first-paint.ts`.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import buildWebIfStale from '../tests/e2e/global-setup';
import { startAppServer } from '../tests/e2e/helpers/app-server';
import { launchBrowser } from '../tests/e2e/helpers/browser';
import { viewportOf } from './screenshot-page';

const OUT = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
const PAGES: Array<[name: string, path: string]> = [
  ['home', '/'],
  ['marketplace', '/marketplace'],
];

buildWebIfStale();
await mkdir(OUT, { recursive: true });
const [server, browser] = await Promise.all([startAppServer({ env: { DEMO_DATA: 'true' } }), launchBrowser()]);
try {
  for (const width of [1280, 390]) {
    const viewport = viewportOf(width);
    for (const javaScriptEnabled of [false, true]) {
      const context = await browser.newContext({ baseURL: server.url, viewport, javaScriptEnabled });
      const page = await context.newPage();
      // Counted from the first paint on, as Lighthouse does (shifts right after input excluded).
      await page.addInitScript(() => {
        const w = window as unknown as { __shift: number };
        w.__shift = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) {
            if (!e.hadRecentInput) w.__shift += e.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      for (const [name, path] of PAGES) {
        await page.goto(path);
        const suffix = javaScriptEnabled ? 'final' : 'no-js';
        if (javaScriptEnabled) {
          await page.waitForLoadState('networkidle');
          await page.waitForTimeout(500);
          const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
          console.log(`${path} at ${width} px: layout shift ${shift.toFixed(4)}`);
        }
        await page.screenshot({ path: `${OUT}first-paint-${name}-${width}-${suffix}.png`, fullPage: true });
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
