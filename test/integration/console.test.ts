import { beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, useLocalAws } from '../support/aws.ts';
import { testArticle } from '../support/articles.ts';
import { callApi } from '../support/console.ts';
import { countArticlesInTable } from '../support/store-counts.ts';
import type { ApiAnswer } from '#http/answers.ts';

/** The console's shell, dashboard, review stats, lifecycle and audit routes, through the local gateway. */
let admin: string;
let moderator: string;
let reader: string;

beforeAll(async () => {
  useLocalAws();
  [admin, moderator, reader] = await Promise.all([signedInUser(['admin']), signedInUser(['moderator']), signedInUser()]).then((users) => users.map((user) => user.idToken));
});

const ADMIN_ONLY = [
  ['GET', '/admin/dashboard'],
  ['GET', '/admin/audit'],
  ['GET', '/admin/lifecycle'],
  ['POST', '/admin/lifecycle/cleanup-auto-rejected'],
] as const;

describe('who may call the console', () => {
  it('answers guests 401, readers 403, moderators 403 on admin routes, with the spec texts', async () => {
    for (const [method, path] of ADMIN_ONLY) {
      expect((await callApi(undefined, method, path)).status, `${method} ${path}`).toBe(401);
      expect(await callApi(reader, method, path), `${method} ${path}`).toEqual({ status: 403, body: { message: 'Access denied. Admin privileges required.' } });
      expect((await callApi(moderator, method, path)).status, `${method} ${path}`).toBe(403);
    }
  });

  it('tells the shell the role the server sees: moderators and admins, never readers', async () => {
    expect(await callApi(moderator, 'GET', '/admin/session')).toMatchObject({ status: 200, body: { role: 'moderator' } });
    expect(await callApi(admin, 'GET', '/admin/session')).toMatchObject({ status: 200, body: { role: 'admin' } });
    expect(await callApi(reader, 'GET', '/admin/session')).toEqual({ status: 403, body: { message: 'Access denied. Moderator or admin privileges required.' } });
    expect((await callApi(undefined, 'GET', '/admin/session')).status).toBe(401);
  });
});

describe('the dashboard', () => {
  it('shows the figures the table holds: statuses, the funnel by confidence bucket, rates', async () => {
    const { status, body } = await callApi<ApiAnswer<'GET /admin/dashboard'>>(admin, 'GET', '/admin/dashboard');
    expect(status).toBe(200);
    const counted = await countArticlesInTable();
    expect(body.byStatus).toEqual(counted.byStatus);
    const all = Object.values(counted.byStatus).reduce((a, b) => a + b, 0);
    expect(body.funnel.extracted).toBe(all);
    expect(body.cards.totalArticles).toBe(all - (counted.byStatus.purged ?? 0));
    expect(body.cards.published).toBe(counted.byStatus.published);
    expect(body.funnel.classified).toEqual(counted.byConfidence);
    expect(body.funnel.draftsWaiting).toBe(counted.byAdminStatus.unclassified ?? 0);
    expect(body.funnel.pendingReview).toBe(counted.byAdminStatus.pending_review ?? 0);
    const { published = 0, rejected = 0, draft = 0 } = counted.byStatus;
    expect(body.cards.publishRate).toBeCloseTo(published / (published + rejected));
    expect(body.cards.processingRate).toBeCloseTo((all - draft) / all);
    // The first ingest ran at start: a run today, and something published.
    expect(body.cards.runsToday).toBeGreaterThanOrEqual(1);
    expect(published).toBeGreaterThan(0);
    expect(['healthy', 'warning', 'critical']).toContain(body.health.status);
    expect(body.health.reasons.length).toBeGreaterThan(0);
    expect(body.health.passing).toBeLessThanOrEqual(body.health.total);
  });

  it('says how many published articles readers can open: the public rule applied to every published article', async () => {
    const { listArticlesByStatus } = await import('#store/article-lists.ts');
    const { isPublicArticle } = await import('#domain/reader/public-articles.ts');
    let visible = 0;
    let cursor: string | null = null;
    do {
      const page = await listArticlesByStatus('published', { limit: 200, cursor });
      visible += page.items.filter((article) => isPublicArticle(article)).length;
      cursor = page.cursor;
    } while (cursor);
    const { body } = await callApi<ApiAnswer<'GET /admin/dashboard'>>(admin, 'GET', '/admin/dashboard');
    expect(body.cards.visibleToReaders).toBe(visible);
    expect(body.cards.notVisibleBecause === '').toBe(visible === body.cards.published);
  });

  it('answers the same health on the dashboard, Operations and Recovery (one model, one set of figures)', async () => {
    type Health = Pick<ApiAnswer<'GET /admin/dashboard'>, 'health'>;
    const [dashboard, operations, recovery] = await Promise.all([
      callApi<Health>(admin, 'GET', '/admin/dashboard'),
      callApi<Health>(admin, 'GET', '/admin/operations'),
      callApi<Health>(admin, 'GET', '/admin/recovery'),
    ]);
    const verdict = (answer: typeof dashboard) => ({ status: answer.body.health.status, checks: answer.body.health.checks.map((check) => `${check.id}:${check.status}`) });
    expect(verdict(operations)).toEqual(verdict(dashboard));
    expect(verdict(recovery)).toEqual(verdict(dashboard));
    expect(dashboard.body.health.checks.map((check) => check.id)).toEqual(['content', 'throughput', 'drafts', 'classifier', 'feed-alerts', 'open-alerts', 'functions']);
  });

  it('counts accounts as active users, as the profiles in the table', async () => {
    const { listUsersForConsole } = await import('#store/read-models/user-admin.ts');
    let profiles = 0;
    let cursor: string | null = null;
    do {
      const page = await listUsersForConsole({ tab: 'all', limit: 100, cursor });
      profiles += page.items.length;
      cursor = page.cursor;
    } while (cursor);
    const { body } = await callApi<ApiAnswer<'GET /admin/dashboard'>>(admin, 'GET', '/admin/dashboard');
    expect(body.cards.activeUsers).toBe(profiles);
  });
});

