import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import boundaries (docs/architecture.md#boundaries). Each folder's list is complete for it: a later config
// block replaces, not merges, an earlier block's no-restricted-imports options, so `boundaries` composes them.
const NOT_INDEX = '(?!index$)[^/]';
const MODULE_RULE = 'imports another server module only through its index.ts (docs/architecture.md#boundaries)';
const serverModule = [
  // From src/server/modules/A/x.ts: '../B/y', '../../modules/B/y' or '@server/modules/B/y'.
  { regex: `^\\.\\./[^./][^/]*/${NOT_INDEX}`, message: `A module ${MODULE_RULE}.` },
  { regex: `^(\\.\\./)+modules/[^/]+/${NOT_INDEX}`, message: `A module ${MODULE_RULE}.` },
  { regex: `^@server/modules/[^/]+/${NOT_INDEX}`, message: `A module ${MODULE_RULE}.` },
];
const serverOutsideModules = [
  { regex: `^(\\./|(\\.\\./)+)modules/[^/]+/${NOT_INDEX}`, message: `Server code ${MODULE_RULE}.` },
  { regex: `^@server/modules/[^/]+/${NOT_INDEX}`, message: `Server code ${MODULE_RULE}.` },
];
const web = [{ group: ['@server/*', '**/server/**'], message: 'The browser never imports server code.' }];

// The web features each feature may import, always through its index.ts. This object is the source; the table in
// docs/architecture.md#web-features mirrors it (src/web/boundaries.test.ts checks that they agree).
export const WEB_FEATURES = {
  addresses: ['bids', 'listings', 'market-reading', 'validator', 'watchlist'],
  bids: ['validator', 'wallet'],
  'create-listing': ['purchase', 'wallet'],
  errors: [],
  home: ['listings', 'validator'],
  legal: ['receipts'],
  listings: ['orders', 'purchase', 'wallet'],
  'market-reading': ['listings'],
  marketplace: ['listings', 'market-reading', 'watchlist'],
  notifications: [],
  orders: ['validator', 'wallet'],
  profile: ['bids', 'listings', 'purchase', 'receipts', 'wallet', 'watchlist'],
  purchase: ['wallet'],
  receipts: [],
  shop: ['wallet'],
  transaction: ['purchase', 'receipts', 'wallet'],
  validator: [],
  wallet: [],
  watchlist: ['listings', 'wallet'],
};
const featureFolders = readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const unlisted = featureFolders.filter((name) => !(name in WEB_FEATURES));
const missing = Object.keys(WEB_FEATURES).filter((name) => !featureFolders.includes(name));
if (unlisted.length > 0 || missing.length > 0) {
  throw new Error(
    `WEB_FEATURES in eslint.config.js must name every folder of src/web/features and no other` +
      (unlisted.length ? `; add: ${unlisted.join(', ')}` : '') +
      (missing.length ? `; drop: ${missing.join(', ')}` : '') +
      ' (docs/architecture.md#web-features).',
  );
}
const FEATURE_RULE = 'docs/architecture.md#web-features';
const any = (names) => `(?:${names.join('|')})`;
/** A feature imports only the features WEB_FEATURES allows it, only through their index.ts, and never `app`. */
const webFeature = (name) => {
  const allowed = WEB_FEATURES[name];
  const others = Object.keys(WEB_FEATURES).filter((other) => other !== name);
  return [
    {
      regex: `^@web/features/(?!${any([name, ...allowed])}(?:/|$))`,
      message: allowed.length
        ? `The ${name} feature may import only these features: ${allowed.join(', ')} (${FEATURE_RULE}).`
        : `The ${name} feature imports no other feature (${FEATURE_RULE}).`,
    },
    ...(allowed.length
      ? [
          {
            regex: `^@web/features/${any(allowed)}/`,
            message: `Import another feature only through its index.ts: '@web/features/<name>' (${FEATURE_RULE}).`,
          },
        ]
      : []),
    {
      regex: `^@web/features/${name}(?:/|$)`,
      message: `Inside the ${name} feature, import its own files by a relative path (${FEATURE_RULE}).`,
    },
    {
      // '../listings/…' or '../../features/listings/…': a relative path out of the feature, into another one.
      // No feature has a subfolder named like a feature, 'features' or 'app' (src/web/boundaries.test.ts).
      regex: `^(?:\\.\\./)+${any(['features', ...others])}(?:/|$)`,
      message: `A feature reaches another feature through '@web/features/<name>', never a relative path (${FEATURE_RULE}).`,
    },
    {
      regex: '^(?:@web/|(?:\\.\\./)+)app(?:/|$)',
      message: `A feature never imports the app shell, src/web/app (${FEATURE_RULE}).`,
    },
  ];
};
// Shared UI (src/web/components) and helpers and hooks (src/web/lib) are below every feature and the app shell.
const webShared = [
  {
    regex: '^(?:@web/|(?:\\.\\./)+)(?:features|app)(?:/|$)',
    message: `src/web/components and src/web/lib import no feature and not the app shell (${FEATURE_RULE}).`,
  },
];
const shared = [
  { group: ['@server/*', '@web/*', '@chain/*', 'node:*'], message: 'Shared code imports only shared code.' },
];
const chain = [
  { group: ['@server/*', '@web/*', '**/server/**', '**/web/**'], message: 'Chain code imports only shared code.' },
];
// Test support lives in tests/helpers; only tests (tests/, src/**/*.test.ts) may import it.
const testSupport = [
  { regex: '^@tests/', message: 'Production code never imports test support (docs/architecture.md#test-support).' },
  {
    regex: '^(\\.\\./)+tests/',
    message: 'Production code never imports test support (docs/architecture.md#test-support).',
  },
];

// One import style: relative specifiers without a suffix, as moduleResolution "Bundler" resolves them.
const noSuffix = [
  { regex: '^\\.{1,2}/.*\\.js$', message: "Write relative imports without '.js' (docs/architecture.md)." },
];

const TESTS = ['**/*.test.ts', '**/*.test.tsx'];
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
/** Two blocks per folder: its own rule everywhere, plus the test-support rule outside its unit tests. */
const boundaries = (files, patterns, ignores = []) => [
  { files, ignores, rules: restrict([...patterns, ...noSuffix]) },
  { files, ignores: [...ignores, ...TESTS], rules: restrict([...patterns, ...noSuffix, ...testSupport]) },
];

export default tseslint.config(
  { ignores: ['dist/', '.node/', 'node_modules/', 'data/', 'src/server/db/migrations/', 'docs/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...boundaries(['src/web/**/*.{ts,tsx}'], web),
  ...Object.keys(WEB_FEATURES).flatMap((name) =>
    boundaries([`src/web/features/${name}/**/*.{ts,tsx}`], [...web, ...webFeature(name)]),
  ),
  ...boundaries(['src/web/components/**/*.{ts,tsx}', 'src/web/lib/**/*.{ts,tsx}'], [...web, ...webShared]),
  ...boundaries(['src/shared/**/*.ts'], shared),
  ...boundaries(['src/chain/**/*.ts'], chain),
  ...boundaries(['src/server/modules/**/*.ts'], serverModule),
  ...boundaries(['src/server/**/*.ts'], serverOutsideModules, ['src/server/modules/**']),
  {
    // One SOL is LAMPORTS_PER_SOL from src/shared/money.ts: a second copy of the number is how a unit slips.
    files: ['**/*.{ts,tsx}'],
    ignores: ['src/shared/money.ts', 'src/shared/money.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Literal[bigint='1000000000']",
          message: 'Use LAMPORTS_PER_SOL from src/shared/money.ts instead of a literal 1_000_000_000n.',
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'src/server/cli/**', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
);
