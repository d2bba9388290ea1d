import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { noNodeBuiltinsInBrowser } from './eslint-rules/browser-safe-imports.js';
import { handlersReadTheStoreOnly } from './eslint-rules/handlers-read-the-store-only.js';

export default tseslint.config(
  { ignores: ['node_modules', 'cdk.out', 'frontend/dist', '.local'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.object.name='process'][object.property.name='env']",
          message: 'Read the environment once, in a config module (lambdas/core/config.ts or lib/local/ports.ts).',
        },
        {
          // esbuild cannot tree-shake zod's `export * as z`: `{ z }` puts all of zod's locales (~350 KB) in each Lambda.
          selector: "ImportDeclaration[source.value='zod'] > ImportSpecifier[imported.name='z']",
          message: "Write `import * as z from 'zod'` (zod's own advice): `import { z }` bundles every zod locale.",
        },
      ],
    },
  },
  {
    files: ['lambdas/core/config.ts', 'lib/local/**', 'bin/**', 'test/**', 'frontend/vite.config.ts', 'vitest.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Per file, a ban would miss frontend -> lambdas/domain -> node:crypto; this rule follows the imports.
    // Which layer may import which (domain free of AWS included) is .dependency-cruiser.cjs, also run by `npm run lint`.
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { 'browser-safe': { rules: { 'no-node-builtins': noNodeBuiltinsInBrowser } } },
    rules: { 'browser-safe/no-node-builtins': 'error' },
  },
  {
    // A handler reads the store or calls a service; a store write is a use case and lives in lambdas/services/.
    files: ['lambdas/http/**/*.ts'],
    plugins: { handlers: { rules: { 'read-the-store-only': handlersReadTheStoreOnly } } },
    rules: { 'handlers/read-the-store-only': 'error' },
  },
  {
    // Front end: no feature imports another, and shared UI (components/) imports no feature; the app composes
    // them (DESIGN.md section 3). A feature's api/ holds no UI. One rule for every feature folder, so a new feature is covered without an edit.
    files: ['frontend/src/features/**/*.{ts,tsx}', 'frontend/src/components/**/*.{ts,tsx}'],
    plugins: {
      'frontend-features': {
        rules: {
          isolated: {
            meta: {
              type: 'problem',
              schema: [],
              messages: {
                crossFeature: '{{from}} may not import features/{{to}}: let the app (frontend/src/app) compose them.',
                uiInApi: 'A feature api/ module holds no UI: let the component (or a hook beside it) show toasts and texts.',
              },
            },
            create(context) {
              const featureOf = (file) => /\/frontend\/src\/features\/([^/]+)\//.exec(file)?.[1];
              const own = featureOf(context.filename);
              const from = own ? `features/${own}` : 'Shared UI (components/)';
              const inApi = /\/frontend\/src\/features\/[^/]+\/api\//.test(context.filename);
              const check = (node) => {
                const specifier = node.source?.value;
                if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
                const resolved = new URL(specifier, `file://${context.filename}`).pathname;
                const target = featureOf(resolved);
                if (target && target !== own) context.report({ node: node.source, messageId: 'crossFeature', data: { from, to: target } });
                else if (inApi && /\/frontend\/src\/(components\/|features\/[^/]+\/(components|pages)\/)/.test(resolved)) context.report({ node: node.source, messageId: 'uiInApi' });
              };
              return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
            },
          },
        },
      },
    },
    rules: { 'frontend-features/isolated': 'error' },
  },
);