describe('the review queue', () => {
  it('gives stats that match the queue, and a rejection for low quality is labelled apart from an off-topic one', async () => {
    type Queue = ApiAnswer<'GET /admin/review'>;
    // The classifier decides the fixture feeds' clear-cut stories itself; two uncertain drafts are queued here.
    const { createArticle } = await import('#store/articles.ts');
    const { reviewSortKey } = await import('#domain/content/article-status.ts');
    for (const relevanceScore of [45, 55]) {
      await createArticle(testArticle({ status: 'draft', adminStatus: 'pending_review', relevanceScore, reviewPriority: 'MEDIUM', reviewSort: reviewSortKey('MEDIUM', relevanceScore) }));
    }
    const queue = (await callApi<Queue>(moderator, 'GET', '/admin/review?limit=100')).body.items;
    const stats = await callApi<ApiAnswer<'GET /admin/review/stats'>>(moderator, 'GET', '/admin/review/stats');
    expect(stats.status).toBe(200);
    expect(stats.body.pendingReview).toBe(queue.length);
    expect(stats.body.highPriority).toBe(queue.filter((item) => item.priorityLevel === 'HIGH').length);
    if (queue.length) expect(stats.body.avgRelevanceScore).toBe(Math.round(queue.reduce((sum, item) => sum + (item.relevanceScore ?? 0), 0) / queue.length));
    expect(queue.length).toBeGreaterThanOrEqual(2);

    const [lowQuality, offTopic] = queue;
    expect((await callApi(moderator, 'POST', `/admin/review/${lowQuality!.id}/reject`, { reason: 'low_quality' })).status).toBe(200);
    expect((await callApi(moderator, 'POST', `/admin/review/${offTopic!.id}/reject`, { reason: 'off_topic' })).status).toBe(200);
    expect((await callApi(moderator, 'POST', `/admin/review/${offTopic!.id}/reject`, { reason: 'spam' })).status).toBe(400);
    const { allReviewLabels } = await import('#store/models.ts');
    const labels = await allReviewLabels();
    // On topic but badly written: it teaches the classifier "on topic", never "off-topic".
    expect(labels.find((label) => label.articleId === lowQuality!.id)).toMatchObject({ label: 'low-quality' });
    expect(labels.find((label) => label.articleId === offTopic!.id)).toMatchObject({ label: 'off-topic' });
    const { getArticle } = await import('#store/articles.ts');
    expect(await getArticle(lowQuality!.id)).toMatchObject({ status: 'rejected', rejectionReason: 'admin review rejection (low quality)' });

    const after = await callApi<ApiAnswer<'GET /admin/review/stats'>>(moderator, 'GET', '/admin/review/stats');
    expect(after.body.pendingReview).toBe(queue.length - 2);
  });
});

describe('the audit log', () => {
  it('records who rejected what, with the article before and after, newest first, for admins only', async () => {
    const { body } = await callApi<ApiAnswer<'GET /admin/audit'>>(admin, 'GET', '/admin/audit?limit=10');
    const reject = body.items.find((entry) => entry.action === 'review.reject');
    expect(reject).toMatchObject({ actorRole: 'moderator', before: { status: 'draft', adminStatus: 'pending_review' }, after: { status: 'rejected', adminStatus: 'rejected' } });
    const history = await callApi<ApiAnswer<'GET /admin/audit'>>(admin, 'GET', `/admin/audit?target=${encodeURIComponent(reject!.target)}`);
    expect(history.body.items.map((entry) => entry.target)).toEqual([reject!.target]);
  });
});

describe('lifecycle', () => {
  it('shows the lifecycle analytics and runs, and moves auto-rejected drafts to rejected', async () => {
    const { status, body } = await callApi<ApiAnswer<'GET /admin/lifecycle'>>(admin, 'GET', '/admin/lifecycle');
    expect(status).toBe(200);
    expect(body.totalArchived).toBe((await countArticlesInTable()).byStatus.archived);
    expect(Array.isArray(body.runs)).toBe(true);

    const { createArticle, getArticle } = await import('#store/articles.ts');
    const { testArticle } = await import('../support/articles.ts');
    const stuck = testArticle({ status: 'draft', adminStatus: 'auto_rejected', mlConfidenceScore: 0.2 });
    await createArticle(stuck);
    const cleaned = await callApi<ApiAnswer<'POST /admin/lifecycle/cleanup-auto-rejected'>>(admin, 'POST', '/admin/lifecycle/cleanup-auto-rejected');
    expect(cleaned.body.updated).toBeGreaterThanOrEqual(1);
    expect(await getArticle(stuck.id)).toMatchObject({ status: 'rejected', adminStatus: 'auto_rejected' });
    expect((await callApi<ApiAnswer<'POST /admin/lifecycle/cleanup-auto-rejected'>>(admin, 'POST', '/admin/lifecycle/cleanup-auto-rejected')).body.updated).toBe(0);
  });
});
