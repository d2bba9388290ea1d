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
    // Front end, three layers (docs/frontend-features.md): app/ composes features/, each feature uses shared/
    // (the API client, the session, shared UI), and shared/ imports neither. No feature imports another or the
    // app; a feature's api/ holds no UI. One rule for every folder, so a new feature is covered without an edit.
    files: ['frontend/src/features/**/*.{ts,tsx}', 'frontend/src/shared/**/*.{ts,tsx}'],
    plugins: {
      'frontend-features': {
        rules: {
          isolated: {
            meta: {
              type: 'problem',
              schema: [],
              messages: {
                crossFeature: '{{from}} may not import features/{{to}}: let the app (frontend/src/app) compose them.',
                composition: '{{from}} may not import the app (frontend/src/app): the app imports features and shared/, not the other way.',
                uiInApi: 'A feature api/ module holds no UI: let the component (or a hook beside it) show toasts and texts.',
              },
            },
            create(context) {
              const source = '/frontend/src/';
              const featureOf = (file) => /\/frontend\/src\/features\/([^/]+)\//.exec(file)?.[1];
              const own = featureOf(context.filename);
              const from = own ? `features/${own}` : 'shared/';
              const inApi = /\/frontend\/src\/features\/[^/]+\/api\//.test(context.filename);
              const srcRoot = context.filename.slice(0, context.filename.indexOf(source) + source.length);
              // A relative path, or the #web/* alias (package.json imports) for frontend/src/*.
              const resolve = (specifier) =>
                specifier.startsWith('#web/') ? `${srcRoot}${specifier.slice('#web/'.length)}` : specifier.startsWith('.') ? new URL(specifier, `file://${context.filename}`).pathname : undefined;
              const check = (node) => {
                const specifier = node.source?.value;
                const resolved = typeof specifier === 'string' ? resolve(specifier) : undefined;
                if (!resolved) return;
                const target = featureOf(resolved);
                if (target && target !== own) context.report({ node: node.source, messageId: 'crossFeature', data: { from, to: target } });
                else if (resolved.includes('/frontend/src/app/')) context.report({ node: node.source, messageId: 'composition', data: { from } });
                else if (inApi && /\/frontend\/src\/(shared\/ui\/|features\/[^/]+\/(components|pages)\/)/.test(resolved)) context.report({ node: node.source, messageId: 'uiInApi' });
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
