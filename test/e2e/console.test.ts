import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { local, signedInUser, useLocalAws } from '../support/aws.ts';
import { seriousViolations } from '../support/axe.ts';
import { useChromium } from '../support/browser.ts';
import type { ApiAnswer } from '#http/answers.ts';
import { callApi, newConsolePage, openConsole, tokenOf } from '../support/console.ts';
import { expectMenuItemsClickable } from '../support/menus.ts';
import { countArticlesInTable } from '../support/store-counts.ts';
import { testArticle } from '../support/articles.ts';

/** The console shell, dashboard, review queue, lifecycle and audit screens in Chromium against the runtime `npm start` runs. */
const chromium = useChromium();
/** expect.poll gives up after 1 s by default; screens under a loaded CI machine need longer. */
const SLOW = { timeout: 20_000 };
let moderator: { email: string; password: string };

beforeAll(async () => {
  useLocalAws();
  moderator = { email: (await signedInUser(['moderator'])).email, password: 'Reader-Pass-2026' };
});

const consolePage = (path: string, who?: { email: string; password: string }): Promise<Page> => newConsolePage(chromium.browser, path, { who });

describe('the console shell', () => {
  it('sends a guest to /auth and back to the screen asked for after signing in', async () => {
    const page = await chromium.browser.newPage();
    await page.goto(`${local().urls.site}/admin/content/review`);
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('redirect') === '/admin/content/review');
    await page.getByText('Admin access required for content management').waitFor();
    await page.getByLabel('Email').fill(local().admin.email);
    await page.getByLabel('Password').fill(local().admin.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
    await page.getByRole('heading', { name: 'Admin Review Queue' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/content/review');
    await page.close();
  });

  it('tells a signed-in reader that admin privileges are required, as the server does', async () => {
    const page = await chromium.browser.newPage();
    await openConsole(page, '/admin', { email: (await signedInUser()).email, password: 'Reader-Pass-2026' });
    await page.getByText('Access denied. Admin privileges required.').waitFor();
    await page.close();
  });

  it('gives a moderator the review queue and article reading, and the server refuses the admin routes', async () => {
    const page = await consolePage('/admin', moderator);
    // The dashboard is an admin's: a moderator lands on the review queue.
    await page.getByRole('heading', { name: 'Admin Review Queue' }).waitFor();
    const navigation = page.getByRole('navigation', { name: 'Console navigation' }).or(page.locator('nav').filter({ hasText: 'Review Queue' })).first();
    await expect(navigation.getByRole('link', { name: 'Review Queue' }).count()).resolves.toBe(1);
    await expect(navigation.getByRole('link', { name: 'Topics', exact: true }).count()).resolves.toBe(1);
    await expect(navigation.getByRole('link', { name: 'RSS Feeds' }).count()).resolves.toBe(0);
    await expect(navigation.getByRole('link', { name: 'Pipeline Control' }).count()).resolves.toBe(0);
    await page.goto(`${local().urls.site}/admin/system/pipeline`);
    await page.getByText('Access denied. Admin privileges required.').waitFor();
    const token = await tokenOf(page);
    for (const path of ['/admin/dashboard', '/admin/feeds', '/admin/pipeline/executions', '/admin/audit', '/admin/lifecycle']) {
      expect((await callApi(token, 'GET', path)).status, path).toBe(403);
    }
    expect((await callApi(token, 'POST', '/admin/article-actions', { ids: ['x'], action: 'delete' })).status).toBe(403);
    expect((await callApi(token, 'GET', '/admin/review')).status).toBe(200);
    expect((await callApi(token, 'GET', '/admin/topics')).status).toBe(200);
    await page.close();
  });

  it('toggles the sidebar with Ctrl+B and keeps the state in a cookie for 7 days', async () => {
    const page = await consolePage('/admin');
    await page.getByRole('heading', { name: 'Dashboard Overview' }).waitFor();
    const sideLink = page.getByRole('link', { name: 'Review Queue' });
    await sideLink.first().waitFor();
    await page.keyboard.press('Control+b');
    await expect.poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === 'cnh_sidebar')?.value, SLOW).toBe('closed');
    const cookie = (await page.context().cookies()).find((entry) => entry.name === 'cnh_sidebar');
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(6.9 * 86_400);
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard Overview' }).waitFor();
    await expect.poll(() => sideLink.first().isVisible(), SLOW).toBe(false);
    await page.keyboard.press('Control+b');
    await expect.poll(() => sideLink.first().isVisible(), SLOW).toBe(true);
    await page.close();
  });

  it('shows the breadcrumbs and the area title of the path', async () => {
    const page = await consolePage('/admin/content/lifecycle/manual');
    await page.getByRole('heading', { name: 'Manual Controls' }).waitFor();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    await expect(crumbs.textContent()).resolves.toMatch(/Home.*Content.*Lifecycle Management.*Manual Controls/);
    // TopNavigation keeps a hidden copy of itself to measure overflow: look at the visible one.
    await page.locator(':text-is("Content Management"):visible').waitFor();
    await page.close();
  });
});

