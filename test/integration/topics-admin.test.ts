import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAnswer } from '#http/answers.ts';
import type { ErrorAnswer } from '#platform/router.ts';
import { api, signedInRoles, signedUpReader, useLocalAws, type Reader } from '../support/aws.ts';

/**
 * Moderating topics on the running local runtime (docs/topics.md "Moderating topics"): a rename, a hide and a merge
 * made through /admin/topics, and what a reader then gets from the topic page, the cards and the follow routes.
 * The topics used here are named by no other test; every override is undone at the end.
 */
const RENAMED = 'monk-entertainment';
const HIDDEN = 'viral-nation';
const MERGED = 'billion-dollar-boy';
const TARGET = 'blast-radius';

let admin: string;
let moderator: string;
let reader: string;
let follower: Reader;
let articles: typeof import('#store/articles.ts');
let notifications: typeof import('#store/notifications.ts');

const marker = () => `zq${randomUUID().replace(/[^a-f]/g, '').slice(0, 10)}`;

beforeAll(async () => {
  useLocalAws();
  articles = await import('#store/articles.ts');
  notifications = await import('#store/notifications.ts');
  ({ admin, moderator, reader } = await signedInRoles());
  follower = await signedUpReader('Topic Moderation Follower');
});

afterAll(async () => {
  for (const topicId of [RENAMED, HIDDEN, MERGED, TARGET]) {
    await api('PUT', `/admin/topics/${topicId}/merge`, moderator, { into: null });
    await api('PUT', `/admin/topics/${topicId}/visibility`, moderator, { hidden: false });
    await api('PUT', `/admin/topics/${topicId}/name`, moderator, { name: '' });
  }
});

