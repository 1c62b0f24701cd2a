import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';

const serverImport = {
  group: ['**/server/**', '**/server'],
  message: 'The web app talks to the server over HTTP only; share code through src/contract.',
};
// A module or feature is used by its siblings only through its index.ts: `../devices`, never `../devices/api`.
const siblingInternals = {
  regex: '^\\.\\./(?!\\.\\.)[^/]+/.+',
  message: "Import another module or feature through its index.ts ('../devices'), not its internals.",
};
// Factories, the fuzzer and the test helpers live in src/server/test, outside what ships.
const testImport = {
  regex: '(^|/)test(/|$)',
  message: 'Production code does not import from src/server/test (factories, fuzzer, test helpers).',
};
// What runs only under Vitest or builds the upgrade tier's fixtures.
const serverTestFiles = [
  'src/server/**/*.test.ts',
  'src/server/**/*.cluster.ts',
  'src/server/**/*.upgrade.ts',
  'src/server/test/**',
  'src/server/upgrade/**',
];
const webImport = {
  group: ['**/web/**', '**/web'],
  message: 'The server must not import the web app; share code through src/contract.',
};

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'src/server/db/migrations', 'bench/results', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [serverImport] }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [webImport] }] },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: serverTestFiles,
    rules: { 'no-restricted-imports': ['error', { patterns: [webImport, testImport] }] },
  },
  {
    // A function longer than a screen does more than one thing: split it along what its parts do.
    files: ['src/server/**/*.ts'],
    // customerDetail (customers.queries.ts) is still 98 lines.
    ignores: [...serverTestFiles, 'src/server/modules/customers/customers.queries.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
  {
    files: ['src/server/modules/*/**/*.ts'],
    // Tests may reach into any module to arrange their case.
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [webImport, testImport, siblingInternals] }] },
  },
  {
    files: ['src/web/features/*/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverImport, siblingInternals] }] },
  },
  {
    // Schemas are made with the z of src/contract/zod.ts, configured before any schema exists (jitless in browsers).
    files: ['src/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts'],
    ignores: ['src/contract/zod.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', message: 'Import z from src/contract/zod.ts (configured once).', allowTypeImports: true },
          ],
        },
      ],
    },
  },
  {
    // Import cycles make modules impossible to read or test apart.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'import/ignore': ['node_modules'],
      'import/extensions': ['.ts', '.tsx', '.js'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The contract is shared by both sides and may depend on nothing but zod.
    files: ['src/contract/**/*.ts'],
    // Tests of the contract run in Vitest; the rule guards what ships.
    ignores: ['src/contract/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverImport,
            webImport,
            { regex: '^(?!zod$|\\./[^/]+$)', message: 'src/contract imports only zod and itself.' },
          ],
        },
      ],
    },
  },
);
