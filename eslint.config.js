import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import boundaries (docs/architecture.md#boundaries). Each folder's list is complete for it: a later config
// block replaces, not merges, an earlier block's no-restricted-imports options, so `boundaries` composes them.
const NOT_INDEX = '(?!index$)[^/]';
// The Node-only local chain (src/local-chain), by alias or path: only the server, its tests and tools import it.
const LOCAL_CHAIN = ['@local-chain', '@local-chain/*'];
const LOCAL_CHAIN_PATH = '^(?:\\.\\./)+local-chain(?:/|$)';
const any = (names) => `(?:${names.join('|')})`;

// The server's folders and root files, and which of them each folder may import. This object is the source; the
// table in docs/architecture.md#server-layers mirrors it (src/server/boundaries.test.ts checks that they agree).
// `modules` are the features; everything below them knows none of them, and only `jobs`, `cli` and the root files
// (app.ts, main.ts, runtime.ts, which wire everything) sit above them.
export const SERVER_LAYERS = {
  config: [],
  rarity: [],
  db: ['config'],
  http: ['config', 'db'],
  cache: ['config', 'db', 'http'],
  modules: ['cache', 'config', 'db', 'http', 'rarity', 'types'],
  jobs: ['cache', 'config', 'db', 'http', 'modules', 'rarity', 'types'],
  cli: ['cache', 'config', 'db', 'http', 'modules', 'rarity', 'types'],
};
/** The files at the top of src/server; `types.ts` holds only types, the other three wire everything together. */
const SERVER_ROOT_FILES = ['app', 'main', 'runtime', 'types'];

// The server modules each module may import, always through its index.ts. This object is the source; the table in
// docs/architecture.md#server-modules mirrors it (src/server/boundaries.test.ts checks that they agree, and that
// it has no cycle).
export const SERVER_MODULES = {
  'address-art': [],
  alerts: [],
  audit: [],
  auth: ['audit', 'users'],
  bids: ['alerts', 'audit', 'listings', 'orders', 'pay', 'purchases', 'settlement', 'trust', 'users'],
  chain: [],
  demo: ['key-crypto', 'listings', 'purchases'],
  'key-crypto': [],
  listings: ['audit', 'key-crypto', 'settlement', 'vault'],
  market: [],
  metrics: ['settlement'],
  orders: ['audit', 'key-crypto', 'listings', 'purchases', 'settlement', 'trust', 'vault'],
  pay: ['listings', 'purchases'],
  'price-history': [],
  purchases: ['audit', 'chain', 'key-crypto', 'listings', 'settlement', 'trust', 'users', 'vault'],
  seo: ['address-art', 'listings'],
  settlement: ['key-crypto'],
  system: ['chain'],
  trust: ['audit', 'key-crypto', 'listings', 'vault'],
  users: ['audit'],
  vault: ['key-crypto'],
  watchlist: [],
};

/** Throws unless `table` names every folder of `dir` (relative to this file) and no other. */
function assertNamesEveryFolder(table, tableName, dir, anchor) {
  const folders = readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const unlisted = folders.filter((name) => !(name in table));
  const missing = Object.keys(table).filter((name) => !folders.includes(name));
  if (unlisted.length > 0 || missing.length > 0) {
    throw new Error(
      `${tableName} in eslint.config.js must name every folder of ${dir.replace('./', '')} and no other` +
        (unlisted.length ? `; add: ${unlisted.join(', ')}` : '') +
        (missing.length ? `; drop: ${missing.join(', ')}` : '') +
        ` (${anchor}).`,
    );
  }
}
assertNamesEveryFolder(SERVER_MODULES, 'SERVER_MODULES', './src/server/modules', 'docs/architecture.md#server-modules');
assertNamesEveryFolder(SERVER_LAYERS, 'SERVER_LAYERS', './src/server', 'docs/architecture.md#server-layers');

const LAYER_RULE = 'docs/architecture.md#server-layers';
const MODULE_RULE = 'docs/architecture.md#server-modules';
/**
 * What the server folder `name` may not import: the folders and root files SERVER_LAYERS does not allow it, by the
 * `@server/` alias or by any relative path (no folder of src/server has a subfolder named like one of them:
 * src/server/boundaries.test.ts), and another module's files other than its index.ts.
 */
const serverLayer = (name) => {
  const allowed = SERVER_LAYERS[name];
  const refused = [...Object.keys(SERVER_LAYERS), ...SERVER_ROOT_FILES].filter(
    (other) => other !== name && !allowed.includes(other),
  );
  const message = allowed.length
    ? `src/server/${name} may import only these server folders: ${allowed.join(', ')} (${LAYER_RULE}).`
    : `src/server/${name} imports no other server folder (${LAYER_RULE}).`;
  return [
    { regex: `^@server/${any(refused)}(?:/|$)`, message },
    { regex: `^(?:\\.\\./)+${any(refused)}(?:/|$)`, message },
    {
      regex: `^(?:@server/|(?:\\.\\./)+)modules/[^/]+/${NOT_INDEX}`,
      message: `Import a server module only through its index.ts (${MODULE_RULE}).`,
    },
  ];
};
/** A module imports only the modules SERVER_MODULES allows it, only through their index.ts. */
const serverModule = (name) => {
  const allowed = SERVER_MODULES[name];
  const refused = Object.keys(SERVER_MODULES).filter((other) => other !== name && !allowed.includes(other));
  const message = allowed.length
    ? `The ${name} module may import only these modules: ${allowed.join(', ')} (${MODULE_RULE}).`
    : `The ${name} module imports no other module (${MODULE_RULE}).`;
  const throughIndex = `A module imports another only through its index.ts (${MODULE_RULE}).`;
  return [
    ...serverLayer('modules').filter((pattern) => !pattern.regex.includes('modules/')),
    ...(refused.length
      ? [
          { regex: `^@server/modules/${any(refused)}(?:/|$)`, message },
          // '../B', '../../B' from a subfolder, or '../../modules/B': no module has a subfolder named like a module.
          { regex: `^(?:\\.\\./)+(?:modules/)?${any(refused)}(?:/|$)`, message },
        ]
      : []),
    { regex: `^@server/modules/[^/]+/${NOT_INDEX}`, message: throughIndex },
    {
      regex: `^(?:\\.\\./)+(?:modules/)?${any(allowed.length ? allowed : ['(?!)'])}/${NOT_INDEX}`,
      message: throughIndex,
    },
    {
      regex: `^@server/modules/${name}(?:/|$)`,
      message: `Inside the ${name} module, import its own files by a relative path (${MODULE_RULE}).`,
    },
  ];
};
// app.ts, main.ts and runtime.ts wire every folder and module together: they only keep to modules' index.ts.
const serverRoot = [
  {
    regex: `^(?:@server/|\\./)modules/[^/]+/${NOT_INDEX}`,
    message: `Import a server module only through its index.ts (${MODULE_RULE}).`,
  },
];
const web = [
  { group: ['@server/*', '**/server/**'], message: 'The browser never imports server code.' },
  {
    group: LOCAL_CHAIN,
    message: 'The browser never imports the Node-only local chain (docs/architecture.md#boundaries).',
  },
];

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
  orders: ['receipts', 'validator', 'wallet'],
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
  {
    group: ['@server/*', '@web/*', '@chain/*', 'node:*', ...LOCAL_CHAIN],
    message: 'Shared code imports only shared code.',
  },
  {
    regex: '^(?:\\.\\./)+(?:server|web|chain|local-chain)(?:/|$)',
    message: 'Shared code imports only shared code, by no path (docs/architecture.md#boundaries).',
  },
];
// src/chain is the browser-safe chain package (payments, verification, fees, explorer links): it never reaches the
// Node-only local chain (src/local-chain) or Node built-ins, outside its unit tests.
const chain = [
  { group: ['@server/*', '@web/*', '**/server/**', '**/web/**'], message: 'Chain code imports only shared code.' },
];
// Its unit tests run in Node and may drive the local chain.
const NODE_ONLY =
  'src/chain runs in the browser too: no Node built-ins and no local chain (docs/architecture.md#boundaries).';
