import { beforeAll, describe, expect, it } from 'vitest';
import { local, signedInUser, useLocalAws } from '../support/aws.ts';
import { testArticle } from '../support/articles.ts';
import type { ApiAnswer } from '#http/answers.ts';

/** The review queue through the local gateway, on what the first ingest queued and four uncertain drafts. */
type QueueItem = ApiAnswer<'GET /admin/review'>['items'][number];
let moderatorToken: string;

async function call(method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${local().urls.api}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  useLocalAws();
  moderatorToken = (await signedInUser(['moderator'])).idToken;
  // The classifier decides the fixture feeds' clear-cut stories itself; uncertain drafts of each priority are queued here.
  const { createArticle } = await import('#store/articles.ts');
  const { reviewSortKey } = await import('#domain/content/article-status.ts');
  const drafts = [['LOW', 35], ['HIGH', 62], ['MEDIUM', 50], ['MEDIUM', 44]] as const;
  for (const [reviewPriority, relevanceScore] of drafts) {
    await createArticle(testArticle({ status: 'draft', adminStatus: 'pending_review', relevanceScore, reviewPriority, reviewSort: reviewSortKey(reviewPriority, relevanceScore) }));
  }
});

describe('the review queue', () => {
  it('lists pending articles HIGH priority first, for moderators only', async () => {
    const { status, body } = await call('GET', '/admin/review', moderatorToken);
    expect(status).toBe(200);
    const items = body.items as QueueItem[];
    expect(items.length).toBeGreaterThan(0);
    const order = { HIGH: 0, MEDIUM: 1, LOW: 2 } as Record<string, number>;
    const ranks = items.map((item) => order[item.priorityLevel]);
    expect(ranks).toEqual([...ranks].sort());

    const reader = await signedInUser();
    expect(await call('GET', '/admin/review', reader.idToken)).toEqual({ status: 403, body: { message: 'Access denied. Moderator or admin privileges required.' } });
    expect((await call('GET', '/admin/review')).status).toBe(401);
  });

  it('approves into the corrected category and keeps the decision as a training label', async () => {
    const { body } = await call('GET', '/admin/review', moderatorToken);
    const [item] = body.items as QueueItem[];
    const approved = await call('POST', `/admin/review/${item!.id}/approve`, moderatorToken, { category: 'industry-insights' });
    expect(approved).toEqual({ status: 200, body: { id: item!.id, status: 'published', category: 'industry-insights' } });

    const { getArticle } = await import('#store/articles.ts');
    expect(await getArticle(item!.id)).toMatchObject({ status: 'published', category: 'industry-insights', adminStatus: 'approved' });
    const { allReviewLabels } = await import('#store/models.ts');
    expect((await allReviewLabels()).find((label) => label.articleId === item!.id)).toMatchObject({ label: 'industry-insights' });

    expect((await call('POST', `/admin/review/${item!.id}/approve`, moderatorToken)).status).toBe(409);
    const queue = (await call('GET', '/admin/review', moderatorToken)).body.items as QueueItem[];
    expect(queue.map((queued) => queued.id)).not.toContain(item!.id);
  });

  it('rejects without a reason as off-topic, labelling the text off-topic', async () => {
    const { body } = await call('GET', '/admin/review', moderatorToken);
    const [item] = body.items as QueueItem[];
    expect(await call('POST', `/admin/review/${item!.id}/reject`, moderatorToken)).toEqual({ status: 200, body: { id: item!.id, status: 'rejected', reason: 'off_topic' } });
    const { allReviewLabels } = await import('#store/models.ts');
    expect((await allReviewLabels()).find((label) => label.articleId === item!.id)?.label).toBe('off-topic');
  });

  it('answers bad input with 4xx', async () => {
    expect((await call('POST', '/admin/review/no-such-article/approve', moderatorToken)).status).toBe(404);
    const { body } = await call('GET', '/admin/review', moderatorToken);
    const [item] = body.items as QueueItem[];
    const badCategory = await call('POST', `/admin/review/${item!.id}/approve`, moderatorToken, { category: 'cooking' });
    expect(badCategory.status).toBe(400);
    expect(badCategory.body.fieldErrors).toHaveProperty('category');
  });
});
