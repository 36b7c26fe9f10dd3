/**
 * Lighthouse (best practices, SEO, accessibility) of `/` and `/marketplace` against the production build, in
 * Debian's Chromium with `--headless=new` (or the packaged fallback of tests/e2e/helpers/chromium.ts). Run:
 * `sh scripts/node.sh node --import tsx bench/lighthouse.ts`; it prints a Markdown table for docs/benchmarks.md.
 * A later `bench -- web` can take this over.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import buildWebIfStale from '../tests/e2e/global-setup';
import { startAppServer } from '../tests/e2e/helpers/app-server';
import { chromiumBinary } from '../tests/e2e/helpers/chromium';
import { freePort } from '../tests/helpers/server-process';

const CATEGORIES = ['best-practices', 'seo', 'accessibility'] as const;
const PATHS = ['/', '/marketplace'];

async function startChromium() {
  const port = await freePort();
  const profile = await mkdtemp(path.join(tmpdir(), 'vv-lighthouse-'));
  const { executablePath, env } = await chromiumBinary();
  const child = spawn(
    executablePath,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      `--user-data-dir=${profile}`,
      `--remote-debugging-port=${port}`,
      'about:blank',
    ],
    { stdio: 'ignore', env: { ...process.env, ...env } },
  );
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await rm(profile, { recursive: true, force: true });
    },
  };
}

buildWebIfStale();
const [server, chrome] = await Promise.all([startAppServer({ env: { DEMO_DATA: 'true' } }), startChromium()]);
const rows: string[][] = [];
const failures: string[] = [];
try {
  for (const p of PATHS) {
    const result = await lighthouse(`${server.url}${p}`, {
      port: chrome.port,
      onlyCategories: [...CATEGORIES],
      output: 'json',
      logLevel: 'error',
    });
    const lhr = result!.lhr;
    rows.push([`\`${p}\``, ...CATEGORIES.map((c) => String(Math.round((lhr.categories[c]?.score ?? 0) * 100)))]);
    for (const c of CATEGORIES) {
      for (const ref of lhr.categories[c]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
          failures.push(`${p} ${c}: ${audit.id} (${audit.title})`);
        }
      }
    }
  }
} finally {
  await chrome.stop();
  await server.stop();
}
console.log(`| page | ${CATEGORIES.join(' | ')} |\n| --- | ${CATEGORIES.map(() => '---').join(' | ')} |`);
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
console.log(
  failures.length
    ? `\nAudits below full marks:\n${failures.map((f) => `- ${f}`).join('\n')}`
    : '\nEvery weighted audit passed.',
);
