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
// A feature uses the kit and the data layer as a whole: `../../ui`, never `../../ui/chart/Chart`.
const kitInternals = {
  regex: '^(\\.\\./)+(ui|lib/data)/.+',
  message: "Import the kit through its index.ts ('../../ui') and the data layer through lib/data/index.ts.",
};
// The kit knows no domain: it may use these contract modules, which describe how any endpoint, page of rows,
// error, CSV cell or bulk action looks (and zod and the primitives they are made of), and no other.
const KIT_CONTRACT = ['endpoint', 'errors', 'pagination', 'csv', 'bulk', 'list-filters', 'primitives', 'zod'];
const kitBoundary = [
  {
    regex: '^(\\.\\./)+features(/|$)',
    message: 'The kit knows no feature: move the component into its feature and share it through its index.ts.',
  },
  {
    regex: '^(\\.\\./)+(app|paths|router)(/|$)',
    message: 'The kit knows no page: take the href or the entry as a prop.',
  },
  {
    regex: `^(\\.\\./)+contract/(?!(${KIT_CONTRACT.join('|')})$)`,
    message: 'The kit knows no domain: take the data or the endpoint as a prop, or move the code into its feature.',
  },
  {
    regex: '^(\\.\\./)+charts/(?!(echarts|picture|donut)$)',
    message:
      'The kit knows no domain: of src/charts it uses only the chart library, the picture and the donut (ADRs 057, 060).',
  },
];
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
    files: ['src/**/*.{ts,tsx}'],
    ignores: [...serverTestFiles, 'src/**/*.test.{ts,tsx}', 'src/web/test/**'],
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
    rules: { 'no-restricted-imports': ['error', { patterns: [serverImport, siblingInternals, kitInternals] }] },
  },
  {
    // A feature's feature.ts is in the first download: its pages load with import(), and a static import of its own
    // modules, the kit or another feature would bring them (and all they import) into that download.
    files: ['src/web/features/*/feature.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.(?!\\./\\.\\./(paths|app/feature)$)',
              message: 'feature.ts imports only paths.ts and app/feature.ts; load pages with import().',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/ui/**/*.{ts,tsx}'],
    // Tests may take a real endpoint as their example.
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverImport, ...kitBoundary] }] },
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
    // Import cycles make modules impossible to read or test apart. A cycle through a lazy import is allowed: a
    // feature's index.ts declares its pages as `import('./SomePage')`, run after every static import has loaded,
    // so two features whose pages use each other's widgets never meet a half-initialised module.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'import/ignore': ['node_modules'],
      'import/extensions': ['.ts', '.tsx', '.js'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }] },
  },
  {
    // The charts the page draws and the server pictures are built by the same code: it runs in both, so it imports
    // neither side, nor anything that needs a DOM (ADR 057).
    files: ['src/charts/**/*.ts'],
    ignores: ['src/charts/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverImport,
            webImport,
            { group: ['react', 'react-dom', 'react/*', '@mantine/*'], message: 'src/charts runs on the server too.' },
          ],
        },
      ],
    },
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
