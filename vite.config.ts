import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { prerenderPlugin } from './scripts/vite-prerender.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const SRC = fromRoot('./src/');
const ACTS_ON_IMPORT = [
  fromRoot('./src/web/main.tsx'),
  fromRoot('./src/web/zod-jitless.ts'),
  fromRoot('./src/web/styles.css'),
];

// The API server (src/server/main.ts) listens on 5000 by default; in `vite dev` the browser talks to Vite,
// so API and local-validator JSON-RPC calls are forwarded to keep them same-origin (cookies, CSP).
const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:5000';

export default defineConfig({
  root: fromRoot('./src/web'),
  publicDir: false,
  plugins: [react(), tailwindcss(), prerenderPlugin(fromRoot('./vite.config.ts'), fromRoot('./src/web/prerender.tsx'))],
  resolve: {
    alias: [
      // Mirrors tsconfig `paths`.
      { find: '@shared', replacement: fromRoot('./src/shared') },
      { find: '@web', replacement: fromRoot('./src/web') },
      { find: '@chain', replacement: fromRoot('./src/chain') },
      // Zod with `jitless` set before any schema is built (src/web/zod-jitless.ts); it imports `zod/v4` itself.
      { find: /^zod$/, replacement: fromRoot('./src/web/zod-jitless.ts') },
      // The router's fallback for React < 18, which this app never runs on: React's own hook instead.
      {
        find: /^use-sync-external-store\/shim\/index\.js$/,
        replacement: fromRoot('./src/web/react-sync-external-store.ts'),
      },
    ],
  },
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    // The budget that matters is the home route's gzipped JS before first render (issue 18: ≤ 120 KB, measured by
    // `npm run bench -- web`); the entry chunk alone is ~456 KB minified, near Vite's default 500 KB warning.
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      // Our modules do nothing when imported beyond defining what they export, so a module none of whose exports
      // a chunk uses is left out of it: a feature's index.ts re-exports zod schemas and hooks (calls Rollup cannot
      // prove pure), and without this every chunk importing the barrel took all of them. The files listed do act
      // on import. Packages keep their own package.json `sideEffects`.
      treeshake: { moduleSideEffects: (id) => !id.startsWith(SRC) || ACTS_ON_IMPORT.some((f) => id.startsWith(f)) },
      // Zod is one chunk, loaded when a page first parses an answer or a form (not with the entry: the first render
      // needs no schema, src/web/lib/api-client.ts): left to the splitter, its pieces landed in whichever lazy chunk
      // first used them (the receipts' @noble chunk), and every page then loaded that chunk. zod-jitless.ts, which
      // every `zod` import resolves to (alias above), is in it too.
      output: {
        codeSplitting: {
          groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]web[\\/]zod-jitless\.ts$/ }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/rpc': { target: apiTarget, changeOrigin: false },
    },
  },
});
