// ESLint for the web app: `npm run lint` (no warnings allowed). Types are checked by `npm run
// typecheck` (TypeScript 7), so these rules run on syntax alone and stay quick.
import fs from 'node:fs';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every folder under src/features is a feature; a new one is fenced in without editing this file.
const features = fs
  .readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The layering of bulletproof-react: shared layers (components/, lib/, config/) below features,
// features below the app. Only the app composes features; a piece two features need moves down
// to components/ or lib/. src/architecture.test.ts asserts the same rule in `npm test`.
const zones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other: move what both need to components/ or lib/, or compose them in app/.',
  })),
  {
    target: './src/features',
    from: './src/app',
    message: 'Features do not import the app: the app imports features.',
  },
  {
    target: ['./src/components', './src/lib', './src/config'],
    from: ['./src/features', './src/app'],
    message: 'Shared code imports no feature and no app code.',
  },
];

export default defineConfig([
  globalIgnores(['dist/', 'test-results/', 'src/gql/']),

  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },

  {
    // Browser tests: the callbacks handed to page.evaluate run in the page.
    files: ['e2e/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },

  {
    files: ['**/*.{ts,tsx}'],
    extends: [
      js.configs.recommended,
      tseslint.configs.recommended,
      reactHooks.configs.flat['recommended-latest'],
      pluginQuery.configs['flat/recommended-strict'],
    ],
    plugins: { 'import-x': importX },
    languageOptions: { globals: globals.browser },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      // The GraphQL client is the session's: the whole cache is cleared when the user changes
      // (lib/session.tsx), so it is no part of any key.
      '@tanstack/query/exhaustive-deps': ['error', { allowlist: { variables: ['client'] } }],
      // Unused names fail the type check already (noUnusedLocals); a leading _ marks one kept on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },

  {
    // Node code: the Vite and codegen configs.
    files: ['vite.config.ts', 'codegen.ts'],
    languageOptions: { globals: globals.node },
  },
]);
