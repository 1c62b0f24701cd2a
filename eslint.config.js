import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const serverImport = {
  group: ['**/server/**', '**/server'],
  message: 'The web app talks to the server over HTTP only; share code through src/contract.',
};
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
