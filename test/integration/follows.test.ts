import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiAnswer } from '#http/answers.ts';
import type { ErrorAnswer } from '#platform/router.ts';
import { api, signedInRoles, signedUpReader, useLocalAws, type Reader } from '../support/aws.ts';

/**
 * Topics and follows on the running local runtime (docs/topics.md): a story's topics are tagged when it is
 * made, its topics' lists and its followers' notifications are kept off the table stream, and every follow
 * is the signed-in reader's own, enforced by the server.
 */
type Notifications = typeof import('#store/notifications.ts');
type Articles = typeof import('#store/articles.ts');
let notifications: Notifications;
let articles: Articles;
let admin: string;
let follower: Reader;
let other: Reader;

const marker = () => `zq${randomUUID().replace(/[^a-f]/g, '').slice(0, 10)}`;

beforeAll(async () => {
  useLocalAws();
  notifications = await import('#store/notifications.ts');
  articles = await import('#store/articles.ts');
  ({ admin } = await signedInRoles());
  [follower, other] = await Promise.all([signedUpReader('Topic Follower'), signedUpReader('Someone Else')]);
});

async function userIdOf(reader: Reader): Promise<string> {
  return ((await api('GET', '/me', reader.idToken)).body as ApiAnswer<'GET /me'>).userId;
}

/** A story published from the console, as an editor adds one: its topics are tagged from headline and summary. */
async function publishStory(title: string): Promise<{ id: string; title: string }> {
  const word = marker();
  const created = await api('POST', '/admin/articles', admin, {
    title,
    summary: `A report for the readers of this beat (${word}) with enough words to stand as a summary.`,
    sourceUrl: `https://news.example.com/story/${word}`,
    category: 'regulations-ethics',
    status: 'published',
  });
  expect(created.status).toBe(200);
  return created.body as { id: string; title: string };
}

/** The reader's notifications about one article, with their kind (the store's view: the center does not show kinds). */
async function notificationsAbout(reader: Reader, articleId: string) {
  const userId = await userIdOf(reader);
  return (await notifications.allNotifications(userId)).filter((item) => item.actionUrl?.endsWith(articleId));
}

async function topicList(topicId: string, query = '') {
  return (await api('GET', `/topics/${topicId}${query}`)).body as ApiAnswer<'GET /topics/{topicId}'>;
}

describe('follows are the signed-in reader’s own', () => {
  it('refuses guests with 401, bad ids with 400 and unknown topics and stories with 404, each with a message', async () => {
    for (const [method, path] of [['GET', '/me/follows'], ['PUT', '/me/follows/topics/asci'], ['DELETE', '/me/follows/topics/asci'], ['PUT', `/me/follows/stories/${randomUUID()}`]] as const) {
      expect((await api(method, path)).status, `${method} ${path}`).toBe(401);
    }
    const badTopic = await api('PUT', '/me/follows/topics/Not%20A%20Topic!', follower.idToken);
    expect(badTopic.status).toBe(400);
    expect((badTopic.body as ErrorAnswer).message).toMatch(/invalid/i);
    expect((await api('PUT', '/me/follows/stories/not-an-id', follower.idToken)).status).toBe(400);
    expect(await api('PUT', '/me/follows/topics/no-such-topic', follower.idToken)).toMatchObject({ status: 404, body: { message: 'Topic not found' } });
    expect(await api('PUT', `/me/follows/stories/${randomUUID()}`, follower.idToken)).toMatchObject({ status: 404, body: { message: 'Story not found' } });
    expect(await api('GET', '/topics/no-such-topic')).toMatchObject({ status: 404, body: { message: 'Topic not found' } });
    expect((await api('GET', '/topics/BAD_ID')).status).toBe(400);
  });

  it('keeps each reader’s follows apart: another reader does not see mine, and unfollowing takes it back', async () => {
    const followed = await api('PUT', '/me/follows/topics/asci', follower.idToken);
    expect(followed).toMatchObject({ status: 200, body: { topic: { id: 'asci', kind: 'regulator' }, following: true } });
    // Following twice is still one follow.
    await api('PUT', '/me/follows/topics/asci', follower.idToken);
    await api('PUT', '/me/follows/topics/mrbeast', follower.idToken);
    const mine = (await api('GET', '/me/follows', follower.idToken)).body as ApiAnswer<'GET /me/follows'>;
    expect(mine.topics.map((topic) => topic.id).sort()).toEqual(['asci', 'mrbeast']);
    expect((await api('GET', '/me/follows', other.idToken)).body).toEqual({ topics: [], stories: [], publishers: [], keywords: [], mutedPublishers: [] });

    expect(await api('DELETE', '/me/follows/topics/mrbeast', follower.idToken)).toMatchObject({ status: 200, body: { following: false } });
    const after = (await api('GET', '/me/follows', follower.idToken)).body as ApiAnswer<'GET /me/follows'>;
    expect(after.topics.map((topic) => topic.id)).toEqual(['asci']);
  });
});

