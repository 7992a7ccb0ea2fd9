import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SERVER_MODULES = readdirSync('./src/server/modules');

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
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    // Relative imports without extensions, resolved like the bundler does.
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      'import/ignore': ['node_modules'],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
      // STYLE.md rule 1: one-way imports.
      'import/no-restricted-paths': [
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
              // The route contract's type (STYLE.md rule 17); the rule below keeps it type-only.
              except: ['./api-routes.ts'],
              message: 'the client never imports the server; share types through src/shared',
            },
            { target: './src/server', from: './src/client', message: 'the server never imports the client' },
            // Layers of the client (ARCHITECTURE.md): features → shell → components → api → lib → shared.
            // Nothing below features imports a feature; each layer imports only the ones below it.
            ...['components', 'api', 'shell', 'lib'].map((layer) => ({
              target: `./src/client/${layer}`,
              from: './src/client/features',
              message: `${layer}/ is shared by every feature and never imports one; move the piece down or compose in router.tsx`,
            })),
            {
              target: './src/client/components',
              from: './src/client/shell',
              message: 'components/ do not import the shell',
            },
            {
              target: './src/client/api',
              from: ['./src/client/shell', './src/client/components'],
              message: 'the data layer (api/) knows no UI',
            },
            {
              target: './src/client/lib',
              from: ['./src/client/shell', './src/client/components', './src/client/api'],
              message: 'lib/ holds framework-free helpers and imports only shared',
            },
            // One feature does not import another's files; imports inside a feature stay allowed.
            ...readdirSync('./src/client/features').map((area) => ({
              target: `./src/client/features/${area}`,
              from: './src/client/features',
              except: [`./${area}`],
              message:
                'a feature does not import another feature; compose them in router.tsx, or move the piece to components/ or api/',
            })),
            // Server modules: the rest of the server reaches a module only through its
            // index.ts (routes, and what other modules need); its other files are its own.
            ...SERVER_MODULES.map((area) => ({
              target: [
                './src/server/*.ts',
                ...readdirSync('./src/server', { withFileTypes: true })
                  .filter((entry) => entry.isDirectory() && entry.name !== 'modules')
                  .map((entry) => `./src/server/${entry.name}`),
                ...SERVER_MODULES.filter((other) => other !== area).map((other) => `./src/server/modules/${other}`),
              ],
              from: `./src/server/modules/${area}`,
              except: ['./index.ts'],
              message: `import modules/${area} through its index.ts, not its files`,
            })),
          ],
        },
      ],
    },
  },
  {
    // The client may name the server's route contract (`ApiRoutes`) as a type, and nothing more: a
    // value import would bundle the server into the browser's script.
    files: ['src/client/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/api-routes'],
              allowTypeImports: true,
              message: 'the client imports the route contract as a type only (import type { ApiRoutes })',
            },
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
