import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint rule that keeps the front end's features apart (eslint.config.js, frontend-features/isolated),
 * run as `npm run lint` runs it on files that are not on disk: a feature may use its own folder and shared/,
 * never another feature nor the app; shared/ uses no feature and not the app; the app composes them all.
 */
const repoRoot = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: repoRoot });

async function isolationReports(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'frontend-features/isolated').map((message) => message.message);
}

describe('no front-end feature imports another', { timeout: 30_000 }, () => {
  it('reports a static, re-exported or lazy import of another feature', async () => {
    const probe = 'frontend/src/features/account/components/LintProbe.tsx';
    expect(await isolationReports(probe, "import { SubscribeForm } from '../../newsletter/components/SubscribeForm.tsx';\nexport const form = SubscribeForm;\n")).toEqual([
      'features/account may not import features/newsletter: let the app (frontend/src/app) compose them.',
    ]);
    expect(await isolationReports(probe, "export { useBookmarks } from '../../reader/api/relations.ts';\n")).toEqual([expect.stringContaining('features/reader')]);
    expect(await isolationReports(probe, "export const load = () => import('../../donate/components/RevenueWidget.tsx');\n")).toEqual([expect.stringContaining('features/donate')]);
  });

  it('reports shared/ that imports a feature, by a relative path or the #web alias', async () => {
    expect(await isolationReports('frontend/src/shared/ui/LintProbe.tsx', "import { fetchArticles } from '../../features/reader/api/articles.ts';\nexport const load = fetchArticles;\n")).toEqual([
      'shared/ may not import features/reader: let the app (frontend/src/app) compose them.',
    ]);
    expect(await isolationReports('frontend/src/shared/api/LintProbe.ts', "import { fetchArticles } from '#web/features/reader/api/articles.ts';\nexport const load = fetchArticles;\n")).toEqual([
      expect.stringContaining('features/reader'),
    ]);
  });

  it('reports a feature or shared/ that imports the app, the composition root', async () => {
    expect(await isolationReports('frontend/src/features/reader/pages/LintProbe.tsx', "import { Header } from '#web/app/Header.tsx';\nexport const part = Header;\n")).toEqual([
      'features/reader may not import the app (frontend/src/app): the app imports features and shared/, not the other way.',
    ]);
    expect(await isolationReports('frontend/src/shared/ui/LintProbe.tsx', "import { useTheme } from '../../app/theme.ts';\nexport const part = useTheme;\n")).toEqual([
      expect.stringContaining('may not import the app'),
    ]);
  });

  it("reports UI in a feature's api/ module: toasts belong to the component", async () => {
    const probe = 'frontend/src/features/reader/api/lintProbe.ts';
    expect(await isolationReports(probe, "import { useToast } from '#web/shared/ui/Toasts.tsx';\nexport const hook = useToast;\n")).toEqual([
      'A feature api/ module holds no UI: let the component (or a hook beside it) show toasts and texts.',
    ]);
    expect(await isolationReports(probe, "import { CardGrid } from '../components/articles/CardGrid.tsx';\nexport const grid = CardGrid;\n")).toEqual([expect.stringContaining('holds no UI')]);
    expect(await isolationReports(probe, "import { meCall } from '#web/shared/api/meCall.ts';\nexport const call = meCall;\n")).toEqual([]);
  });

  it('allows the own feature and shared/, and lets the app compose features', async () => {
    const probe = 'frontend/src/features/account/pages/LintProbe.tsx';
    const code = [
      "import { useProfile } from '../api/profile.ts';",
      "import { useAuth } from '#web/shared/auth/AuthProvider.tsx';",
      "import { ListError } from '../../../shared/ui/ListError.tsx';",
      'export const parts = [useProfile, useAuth, ListError];',
      '',
    ].join('\n');
    expect(await isolationReports(probe, code)).toEqual([]);
    expect(await isolationReports('frontend/src/app/LintProbe.tsx', "export const load = () => import('../features/donate/pages/DonatePage.tsx');\n")).toEqual([]);
  });
});
