import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The web feature boundaries (docs/architecture.md#web-features) are lint rules built from WEB_FEATURES in
// eslint.config.js. These run the repository's real ESLint config over import lines in files that need not exist, so
// the rule keeps failing what it should and the documented table keeps saying what the rule does.

const root = fileURLToPath(new URL('../..', import.meta.url));
const featuresDir = fileURLToPath(new URL('./features', import.meta.url));
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** The "### Web features" table: feature → the features it may import. */
function documentedAllowances(): Map<string, string[]> {
  const doc = readFileSync(new URL('../../docs/architecture.md', import.meta.url), 'utf8');
  const section = doc.split('### Web features')[1]?.split('\n### ')[0] ?? '';
  const rows = new Map<string, string[]>();
  for (const line of section.split('\n')) {
    const row = /^\| `([\w-]+)` +\| (.*) \|$/.exec(line);
    if (row) rows.set(row[1]!, [...row[2]!.matchAll(/`([\w-]+)`/g)].map((m) => m[1]!).sort());
  }
  return rows;
}

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The no-restricted-imports messages for `code` as if it were the file at `filePath`, by line. */
async function restrictedImports(filePath: string, code: string): Promise<Map<number, string>> {
  const [result] = await eslint.lintText(code, { filePath });
  const found = new Map<number, string>();
  for (const message of result!.messages) {
    if (message.ruleId === 'no-restricted-imports') found.set(message.line, message.message);
    else if (message.fatal) throw new Error(message.message);
  }
  return found;
}

describe('web feature boundaries', () => {
  it('documents every feature folder', () => {
    expect([...documentedAllowances().keys()].sort()).toEqual(features);
  });

  it('lets each feature import exactly the features the table in docs/architecture.md names', async () => {
    const allowances = documentedAllowances();
    for (const feature of features) {
      const others = features.filter((other) => other !== feature);
      const code = others.map((other) => `import '@web/features/${other}';`).join('\n');
      const refused = await restrictedImports(`src/web/features/${feature}/components/probe.tsx`, code);
      const allowed = others.filter((_, index) => !refused.has(index + 1));
      expect({ feature, allowed }).toEqual({ feature, allowed: allowances.get(feature) });
    }
  });

  it('has no cycle between features', () => {
    const allowances = documentedAllowances();
    const done = new Set<string>();
    const visit = (feature: string, path: string[]) => {
      expect(path, `cycle ${[...path, feature].join(' → ')}`).not.toContain(feature);
      if (done.has(feature)) return;
      for (const next of allowances.get(feature) ?? []) visit(next, [...path, feature]);
      done.add(feature);
    };
    for (const feature of features) visit(feature, []);
  });

  it('refuses a deep import, a relative escape, a self-import by alias and the app shell in a feature', async () => {
    const refused = await restrictedImports(
      'src/web/features/listings/components/probe.tsx',
      [
        "import '@web/features/orders';", // allowed: through the index
        "import '@web/features/orders/api/get-my-orders';",
        "import '@web/features/orders/index';",
        "import '../../orders/api/get-my-orders';",
        "import '../../../features/wallet';",
        "import '@web/features/listings/rules';",
        "import '@web/app/routes';",
        "import '../../../app/query-client';",
        "import '../api/update-listing';", // allowed: inside the feature
        "import '../rules';", // allowed: inside the feature
        "import '@web/lib/config';", // allowed: shared code
        "import '@web/components/button';", // allowed: shared code
      ].join('\n'),
    );
    expect([...refused.keys()]).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(refused.get(2)).toContain('only through its index.ts');
    expect(refused.get(4)).toContain('never a relative path');
    expect(refused.get(6)).toContain('by a relative path');
    expect(refused.get(7)).toContain('app shell');
  });

  it('refuses any import of a feature or the app shell in src/web/components and src/web/lib', async () => {
    for (const folder of ['components', 'lib']) {
      const refused = await restrictedImports(
        `src/web/${folder}/probe.ts`,
        [
          "import '@web/features/wallet';",
          "import '@web/features/orders/api/get-my-orders';",
          "import '../features/wallet';",
          "import '@web/app/query-client';",
          "import '../app/query-client';",
          "import '@web/lib/api-client';",
          "import '@web/components/button';",
        ].join('\n'),
      );
      expect({ folder, refused: [...refused.keys()] }).toEqual({ folder, refused: [1, 2, 3, 4, 5] });
    }
  });

  it('lets the app shell load a page by its path', async () => {
    const code = "export const page = () => import('@web/features/home/pages/home-page');\n";
    expect((await restrictedImports('src/web/app/probe.ts', code)).size).toBe(0);
    const shell = "import { WalletButton } from '@web/features/wallet/components/wallet-button';\n";
    expect((await restrictedImports('src/web/app/layout/probe.tsx', shell)).size).toBe(0);
  });

  it('has no folder inside a feature named like a feature, features or app (the relative-escape rule reads names)', () => {
    const reserved = new Set([...features, 'features', 'app']);
    const clashes = features.flatMap((feature) =>
      readdirSync(`${featuresDir}/${feature}`, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isDirectory() && reserved.has(entry.name))
        .map((entry) => `${entry.parentPath}/${entry.name}`),
    );
    expect(clashes).toEqual([]);
  });
});
