import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { documentedAllowances, expectAcyclic, lintProbe } from '@tests/helpers/boundaries';
import { importGraph, strongComponents } from '@tests/helpers/import-graph';

// The server's boundaries (docs/architecture.md#server-layers, #server-modules) are lint rules built from
// SERVER_LAYERS and SERVER_MODULES in eslint.config.js. These run the repository's real ESLint config over import
// lines in files that need not exist, so the rules keep refusing what they should and the documented tables keep
// saying what the rules do; and they read the real import graph of src, which must have no cycle.

const root = fileURLToPath(new URL('../..', import.meta.url));
const serverDir = fileURLToPath(new URL('.', import.meta.url));
const foldersOf = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
const modules = foldersOf(`${serverDir}/modules`);
const layers = foldersOf(serverDir);
const ROOT_FILES = ['app', 'main', 'runtime', 'types'];

const restrictedImports = lintProbe();

/** The names among `others` that lint lets `filePath` import, one `import '<prefix><name>';` line each. */
async function allowedOf(filePath: string, prefix: string, others: string[]): Promise<string[]> {
  const refused = await restrictedImports(filePath, others.map((other) => `import '${prefix}${other}';`).join('\n'));
  return others.filter((_, index) => !refused.has(index + 1)).sort();
}

describe('the tables of docs/architecture.md', () => {
  it.each([
    ['Server layers', layers],
    ['Server modules', modules],
  ])('%s names every folder', (heading, folders) => {
    expect([...documentedAllowances(heading).keys()].sort()).toEqual(folders);
  });
});

describe('server layers', () => {
  it('lets each folder import exactly the folders the table names, by alias and by relative path', async () => {
    const table = documentedAllowances('Server layers');
    for (const layer of layers) {
      const others = [...layers, ...ROOT_FILES].filter((other) => other !== layer);
      // A module's files sit one folder deeper: src/server/modules/<module>/.
      const [file, up] =
        layer === 'modules' ? ['src/server/modules/audit/probe.ts', '../../'] : [`src/server/${layer}/probe.ts`, '../'];
      const expected = { layer, allowed: table.get(layer) };
      expect({ layer, allowed: await allowedOf(file, '@server/', others) }).toEqual(expected);
      expect({ layer, allowed: await allowedOf(file, up, others) }).toEqual(expected);
    }
    expectAcyclic(table);
  });

  it('refuses the holes we found: http or db importing a module, shared reaching the server by a path', async () => {
    const http = await restrictedImports(
      'src/server/http/probe.ts',
      ["import '@server/modules/auth';", "import '../modules/auth';", "import '../db/database';"].join('\n'),
    );
    expect([...http.keys()]).toEqual([1, 2]);
    const db = await restrictedImports(
      'src/server/db/schema/probe.ts',
      ["import '@server/modules/audit';", "import '../../modules/audit';", "import '../../config/env';"].join('\n'),
    );
    expect([...db.keys()]).toEqual([1, 2]);
    const shared = await restrictedImports(
      'src/shared/rarity/probe.ts',
      [
        "import '../../server/config/env';",
        "import '@server/config/env';",
        "import '../../web/lib/config';",
        "import '../../chain/explorer';",
        "import 'node:fs';",
        "import '../money';",
      ].join('\n'),
    );
    expect([...shared.keys()]).toEqual([1, 2, 3, 4, 5]);
    const top = await restrictedImports('src/shared/probe.ts', "import '../server/config/env';\n");
    expect([...top.keys()]).toEqual([1]);
  });

  it('lets the root files wire everything, only through module indexes', async () => {
    const refused = await restrictedImports(
      'src/server/probe.ts',
      ["import './modules/listings';", "import './modules/vault/vault.repository';", "import './jobs';"].join('\n'),
    );
    expect([...refused.keys()]).toEqual([2]);
  });
});

describe('server modules', () => {
  it('lets each module import exactly the modules the table names', async () => {
    const table = documentedAllowances('Server modules');
    for (const name of modules) {
      const others = modules.filter((other) => other !== name);
      const file = `src/server/modules/${name}/probe.ts`;
      expect({ name, allowed: await allowedOf(file, '../', others) }).toEqual({ name, allowed: table.get(name) });
      expect({ name, allowed: await allowedOf(file, '@server/modules/', others) }).toEqual({
        name,
        allowed: table.get(name),
      });
    }
  });

  it('has no cycle between modules', () => {
    expectAcyclic(documentedAllowances('Server modules'));
  });

  it("refuses a module's files other than its index, from a module and from above", async () => {
    const fromModule = await restrictedImports(
      'src/server/modules/listings/probe.ts',
      [
        "import '../vault';",
        "import '../vault/vault.repository';",
        "import '../../modules/vault/vault.repository';",
        "import '@server/modules/vault/vault.repository';",
        "import '@server/modules/listings/listings.repository';",
        "import '../../jobs';",
        "import './listings.repository';",
        "import '../../http/guards';",
      ].join('\n'),
    );
    expect([...fromModule.keys()]).toEqual([2, 3, 4, 5, 6]);
    const fromJobs = await restrictedImports(
      'src/server/jobs/probe.ts',
      ["import '../modules/purchases';", "import '../modules/purchases/verify.service';"].join('\n'),
    );
    expect([...fromJobs.keys()]).toEqual([2]);
  });

  it('has no folder named like a module, a server folder or a root file inside src/server (the rules read names)', () => {
    const reserved = new Set([...modules, ...layers, ...ROOT_FILES]);
    const clashes = layers.flatMap((layer) =>
      readdirSync(`${serverDir}/${layer}`, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isDirectory() && entry.parentPath !== `${serverDir}/modules`)
        .filter((entry) => reserved.has(entry.name))
        .map((entry) => `${entry.parentPath}/${entry.name}`),
    );
    expect(clashes).toEqual([]);
  });
});

describe('the import graph of src', () => {
  const graph = importGraph(fileURLToPath(new URL('..', import.meta.url)));

  it('is read whole: every relative and alias import resolves to a file', () => {
    expect(graph.size).toBeGreaterThan(500);
    expect(graph.unresolved).toEqual([]);
  });

  it('has no cycle between files, type imports included', () => {
    const cycles = strongComponents(graph.edges).filter((component) => component.length > 1);
    expect(cycles).toEqual([]);
  });

  it('imports across server modules only as the table allows', () => {
    const table = documentedAllowances('Server modules');
    const moduleOf = (file: string) => /^server\/modules\/([^/]+)\//.exec(file)?.[1];
    const stray: string[] = [];
    for (const [from, targets] of graph.edges) {
      const source = moduleOf(from);
      if (!source) continue;
      for (const to of targets) {
        const target = moduleOf(to);
        if (target && target !== source && !table.get(source)?.includes(target)) stray.push(`${from} → ${to}`);
      }
    }
    expect(stray).toEqual([]);
  });

  it('disables no boundary rule anywhere in src', () => {
    // Built from parts, so that this file does not match itself.
    const disable = new RegExp(['eslint', 'disable[^\\n]*no-restricted-imports'].join('-'));
    const disabled = [...graph.edges.keys()].filter((file) =>
      disable.test(readFileSync(`${root}/src/${file}`, 'utf8')),
    );
    expect(disabled).toEqual([]);
  });
});
