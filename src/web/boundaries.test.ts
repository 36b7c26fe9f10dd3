import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { documentedAllowances, expectAcyclic, lintProbe } from '@tests/helpers/boundaries';

// The web feature boundaries (docs/architecture.md#web-features) are lint rules built from WEB_FEATURES in
// eslint.config.js. These run the repository's real ESLint config over import lines in files that need not exist, so
// the rule keeps failing what it should and the documented table keeps saying what the rule does.

const featuresDir = fileURLToPath(new URL('./features', import.meta.url));
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const restrictedImports = lintProbe();
const documentedFeatures = () => documentedAllowances('Web features');

describe('web feature boundaries', () => {
  it('documents every feature folder', () => {
    expect([...documentedFeatures().keys()].sort()).toEqual(features);
  });

  it('lets each feature import exactly the features the table in docs/architecture.md names', async () => {
    const allowances = documentedFeatures();
    for (const feature of features) {
      const others = features.filter((other) => other !== feature);
      const code = others.map((other) => `import '@web/features/${other}';`).join('\n');
      const refused = await restrictedImports(`src/web/features/${feature}/components/probe.tsx`, code);
      const allowed = others.filter((_, index) => !refused.has(index + 1));
      expect({ feature, allowed }).toEqual({ feature, allowed: allowances.get(feature) });
    }
  });

  it('has no cycle between features', () => {
    expectAcyclic(documentedFeatures());
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
