import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { noNodeBuiltinsInBrowser } from './eslint-rules/browser-safe-imports.js';

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
          message: 'Read the environment once, in a config module (lambdas/shared/core/config.ts or lib/local/ports.ts).',
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
    files: ['lambdas/shared/core/config.ts', 'lib/local/**', 'bin/**', 'test/**', 'frontend/vite.config.ts', 'vitest.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Per file, a ban would miss frontend -> lambdas/domain -> node:crypto; this rule follows the imports.
    // Which layer may import which (domain free of AWS included) is .dependency-cruiser.cjs, also run by `npm run lint`.
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { 'browser-safe': { rules: { 'no-node-builtins': noNodeBuiltinsInBrowser } } },
    rules: { 'browser-safe/no-node-builtins': 'error' },
  },
);
