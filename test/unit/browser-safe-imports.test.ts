import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint rule that keeps Node built-ins out of the browser (eslint-rules/browser-safe-imports.js), run
 * as `npm run lint` runs it, on a browser file that is not on disk: it follows imports into the repository.
 */
const repoRoot = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: repoRoot });

async function builtinReports(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, 'frontend/src/lint-probe.tsx') });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'browser-safe/no-node-builtins').map((message) => message.message);
}

// The first lint loads typescript-eslint and reads the imported modules: seconds on a busy machine.
describe('no Node built-in in what the browser loads', { timeout: 30_000 }, () => {
  it('reports a built-in imported directly, with or without node:', async () => {
    expect(await builtinReports("import { createHash } from 'node:crypto';\nexport const hash = createHash;\n")).toEqual([expect.stringContaining("'node:crypto'")]);
    expect(await builtinReports("import fs from 'fs';\nexport const read = fs.readFileSync;\n")).toEqual([expect.stringContaining("'fs'")]);
  });

  it('reports a built-in reached through a shared module, naming the path, also by dynamic import()', async () => {
    expect(await builtinReports("import { urlHash } from '#domain/content/dedup.ts';\nexport const hash = urlHash;\n")).toEqual([
      expect.stringContaining('frontend/src/lint-probe.tsx -> lambdas/domain/content/dedup.ts -> node:crypto'),
    ]);
    expect(await builtinReports("export const load = () => import('../../lambdas/services/link-tokens.ts');\n")).toEqual([expect.stringContaining('lambdas/services/link-tokens.ts -> node:crypto')]);
  });

  it('lets pure modules and type-only imports through (types are erased before the browser sees them)', async () => {
    expect(await builtinReports("import { FREQUENCIES } from '#domain/newsletter/newsletter.ts';\nimport type { LinkPayload } from '../../lambdas/services/link-tokens.ts';\nexport const pick = (payload: LinkPayload) => [payload, FREQUENCIES];\n")).toEqual([]);
  });

  it('lets a screen import an answer type from a handler that uses Node, only as `import type`', async () => {
    // lambdas/http/admin/articles.ts reaches node:crypto; its answer types are erased, the module is not loaded.
    expect(await builtinReports("import type { ApiAnswer } from '#http/answers.ts';\nimport type { listArticles } from '#http/admin/articles.ts';\nexport type Page = ApiAnswer<'GET /admin/articles'> | typeof listArticles;\n")).toEqual([]);
    expect(await builtinReports("export type { ApiAnswer } from '#http/answers.ts';\n")).toEqual([]);
    // `import { type X }` keeps the import under verbatimModuleSyntax: the browser would load the handler.
    expect(await builtinReports("import { type listArticles } from '#http/admin/articles.ts';\nexport type Page = typeof listArticles;\n")).toEqual([
      expect.stringMatching(/frontend\/src\/lint-probe\.tsx -> lambdas\/http\/admin\/articles\.ts -> .*node:crypto/),
    ]);
  });
});