const chainProduction = [
  { group: ['node:*', ...LOCAL_CHAIN], message: NODE_ONLY },
  { regex: LOCAL_CHAIN_PATH, message: NODE_ONLY },
];
// src/local-chain is the Node-only local validator: it builds on src/chain and src/shared, and knows no app.
const localChain = [
  {
    group: ['@server/*', '@web/*', '**/server/**', '**/web/**'],
    message: 'The local chain imports only src/chain and src/shared (docs/architecture.md#boundaries).',
  },
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
/**
 * Two blocks per folder: its own rule everywhere, plus the test-support rule (and `production`, what only its
 * non-test files may not import) outside its unit tests.
 */
const boundaries = (files, patterns, ignores = [], production = []) => [
  { files, ignores, rules: restrict([...patterns, ...noSuffix]) },
  {
    files,
    ignores: [...ignores, ...TESTS],
    rules: restrict([...patterns, ...production, ...noSuffix, ...testSupport]),
  },
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
  ...boundaries(['src/chain/**/*.ts'], chain, [], chainProduction),
  ...boundaries(['src/local-chain/**/*.ts'], localChain),
  ...Object.keys(SERVER_MODULES).flatMap((name) =>
    boundaries([`src/server/modules/${name}/**/*.ts`], serverModule(name)),
  ),
  ...Object.keys(SERVER_LAYERS)
    .filter((name) => name !== 'modules')
    .flatMap((name) => boundaries([`src/server/${name}/**/*.ts`], serverLayer(name))),
  ...boundaries(['src/server/*.ts'], serverRoot),
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
