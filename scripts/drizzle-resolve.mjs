// Imported before anything loads drizzle-orm (`node --import ./scripts/drizzle-resolve.mjs`, and by start.mjs): it
// resolves drizzle-orm's own modules without Node's slow path, which cost every process that loads them 0.6–0.9 s of
// CPU (the server, each test file, each CLI run).
//
// Why: for every ES module it resolves, Node 24 looks up the package's "type" through getPackageScopeConfig, which
// spreads the package's parsed package.json; the spread runs the lazy getter that JSON-parses the "exports" field.
// drizzle-orm's package.json is 179 KB, nearly all "exports", and the server loads about 440 of its modules, so the
// same text was parsed hundreds of times. Measured 2026-11-29: `import('drizzle-orm')` and its pg-core, pglite and
// node-postgres entries took 740–960 ms in a test worker, 125–140 ms with this hook.
//
// What it changes, and why that is exact: a relative ".js" import made by a drizzle-orm module is that file, and it is
// an ES module (the package is "type": "module" and has no nested package.json), so the hook answers it without asking
// Node. A bare "drizzle-orm…" import from outside node_modules is resolved by Node once per specifier and conditions,
// then reused: there is one drizzle-orm, at the top of node_modules. Everything else goes to Node unchanged.
import module from 'node:module';

const drizzle = new URL('../node_modules/drizzle-orm/', import.meta.url).href;
const nodeModules = new URL('../node_modules/', import.meta.url).href;
const bareResolved = new Map();

const isRelative = (specifier) => specifier.startsWith('./') || specifier.startsWith('../');
const isDrizzle = (specifier) => specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/');

// registerHooks came in Node 22.15; on an older 22 everything resolves as before, only slower.
module.registerHooks?.({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (parent?.startsWith(drizzle) && isRelative(specifier) && specifier.endsWith('.js')) {
      return { url: new URL(specifier, parent).href, format: 'module', shortCircuit: true };
    }
    if (isDrizzle(specifier) && parent && !parent.startsWith(nodeModules)) {
      const key = `${specifier}\0${context.conditions.join()}`;
      let resolved = bareResolved.get(key);
      if (!resolved) {
        resolved = nextResolve(specifier, context);
        bareResolved.set(key, resolved);
      }
      return { ...resolved, shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});