/** A story published from the console: its topics are tagged from the headline. */
async function publishStory(title: string): Promise<{ id: string; title: string }> {
  const word = marker();
  const created = await api('POST', '/admin/articles', admin, {
    title: `${title} ${word}`,
    summary: `A report for the readers of this beat (${word}) with enough words to stand as a summary.`,
    sourceUrl: `https://news.example.com/moderated/${word}`,
    category: 'brand-partnerships',
    status: 'published',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body as { id: string; title: string };
}

const topicPage = async (topicId: string) => api('GET', `/topics/${topicId}?limit=100`);
const listedOn = async (topicId: string, articleId: string) => ((await topicPage(topicId)).body as ApiAnswer<'GET /topics/{topicId}'>).items?.some((item) => item.id === articleId) ?? false;
const cardTopics = async (articleId: string) => ((await api('GET', `/articles/${articleId}`)).body as ApiAnswer<'GET /articles/{id}'>).topics;
const consoleRow = async (topicId: string) => ((await api('GET', `/admin/topics?filter=${topicId}`, moderator)).body as ApiAnswer<'GET /admin/topics'>).items.find((row) => row.id === topicId);
const myTopics = async () => ((await api('GET', '/me/follows', follower.idToken)).body as ApiAnswer<'GET /me/follows'>).topics;

describe('who may moderate topics', () => {
  it('answers guests 401 and readers 403 on every topic route, and lets moderators and admins in', async () => {
    const routes = [
      ['GET', '/admin/topics', undefined],
      ['PUT', `/admin/topics/${RENAMED}/name`, { name: 'Nope' }],
      ['PUT', `/admin/topics/${HIDDEN}/visibility`, { hidden: true }],
      ['PUT', `/admin/topics/${MERGED}/merge`, { into: TARGET }],
    ] as const;
    for (const [method, path, body] of routes) {
      expect((await api(method, path, undefined, body)).status, `${method} ${path} as a guest`).toBe(401);
      const refused = await api(method, path, reader, body);
      expect(refused.status, `${method} ${path} as a reader`).toBe(403);
      expect((refused.body as ErrorAnswer).message).toMatch(/moderator/i);
    }
    // Nothing changed by the refused calls.
    expect(await consoleRow(RENAMED)).toMatchObject({ name: 'Monk Entertainment', renamed: false, hidden: false, mergedInto: null });
    expect((await api('GET', '/admin/topics', admin)).status).toBe(200);
  });

  it('answers bad input with a 4xx and a message', async () => {
    const tooLong = await api('PUT', `/admin/topics/${RENAMED}/name`, moderator, { name: 'x'.repeat(81) });
    expect(tooLong).toMatchObject({ status: 400, body: { message: expect.any(String) } });
    expect(await api('PUT', '/admin/topics/no-such-topic/name', moderator, { name: 'Anything' })).toMatchObject({ status: 404, body: { message: 'Topic not found' } });
    expect((await api('PUT', '/admin/topics/BAD_ID/visibility', moderator, { hidden: true })).status).toBe(400);
    expect((await api('PUT', `/admin/topics/${HIDDEN}/visibility`, moderator, { hidden: 'yes' })).status).toBe(400);
    expect(await api('PUT', `/admin/topics/${MERGED}/merge`, moderator, { into: MERGED })).toMatchObject({ status: 409, body: { message: 'A topic cannot be merged into itself' } });
    expect(await api('PUT', `/admin/topics/${MERGED}/merge`, moderator, { into: 'no-such-topic' })).toMatchObject({ status: 404, body: { message: expect.stringMatching(/no-such-topic/) } });
    expect((await api('GET', '/admin/topics?pageSize=7', moderator)).status).toBe(400);
    expect((await api('GET', '/admin/topics?state=weird', moderator)).status).toBe(400);
  });
});

describe('a moderated topic, as readers see it', () => {
  it('renames: the topic page, the cards and the console show the new name; the change is audited; a blank name restores the catalogue name', async () => {
    const story = await publishStory('Monk Entertainment signs three creators for a festive campaign');
    await expect.poll(() => listedOn(RENAMED, story.id), { timeout: 20_000 }).toBe(true);

    const renamed = await api('PUT', `/admin/topics/${RENAMED}/name`, moderator, { name: '  Monk   Ent. ' });
    expect(renamed).toMatchObject({ status: 200, body: { id: RENAMED, name: 'Monk Ent.', catalogueName: 'Monk Entertainment', renamed: true, stories: 1 } });
    expect(((await topicPage(RENAMED)).body as ApiAnswer<'GET /topics/{topicId}'>).topic).toEqual({ id: RENAMED, kind: 'agency', name: 'Monk Ent.' });
    expect(await cardTopics(story.id)).toContainEqual({ id: RENAMED, kind: 'agency', name: 'Monk Ent.' });
    // The reader's own lists (bookmarks, the saved feed) show it too.
    expect((await api('PUT', `/me/bookmarks/${story.id}`, follower.idToken)).status).toBe(200);
    const bookmarks = (await api('GET', '/me/bookmarks', follower.idToken)).body as ApiAnswer<'GET /me/bookmarks'>;
    expect(bookmarks.items.find((card) => card.id === story.id)?.topics).toContainEqual({ id: RENAMED, kind: 'agency', name: 'Monk Ent.' });
    const saved = (await api('GET', '/me/feed?kind=saved', follower.idToken)).body as ApiAnswer<'GET /me/feed'>;
    expect(saved.items.find((card) => card.id === story.id)?.topics).toContainEqual({ id: RENAMED, kind: 'agency', name: 'Monk Ent.' });
    expect(await consoleRow(RENAMED)).toMatchObject({ name: 'Monk Ent.', renamed: true, changedBy: expect.any(String) });

    const audit = (await api('GET', `/admin/audit?target=topic:${RENAMED}`, admin)).body as ApiAnswer<'GET /admin/audit'>;
    expect(audit.items[0]).toMatchObject({ action: 'topic.rename', before: { name: null }, after: { name: 'Monk Ent.' } });

    expect(await api('PUT', `/admin/topics/${RENAMED}/name`, moderator, { name: '' })).toMatchObject({ status: 200, body: { name: 'Monk Entertainment', renamed: false } });
    expect(await cardTopics(story.id)).toContainEqual({ id: RENAMED, kind: 'agency', name: 'Monk Entertainment' });
  });

  it('hides: the page answers 404, cards leave it out, it cannot be followed, a follower can still unfollow; shown again, all is back', async () => {
    const story = await publishStory('Viral Nation opens an office for creator talent');
    await expect.poll(() => listedOn(HIDDEN, story.id), { timeout: 20_000 }).toBe(true);
    expect((await api('PUT', `/me/follows/topics/${HIDDEN}`, follower.idToken)).status).toBe(200);

    expect(await api('PUT', `/admin/topics/${HIDDEN}/visibility`, moderator, { hidden: true })).toMatchObject({ status: 200, body: { id: HIDDEN, hidden: true } });
    expect(await topicPage(HIDDEN)).toMatchObject({ status: 404, body: { message: 'Topic not found' } });
    expect((await cardTopics(story.id)).map((topic) => topic.id)).not.toContain(HIDDEN);
    expect(await api('PUT', `/me/follows/topics/${HIDDEN}`, follower.idToken)).toMatchObject({ status: 404, body: { message: 'Topic not found' } });
    expect(await api('DELETE', `/me/follows/topics/${HIDDEN}`, follower.idToken)).toMatchObject({ status: 200, body: { following: false } });
    expect((await myTopics()).map((topic) => topic.id)).not.toContain(HIDDEN);
    expect(await consoleRow(HIDDEN)).toMatchObject({ hidden: true });

    expect(await api('PUT', `/admin/topics/${HIDDEN}/visibility`, moderator, { hidden: false })).toMatchObject({ status: 200, body: { hidden: false } });
    expect(await listedOn(HIDDEN, story.id)).toBe(true);
    expect((await cardTopics(story.id)).map((topic) => topic.id)).toContain(HIDDEN);
    expect((await api('PUT', `/me/follows/topics/${HIDDEN}`, follower.idToken)).status).toBe(200);
  });

  it('merges: the page answers with the other topic and its stories, followers follow the other, new stories are tagged with it', async () => {
    const before = await publishStory('Billion Dollar Boy runs a creator campaign for a beauty brand');
    await expect.poll(() => listedOn(MERGED, before.id), { timeout: 20_000 }).toBe(true);
    expect((await api('PUT', `/me/follows/topics/${MERGED}`, follower.idToken)).status).toBe(200);

    const merged = await api('PUT', `/admin/topics/${MERGED}/merge`, moderator, { into: TARGET });
    expect(merged).toMatchObject({ status: 200, body: { id: MERGED, mergedInto: { id: TARGET, name: 'Blast Radius' } } });

    const page = (await topicPage(MERGED)).body as ApiAnswer<'GET /topics/{topicId}'>;
    expect(page.topic).toEqual({ id: TARGET, kind: 'agency', name: 'Blast Radius' });
    expect(page.items.map((item) => item.id)).toContain(before.id);
    expect(await cardTopics(before.id)).toContainEqual({ id: TARGET, kind: 'agency', name: 'Blast Radius' });
    expect((await cardTopics(before.id)).map((topic) => topic.id)).not.toContain(MERGED);

    // The follower's follow moved; following the merged id follows the other.
    expect((await myTopics()).map((topic) => topic.id)).toContain(TARGET);
    expect((await myTopics()).map((topic) => topic.id)).not.toContain(MERGED);
    expect(await api('PUT', `/me/follows/topics/${MERGED}`, follower.idToken)).toMatchObject({ status: 200, body: { topic: { id: TARGET }, following: true } });
    expect(await consoleRow(TARGET)).toMatchObject({ followers: 1, stories: 1 });
    expect(await consoleRow(MERGED)).toMatchObject({ followers: 0, mergedInto: { id: TARGET } });

    // A story made during the merge is tagged with the other topic (listed under it, not under the merged one).
    const after = await publishStory('Billion Dollar Boy adds a gaming creators desk');
    await expect.poll(() => listedOn(TARGET, after.id), { timeout: 20_000 }).toBe(true);

    // A story stored with the merged topic (tagged before the merge, published after it) tells the followers of
    // the topic it went into, by that topic's name.
    const word = marker();
    const late = randomUUID();
    await articles.createArticle({
      id: late,
      title: `Billion Dollar Boy wins a retail account ${word}`,
      summary: 'Tagged before the merge.',
      category: 'brand-partnerships',
      sourceUrl: `https://other.example.com/${word}`,
      sourceName: 'Trade Desk C',
      status: 'published',
      adminStatus: 'approved',
      relevanceScore: 70,
      urlHash: `url-${word}`,
      titleHash: `title-${word}`,
      topics: [{ id: MERGED, kind: 'agency', name: 'Billion Dollar Boy' }],
    });
    const followerId = ((await api('GET', '/me', follower.idToken)).body as ApiAnswer<'GET /me'>).userId;
    const told = async () => (await notifications.allNotifications(followerId)).filter((item) => item.actionUrl?.endsWith(late));
    await expect.poll(async () => (await told()).length, { timeout: 20_000 }).toBe(1);
    expect((await told())[0]).toMatchObject({ kind: 'topics', title: 'New on Blast Radius' });

    // Refused while merged: hiding it (hide the other), merging the other back into it (a loop), merging into a hidden topic.
    expect((await api('PUT', `/admin/topics/${MERGED}/visibility`, moderator, { hidden: true })).status).toBe(409);
    expect(await api('PUT', `/admin/topics/${TARGET}/merge`, moderator, { into: MERGED })).toMatchObject({ status: 409, body: { message: expect.stringMatching(/loop/) } });
    await api('PUT', `/admin/topics/${HIDDEN}/visibility`, moderator, { hidden: true });
    expect(await api('PUT', `/admin/topics/${RENAMED}/merge`, moderator, { into: HIDDEN })).toMatchObject({ status: 409, body: { message: expect.stringMatching(/hidden/) } });
    await api('PUT', `/admin/topics/${HIDDEN}/visibility`, moderator, { hidden: false });

    // Undone: the merged topic's page is its own again; the story told before shows it again, the one tagged during
    // the merge keeps the other (its topics were stored so).
    expect(await api('PUT', `/admin/topics/${MERGED}/merge`, moderator, { into: null })).toMatchObject({ status: 200, body: { mergedInto: null } });
    expect(((await topicPage(MERGED)).body as ApiAnswer<'GET /topics/{topicId}'>).topic.id).toBe(MERGED);
    expect((await cardTopics(before.id)).map((topic) => topic.id)).toContain(MERGED);
    expect((await cardTopics(after.id)).map((topic) => topic.id)).toEqual(expect.arrayContaining([TARGET]));
    expect((await cardTopics(after.id)).map((topic) => topic.id)).not.toContain(MERGED);
  });
});
