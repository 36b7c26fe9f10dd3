import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';

/** Where the server (src/server/http/spa.ts) finds the prerendered pages: path → inner HTML of #root. */
export const PRERENDER_FILE = 'prerender/pages.json';

/**
 * After the browser build, builds src/web/prerender.tsx for Node (everything bundled, so it runs from a temp dir),
 * renders the first-paint pages and writes them next to index.html (docs/decisions/0014-first-paint.md).
 */
export function prerenderPlugin(configFile: string, entry: string): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'vv-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return; // the nested build below
      const temp = await mkdtemp(path.join(tmpdir(), 'vv-prerender-'));
      try {
        await build({
          configFile,
          mode: config.mode,
          logLevel: 'warn',
          ssr: { noExternal: true },
          build: { ssr: entry, outDir: temp, emptyOutDir: true, sourcemap: false, minify: false },
        });
        const module = (await import(pathToFileURL(path.join(temp, 'prerender.js')).href)) as {
          PRERENDERED_PATHS: readonly string[];
          prerenderPage: (pathname: string) => Promise<string>;
        };
        const pages: Record<string, string> = {};
        for (const pathname of module.PRERENDERED_PATHS) pages[pathname] = await module.prerenderPage(pathname);
        const out = path.join(config.build.outDir, PRERENDER_FILE);
        await mkdir(path.dirname(out), { recursive: true });
        await writeFile(out, JSON.stringify(pages));
      } finally {
        await rm(temp, { recursive: true, force: true });
      }
    },
  };
}
