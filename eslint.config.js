import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The browser never imports server code, and shared code never imports either side.
      'no-restricted-imports': ['error', { patterns: ['@server/*', '**/server/**'] }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@server/*', '@web/*', '@chain/*', 'node:*'] }] },
  },
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
