import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.e2e/',
      'data/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'src/server/db/migrations/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
      'import-x/no-cycle': 'error',
      // STYLE.md rule 1: one-way imports.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/shared',
              from: ['./src/server', './src/client'],
              message: 'shared imports nothing of ours',
            },
            {
              target: './src/client',
              from: './src/server',
              message: 'the client never imports the server; share types through src/shared',
            },
            { target: './src/server', from: './src/client', message: 'the server never imports the client' },
            ...[
              'auth',
              'dashboard',
              'placeholder',
              'properties',
              'tasks',
              'visits',
              'invoices',
              'photos',
              'notes',
              'profiles',
              'admin',
              'debug',
            ].map((area) => ({
              target: `./src/client/features/${area}`,
              from: './src/client/features',
              except: [`./${area}`],
              message:
                'a feature does not import another feature; compose them in router.tsx or move the piece to components/',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['tests/**', 'scripts/**', 'bench/**'],
    rules: { 'no-empty-pattern': 'off', 'react-hooks/rules-of-hooks': 'off' },
  },
);
