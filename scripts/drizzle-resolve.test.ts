import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Registered last, so it runs first and sees the final answer of every resolution (the shortcut's or Node's own); it
 * prints drizzle-orm's resolved modules, with their formats, when the process ends.
 */
const RECORDER = `data:text/javascript,${encodeURIComponent(`
import module from 'node:module';
const seen = new Set();
module.registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    if (resolved.url.includes('/node_modules/drizzle-orm/')) seen.add(resolved.url + ' ' + (resolved.format ?? '?'));
    return resolved;
  },
});
process.on('exit', () => process.stdout.write(JSON.stringify([...seen].sort())));
`)}`;

/** What the server loads of drizzle-orm: its core, both drivers and both migrators. */
const IMPORTS = ['', '/pg-core', '/pglite', '/node-postgres', '/pglite/migrator', '/node-postgres/migrator']
  .map((entry) => `await import('drizzle-orm${entry}');`)
  .join('');

function resolvedModules(withShortcut: boolean): Promise<string[]> {
  const preload = withShortcut ? ['--import', './scripts/drizzle-resolve.mjs'] : [];
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [...preload, '--import', RECORDER, '--input-type=module', '--eval', IMPORTS],
      { cwd: ROOT, timeout: 60_000 },
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout) as string[])),
    );
  });
}

describe('scripts/drizzle-resolve.mjs', () => {
  it('resolves every drizzle-orm module the server loads to the same file and format as Node does', async () => {
    const [node, shortcut] = await Promise.all([resolvedModules(false), resolvedModules(true)]);
    // Over a hundred modules, all ES modules: the comparison below covers the whole graph, not a handful of entries.
    expect(node.length).toBeGreaterThan(100);
    expect(node.every((line) => line.endsWith('.js module'))).toBe(true);
    expect(shortcut).toEqual(node);
  });
});