describe('a story about a followed topic', () => {
  it('tags the story, lists it on the topic’s page and tells its followers exactly once, with kind topics', async () => {
    await api('PUT', '/me/follows/topics/asci', follower.idToken);
    const story = await publishStory(`ASCI issues new disclosure rules for finfluencers ${marker()}`);
    const card = (await api('GET', `/articles/${story.id}`)).body as ApiAnswer<'GET /articles/{id}'>;
    expect(card.topics).toContainEqual({ id: 'asci', kind: 'regulator', name: expect.any(String) });

    await expect.poll(async () => (await notificationsAbout(follower, story.id)).length, { timeout: 20_000 }).toBe(1);
    const [told] = await notificationsAbout(follower, story.id);
    expect(told).toMatchObject({ kind: 'topics', title: expect.stringMatching(/^New on /), message: story.title });
    // The center shows it as it shows every notification.
    const center = (await api('GET', '/me/notifications', follower.idToken)).body as ApiAnswer<'GET /me/notifications'>;
    expect(center.items.filter((item) => item.actionUrl?.endsWith(story.id))).toHaveLength(1);
    expect(await notificationsAbout(other, story.id)).toEqual([]);

    await expect.poll(async () => (await topicList('asci')).items.some((item) => item.id === story.id), { timeout: 20_000 }).toBe(true);
    // Still one a moment later: the stream's other consumers and a second look make nothing more.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await notificationsAbout(follower, story.id)).toHaveLength(1);
  });

  it('lists the topic’s stories newest first, pages them with a cursor, and drops a deleted story', async () => {
    const older = await publishStory(`MrBeast opens a creator fund for Indian YouTubers ${marker()}`);
    const newer = await publishStory(`MrBeast signs a brand deal with a snack maker ${marker()}`);
    const ours = (items: ReadonlyArray<{ id: string }>) => items.map((item) => item.id).filter((id) => id === older.id || id === newer.id);
    await expect.poll(async () => ours((await topicList('mrbeast', '?limit=100')).items), { timeout: 20_000 }).toEqual([newer.id, older.id]);

    const list = await topicList('mrbeast', '?limit=100');
    expect(list.topic).toEqual({ id: 'mrbeast', kind: 'creator', name: 'MrBeast' });
    const times = list.items.map((item) => Date.parse(item.publishedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const first = await topicList('mrbeast', '?limit=1');
    expect(first.items).toHaveLength(1);
    expect(first.cursor).toEqual(expect.any(String));
    const second = await topicList('mrbeast', `?limit=1&cursor=${encodeURIComponent(first.cursor ?? '')}`);
    expect(second.items[0]?.id).not.toBe(first.items[0]?.id);
    expect((await api('GET', '/topics/mrbeast?cursor=forged')).status).toBe(400);

    expect((await api('DELETE', `/admin/articles/${newer.id}`, admin)).status).toBe(200);
    await expect.poll(async () => ours((await topicList('mrbeast', '?limit=100')).items), { timeout: 20_000 }).toEqual([older.id]);
  });
});

describe('a story edited in the console', () => {
  it('is tagged again from its new headline, and moves from the old topic\'s list to the new one\'s', async () => {
    const story = await publishStory(`SEBI reviews finfluencer disclosures ${marker()}`);
    const listed = async (topicId: string) => (await topicList(topicId, '?limit=50')).items.some((item) => item.id === story.id);
    await expect.poll(() => listed('sebi'), { timeout: 20_000 }).toBe(true);

    const edited = await api('PUT', `/admin/articles/${story.id}`, admin, { title: `ASCI reviews influencer disclosures ${marker()}` });
    expect(edited.status).toBe(200);
    expect((edited.body as { topics: Array<{ id: string }> }).topics.map((topic) => topic.id)).toEqual(['asci']);
    expect(await listed('asci')).toBe(true);
    expect(await listed('sebi')).toBe(false);
    // An edit that leaves the headline and summary alone keeps the topics.
    const recategorised = await api('PUT', `/admin/articles/${story.id}`, admin, { category: 'industry-insights' });
    expect((recategorised.body as { topics: Array<{ id: string }> }).topics.map((topic) => topic.id)).toEqual(['asci']);
  });
});

describe('the topics backfill', () => {
  it('tags stories stored before tagging, lists the public ones on their topics\' pages, and does nothing the second time', async () => {
    const { backfillStoryTopics } = await import('../../lambdas/services/topic-backfill.ts');
    const word = marker();
    const id = randomUUID();
    // A story as the ingest stored it before topics: no `topics` attribute at all.
    const created = await articles.createArticle({
      id,
      title: `ASCI names brands that ran undisclosed influencer ads ${word}`,
      summary: 'The advertising watchdog lists the campaigns it upheld complaints against.',
      category: 'regulations-ethics',
      sourceUrl: `https://old.example.com/${word}`,
      sourceName: 'Archive Desk',
      status: 'published',
      adminStatus: 'approved',
      relevanceScore: 70,
      urlHash: `url-${word}`,
      titleHash: `title-${word}`,
    });
    expect(created.created).toBe(true);
    expect((await articles.getArticle(id))?.topics).toBeUndefined();

    const done = await backfillStoryTopics();
    expect(done.tagged).toBeGreaterThanOrEqual(1);
    expect((await articles.getArticle(id))?.topics?.map((topic) => topic.id)).toEqual(['asci']);
    await expect.poll(async () => (await topicList('asci', '?limit=50')).items.some((item) => item.id === id), { timeout: 20_000 }).toBe(true);
    expect(await backfillStoryTopics()).toEqual({ tagged: 0, listed: 0 });
  });
});

describe('For You', () => {
  it('opens with the week\'s stories of the topics the reader follows, and a reader who follows none gets no such count', async () => {
    const reader = await signedUpReader('For You Follower');
    expect((await api('PUT', '/me/follows/topics/asci', reader.idToken)).status).toBe(200);
    const story = await publishStory(`ASCI flags undisclosed creator ads ${marker()}`);
    type Feed = ApiAnswer<'GET /me/feed'>;
    const feedOf = async (who: Reader) => (await api('GET', '/me/feed?kind=for-you', who.idToken)).body as Feed;
    await expect.poll(async () => (await feedOf(reader)).items[0]?.id, { timeout: 20_000 }).toBe(story.id);
    const feed = await feedOf(reader);
    expect('followed' in feed && feed.followed).toBeGreaterThanOrEqual(1);
    const followedIds = feed.items.slice(0, 'followed' in feed ? feed.followed : 0).map((item) => item.topics.map((topic) => topic.id));
    for (const topics of followedIds) expect(topics).toContain('asci');
    expect(new Set(feed.items.map((item) => item.id)).size).toBe(feed.items.length);
    const others = await feedOf(await signedUpReader('Follows Nothing'));
    expect('followed' in others ? others.followed : 0).toBe(0);
  });
});

describe('topics in search', () => {
  it('offers the topics a search names beside its results, and none without a search', async () => {
    const named = (await api('GET', `/articles?q=${encodeURIComponent('sebi finfluencer rules on youtube shorts')}`)).body as ApiAnswer<'GET /articles'>;
    expect(named.topics).toEqual([
      { id: 'sebi', kind: 'regulator', name: 'Securities and Exchange Board of India' },
      { id: 'youtube-shorts', kind: 'platform', name: 'YouTube Shorts' },
    ]);
    expect(((await api('GET', '/articles?q=creator%20economy')).body as ApiAnswer<'GET /articles'>).topics).toEqual([]);
    expect(((await api('GET', '/articles')).body as ApiAnswer<'GET /articles'>).topics).toEqual([]);
  });
});

describe('a followed story', () => {
  it('tells its followers of new coverage once, with kind stories, and not the topic’s followers', async () => {
    const reader = await signedUpReader('Story Follower');
    const lead = await publishStory(`SEBI warns unregistered finfluencers on Instagram ${marker()}`);
    expect(await api('PUT', `/me/follows/stories/${lead.id}`, reader.idToken)).toMatchObject({ status: 200, body: { story: { id: lead.id }, following: true } });
    await api('PUT', '/me/follows/topics/sebi', other.idToken);
    const follows = (await api('GET', '/me/follows', reader.idToken)).body as ApiAnswer<'GET /me/follows'>;
    expect(follows.stories).toEqual([{ id: lead.id, title: lead.title }]);

    // Another publisher's report of the same event, as the ingest stores it (domain/content/story-cluster.ts).
    const word = marker();
    const reportId = randomUUID();
    const created = await articles.createArticle({
      id: reportId,
      title: `SEBI cautions finfluencers on Instagram, again ${word}`,
      summary: 'The regulator repeats its warning.',
      category: 'regulations-ethics',
      sourceUrl: `https://other.example.com/${word}`,
      sourceName: 'Trade Desk B',
      status: 'published',
      adminStatus: 'approved',
      relevanceScore: 70,
      urlHash: `url-${word}`,
      titleHash: `title-${word}`,
      clusterId: lead.id,
      isDuplicate: true,
      topics: [{ id: 'sebi', kind: 'regulator', name: 'SEBI' }],
    });
    expect(created.created).toBe(true);

    const userId = await userIdOf(reader);
    const aboutReport = async () => (await notifications.allNotifications(userId)).filter((item) => item.message.includes(word));
    await expect.poll(async () => (await aboutReport()).length, { timeout: 20_000 }).toBe(1);
    expect((await aboutReport())[0]).toMatchObject({ kind: 'stories', title: `New coverage: ${lead.title}`, actionUrl: expect.stringMatching(new RegExp(`${lead.id}$`)) });
    // A later report of a story is not a new story for its topics' followers.
    const otherId = await userIdOf(other);
    expect((await notifications.allNotifications(otherId)).filter((item) => item.message.includes(word))).toEqual([]);

    expect(await api('DELETE', `/me/follows/stories/${lead.id}`, reader.idToken)).toMatchObject({ status: 200, body: { following: false } });
    expect(((await api('GET', '/me/follows', reader.idToken)).body as ApiAnswer<'GET /me/follows'>).stories).toEqual([]);
  });
});