describe('the dashboard', () => {
  it('shows the figures the store holds', async () => {
    const page = await consolePage('/admin');
    await page.getByTestId('card-published').waitFor();
    const counted = await countArticlesInTable();
    const number = async (testId: string) => Number((await page.getByTestId(testId).textContent())?.replace(/[^\d]/g, ''));
    const all = Object.values(counted.byStatus).reduce((a, b) => a + b, 0);
    expect(await number('card-published')).toBe(counted.byStatus.published);
    expect(await number('card-total')).toBe(all - (counted.byStatus.purged ?? 0));
    expect(await number('funnel-extracted')).toBe(all);
    expect(await number('funnel-review')).toBe(counted.byAdminStatus.pending_review ?? 0);
    for (const bucket of ['high', 'medium', 'low', 'failed'] as const) expect(await number(`confidence-${bucket}`), bucket).toBe(counted.byConfidence[bucket]);
    expect(counted.byStatus.published).toBeGreaterThan(0);
    // What readers can open: the public rule over every published article in the table.
    const { listArticlesByStatus } = await import('#store/article-lists.ts');
    const { isPublicArticle } = await import('#domain/reader/public-articles.ts');
    const published = (await listArticlesByStatus('published', { limit: 500 })).items;
    const visible = published.filter((article) => isPublicArticle(article)).length;
    expect(await page.getByTestId('card-published-visible').textContent()).toBe(`${counted.byStatus.published} published · ${visible} visible to readers`);
    await page.close();
  });
});

describe('the review queue', () => {
  it('approves into a corrected category and rejects as low quality, the stats following', async () => {
    // The classifier decides the fixture feeds' clear-cut stories itself; two uncertain drafts are queued here.
    const { createArticle } = await import('#store/articles.ts');
    const { reviewSortKey } = await import('#domain/content/article-status.ts');
    for (const relevanceScore of [48, 56]) {
      await createArticle(testArticle({ status: 'draft', adminStatus: 'pending_review', relevanceScore, reviewPriority: 'MEDIUM', reviewSort: reviewSortKey('MEDIUM', relevanceScore) }));
    }
    const page = await consolePage('/admin/content/review', moderator);
    const pending = async () => Number(await page.getByTestId('stat-pending').textContent());
    await expect.poll(pending, SLOW).toBeGreaterThan(1);
    const before = await pending();
    const first = page.getByRole('button', { name: /^Approve / }).first();
    const title = (await first.getAttribute('aria-label'))?.replace(/^Approve /, '') ?? '';
    await page.getByRole('button', { name: `Category for ${title}` }).click();
    await expectMenuItemsClickable(page.getByRole('option'));
    await page.getByRole('option', { name: 'Industry Insights' }).click();
    await first.click();
    await page.getByText('Article Approved').waitFor();
    await expect.poll(pending, SLOW).toBe(before - 1);

    await page.getByRole('button', { name: /^Reject / }).first().click();
    await page.getByRole('radio', { name: /Low quality/ }).check();
    await page.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
    await page.getByText('Article Rejected').waitFor();
    await expect.poll(pending, SLOW).toBe(before - 2);

    const { getArticle } = await import('#store/articles.ts');
    const token = await tokenOf(page);
    const audit = await callApi<ApiAnswer<'GET /admin/audit'>>((await signedInUser(['admin'])).idToken, 'GET', '/admin/audit?limit=5');
    const approved = audit.body.items.find((entry) => entry.action === 'review.approve');
    expect(await getArticle(approved!.target)).toMatchObject({ status: 'published', category: 'industry-insights', title });
    expect(token).toBeTruthy();
    await page.close();
  });
});

