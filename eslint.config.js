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
