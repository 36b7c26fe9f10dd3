import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { onCleanup } from './lib/cleanup';
import { table } from './lib/report';

const root = fileURLToPath(new URL('..', import.meta.url));
const BUDGET = 250 * 1024;

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * dist/web when it is newer than its sources (the staleness rule of scripts/start.mjs); otherwise a fresh
 * production build into a temp dir, so a server or browser test using dist/web right now is not disturbed.
 */
function builtDir(): { dir: string; fresh: boolean } {
  const dist = path.join(root, 'dist/web');
  const sources = ['src/web', 'src/shared', 'src/chain'].map((d) => path.join(root, d)).filter(existsSync);
  const sourceTime = Math.max(...sources.map(newestMtime), statSync(path.join(root, 'vite.config.ts')).mtimeMs);
  const index = path.join(dist, 'index.html');
  if (existsSync(index) && statSync(index).mtimeMs >= sourceTime) return { dir: dist, fresh: false };
  const out = mkdtempSync(path.join(os.tmpdir(), 'vv_bench_web_'));
  onCleanup(`remove ${out}`, () => rmSync(out, { recursive: true, force: true }));
  console.log('web: dist/web is stale; building into a temp dir…');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const r = spawnSync(process.execPath, [vite, 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
    timeout: 300_000,
  });
  if (r.status !== 0) throw new Error(`vite build failed (${r.status ?? r.signal})`);
  return { dir: out, fresh: true };
}

const staticImports = (code: string) =>
  [...code.matchAll(/(?:import|from)\s*["'](\.\/[^"']+\.js)["']/g)].map((m) => m[1]!);

/** A chunk and every chunk it imports statically, transitively (what the browser must fetch before running it). */
function closure(assets: string, start: string[], into = new Set<string>()): Set<string> {
  for (const file of start) {
    if (into.has(file)) continue;
    into.add(file);
    const code = readFileSync(path.join(assets, file), 'utf8');
    closure(
      assets,
      staticImports(code).map((p) => path.basename(p)),
      into,
    );
  }
  return into;
}

export async function benchWeb(): Promise<string> {
  const { dir, fresh } = builtDir();
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  const assets = path.join(dir, 'assets');
  const entry = [...html.matchAll(/<script[^>]+type="module"[^>]+src="\/assets\/([^"]+)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/assets\/([^"]+)"/g)].map((m) => m[1]!);
  const initial = [...new Set([...entry, ...preloads])];
  // The home route is a lazy chunk the entry imports on `/`; count it and its static imports as well.
  const entryCode = readFileSync(path.join(assets, entry[0]!), 'utf8');
  const home = entryCode.match(/home-page-[\w-]+\.js/)?.[0];
  const withHome = closure(assets, [...initial, ...(home ? [home] : [])]);
  const size = (file: string) => ({
    raw: statSync(path.join(assets, file)).size,
    gz: gzipSync(readFileSync(path.join(assets, file))).length,
  });
  const sum = (files: Iterable<string>) =>
    [...files].map(size).reduce((a, b) => ({ raw: a.raw + b.raw, gz: a.gz + b.gz }), { raw: 0, gz: 0 });
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const a = sum(initial);
  const b = sum(withHome);
  const verdict = (gz: number) => (gz <= BUDGET ? `met (${kb(BUDGET - gz)} to spare)` : `missed by ${kb(gz - BUDGET)}`);
  return [
    `Command: \`npm run bench -- web\` — ${fresh ? 'a fresh production build (dist/web was stale) in a temp dir' : 'the current dist/web (newer than its sources)'}; sizes are node:zlib gzip at the default level of each file.`,
    '',
    table(
      ['what', 'files', 'minified', 'gzipped', 'budget 250 KB gzipped'],
      [
        ['entry script + its modulepreload links (index.html)', initial.join(', '), kb(a.raw), kb(a.gz), verdict(a.gz)],
        [
          '… + the home route chunk and its static imports (all JS before `/` renders)',
          `${withHome.size} files`,
          kb(b.raw),
          kb(b.gz),
          verdict(b.gz),
        ],
      ],
    ),
    '',
    `Files in the second row: ${[...withHome].map((f) => `${f} (${kb(size(f).gz)})`).join(', ')}.`,
  ].join('\n');
}