describe('lifecycle and audit screens', () => {
  it('shows the lifecycle analytics from the store and the audit log of the changes above', async () => {
    const page = await consolePage('/admin/content/lifecycle');
    await page.getByTestId('lc-archived').waitFor();
    expect(Number(await page.getByTestId('lc-archived').textContent())).toBe((await countArticlesInTable()).byStatus.archived);
    // Run Lifecycle Manager: a lifecycle execution, followed to its end, then recorded among the runs.
    const runsShown = async () => Number(/\((\d+)\)/.exec((await page.getByRole('heading', { name: /^Runs/ }).textContent()) ?? '')?.[1]);
    const runsBefore = await runsShown();
    await page.getByRole('button', { name: 'Run Lifecycle Manager' }).click();
    await page.getByText('Lifecycle Management Complete').waitFor({ timeout: 60_000 });
    await expect.poll(runsShown, SLOW).toBe(Math.min(10, runsBefore + 1));
    await page.goto(`${local().urls.site}/admin/system/audit`);
    // The newest entry is the lifecycle run just started here, by this admin.
    await page.getByRole('row').filter({ hasText: 'execution.start' }).filter({ hasText: local().admin.email }).first().waitFor();
    await page.close();
  });
});

describe('accessibility', () => {
  it.each([
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ])('has no serious axe violations on any console screen at $width px', { timeout: 150_000 }, async (viewport) => {
    const page = await chromium.browser.newPage({ viewport });
    await openConsole(page, '/admin');
    await page.getByTestId('card-published').waitFor();
    for (const [path, heading] of [
      ['/admin', 'Dashboard Overview'],
      ['/admin/content/review', 'Admin Review Queue'],
      ['/admin/content/lifecycle', 'Article Lifecycle Management'],
      ['/admin/content/lifecycle/manual', 'Manual Controls'],
      ['/admin/system/audit', 'Audit Log'],
      ['/admin/content/articles', 'Article Management'],
      ['/admin/content/articles/new', 'Add Article'],
      ['/admin/content/summary-fix', 'Summary Manager'],
      ['/admin/content/rss', /^RSS Feed Management/],
      ['/admin/system/pipeline', 'Pipeline Control'],
    ] as const) {
      await page.goto(`${local().urls.site}${path}`);
      await page.getByRole('heading', { name: heading }).waitFor();
      await page.waitForLoadState('networkidle');
      // Cloudscape's own phone toolbar puts aria-orientation on a <nav> (app-layout/visual-refresh/mobile-toolbar.js
      // in 3.0.1383); nothing in this project's markup can remove it, so that one finding is set aside.
      const violations = (await seriousViolations(page)).filter(
        (violation) => !(violation.id === 'aria-allowed-attr' && violation.targets.every((target) => target.includes('mobile-toolbar-nav'))),
      );
      expect(violations, `${path} at ${viewport.width}px`).toEqual([]);
    }
    await page.close();
  });
});
