import { CognitoIdentityProviderClient, InitiateAuthCommand, NotAuthorizedException, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import type { ErrorAnswer } from '#platform/router.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeKey, stack } from '../../lib/stack-description.ts';
import { api, local, signedInUser, signedUpReader, useLocalAws, type Reader } from '../support/aws.ts';
import { TEST_SOURCE_NAME } from '../support/articles.ts';
import { waitForMail } from '../support/inbox.ts';
import type { ApiAnswer } from '#http/answers.ts';

/**
 * Accounts end to end over the running local runtime: sign-up through cognito-local with the code from
 * the local inbox, the confirmation trigger's records, and the signed-in API through the gateway with
 * real tokens. Reader B tries every user route against reader A's data.
 */
type Card = ApiAnswer<'GET /articles'>['items'][number];

let alice: Reader;
let bob: Reader;
let cards: Card[];

const userRoutes = stack.routes.filter((route) => route.auth === 'user');
const pathOf = (path: string, ids: Record<string, string>) => path.replace(/\{(\w+)\}/g, (_all, name: string) => ids[name] ?? 'sample');

async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

beforeAll(async () => {
  useLocalAws();
  [alice, bob] = await Promise.all([signedUpReader('Alice Example'), signedUpReader("Bob O'Neil")]);
  const list = await api('GET', '/articles?limit=100&market=all');
  // Stories from the fixture feeds only: articles other test files made share one template text, which
  // would make any of them the nearest neighbour of another and blur what the reader's actions taught.
  const listed = (list.body as ApiAnswer<'GET /articles'>).items.filter((card) => card.sourceName !== TEST_SOURCE_NAME);
  // The first two (saved and liked below) share a category, so For You has one clear interest to learn.
  const shared = listed.find((card) => listed.filter((other) => other.category === card.category).length >= 4)?.category;
  cards = [...listed.filter((card) => card.category === shared), ...listed.filter((card) => card.category !== shared)];
  expect(cards.length).toBeGreaterThan(5);
  // The article read below is of another category.
  cards.splice(2, 0, ...cards.splice(cards.findIndex((card) => card.category !== shared), 1));
});

describe('sign-up and confirmation', () => {
  it('mails the verification code in the product\'s words, through the local inbox', async () => {
    const mail = await waitForMail(local().urls.mail, alice.email, /verification code/i);
    expect(mail.subject).toBe('Your Creator News Hub verification code');
    expect(mail.body.html).toMatch(/Verify your e-mail/);
    expect(mail.body.html).not.toContain('{####}');
  });

  it('creates the profile, default preferences and the welcome notification on confirmation', async () => {
    const me = await api('GET', '/me', alice.idToken);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: alice.email, fullName: 'Alice Example', role: 'user' });
    const preferences = await api('GET', '/me/preferences', alice.idToken);
    expect(preferences.body).toMatchObject({ preferredCategories: ['all'], preferredRegions: ['indian'], contentLanguage: 'en', emailNotifications: true });
    const notifications = (await api('GET', '/me/notifications', alice.idToken)).body as ApiAnswer<'GET /me/notifications'>;
    expect(notifications.items.map((item) => item.title)).toEqual(['Welcome to Creator News Hub!']);
    expect(notifications.unreadCount).toBe(1);
  });

  it('refreshes a session with Amplify\'s GetTokensFromRefreshToken call', async () => {
    const response = await fetch(local().urls.userPool.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken' },
      body: JSON.stringify({ ClientId: local().urls.userPool.userPoolClientId, RefreshToken: alice.refreshToken }),
    });
    const result = (await response.json()) as { AuthenticationResult?: { IdToken?: string } };
    expect(response.status).toBe(200);
    const fresh = result.AuthenticationResult?.IdToken;
    expect(fresh).toBeTruthy();
    expect((await api('GET', '/me', fresh)).status).toBe(200);
  });
});

describe('the signed-in API', () => {
  it('answers every user route 401 to a guest', async () => {
    for (const route of userRoutes) {
      const response = await api(route.method, pathOf(route.path, {}), undefined, route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
      expect(response.status, routeKey(route)).toBe(401);
      // The gateway's JWT authorizer answers before the function, in API Gateway's words.
      expect(response.body, routeKey(route)).toEqual({ message: 'Unauthorized' });
    }
  });

  it('saves and likes once however often it is asked, and counts it on the article', async () => {
    const [first, second] = cards;
    for (let i = 0; i < 2; i += 1) {
      expect((await api('PUT', `/me/bookmarks/${first!.id}`, alice.idToken)).body).toEqual({ articleId: first!.id, saved: true });
      expect((await api('PUT', `/me/likes/${second!.id}`, alice.idToken)).body).toEqual({ articleId: second!.id, liked: true });
    }
    expect((await api('GET', '/me/relations', alice.idToken)).body).toEqual({ bookmarks: [first!.id], likes: [second!.id] });
    const bookmarks = (await api('GET', '/me/bookmarks', alice.idToken)).body as ApiAnswer<'GET /me/bookmarks'>;
    expect(bookmarks.items.map((item) => item.id)).toEqual([first!.id]);
    expect(Date.parse(String(bookmarks.items[0]!.bookmarkedAt))).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses to save an article that does not exist, and bad preferences, with a message', async () => {
    expect(await api('PUT', '/me/bookmarks/no-such-article', alice.idToken)).toMatchObject({ status: 404, body: { message: 'Article not found' } });
    const bad = await api('PUT', '/me/preferences', alice.idToken, { preferredCategories: ['cricket'] });
    expect(bad.status).toBe(400);
    expect((bad.body as ErrorAnswer).message).toMatch(/preferredCategories/);
    expect((await api('PUT', '/me/preferences', alice.idToken, { userId: 'someone-else' })).status).toBe(400);
  });

  it('keeps reading progress: the furthest point, the time, complete past 90 %', async () => {
    const article = cards[2]!;
    await api('POST', `/me/reading/${article.id}`, alice.idToken, { event: 'start', progressPercentage: 12, secondsRead: 5 });
    await api('POST', `/me/reading/${article.id}`, alice.idToken, { event: 'progress', progressPercentage: 60, secondsRead: 40 });
    const back = await api('POST', `/me/reading/${article.id}`, alice.idToken, { event: 'progress', progressPercentage: 30, secondsRead: 15 });
    expect(back.body).toMatchObject({ progressPercentage: 60, readingTimeSeconds: 60, completed: false });
    await api('POST', `/me/reading/${article.id}`, alice.idToken, { event: 'complete', progressPercentage: 95, secondsRead: 20 });
    expect((await api('GET', `/me/reading/${article.id}`, alice.idToken)).body).toMatchObject({ progressPercentage: 95, readingTimeSeconds: 80, completed: true });
    const activity = (await api('GET', '/me/activity', alice.idToken)).body as ApiAnswer<'GET /me/activity'>;
    expect(activity).toMatchObject({ articlesRead: 1, readingMinutes: 1, engagementScore: 100 });
    // The save and the like above, newest first, though the reader's partition holds other records above them.
    expect(activity.recent.map((entry) => entry.actionType).sort()).toEqual(['bookmark', 'like']);
  });

  it('learns For You from what the reader likes: the stream consumer ranks the liked category first', async () => {
    const category = cards[1]!.category;
    const recommended = await waitFor(
      async () => (await api('GET', '/me/feed?kind=for-you', alice.idToken)).body as ApiAnswer<'GET /me/feed'>,
      (feed) => feed.source === 'recommendations',
    );
    expect(recommended.source).toBe('recommendations');
    expect(recommended.items[0]?.category).toBe(category);
    expect(recommended.items.map((item) => item.id)).not.toContain(cards[1]!.id);
    const generated = (await api('POST', '/me/recommendations', alice.idToken)).body as ApiAnswer<'POST /me/recommendations'>;
    expect(generated.generated).toBeGreaterThanOrEqual(0);
  });

  it('tells a category\'s followers of new and breaking stories, once, through the stream consumer', async () => {
    const carol = await signedUpReader('Carol Follower');
    expect((await api('PUT', '/me/preferences', carol.idToken, { preferredCategories: ['industry-insights'] })).status).toBe(200);
    const { createArticle } = await import('#store/articles.ts');
    const { testArticle } = await import('../support/articles.ts');
    await createArticle(testArticle({ category: 'industry-insights', title: `Breaking: creator ad spend report lands ${Date.now()}`, originalPublishedAt: new Date().toISOString() }));
    await createArticle(testArticle({ category: 'industry-insights', originalPublishedAt: new Date().toISOString() }));
    // A story outside the followed category says nothing to Carol.
    await createArticle(testArticle({ category: 'general', title: `Breaking: unrelated ${Date.now()}`, originalPublishedAt: new Date().toISOString() }));
    const titles = async () => ((await api('GET', '/me/notifications', carol.idToken)).body as ApiAnswer<'GET /me/notifications'>).items.map((item) => item.title).sort();
    const seen = await waitFor(titles, (list) => list.includes('Breaking') && list.some((title) => title.startsWith('New in')));
    expect(seen).toEqual(['Breaking', 'New in Industry Insights', 'Welcome to Creator News Hub!']);
    // More stories within the hour add no second "New in" notification.
    await createArticle(testArticle({ category: 'industry-insights', originalPublishedAt: new Date().toISOString() }));
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await titles()).toEqual(['Breaking', 'New in Industry Insights', 'Welcome to Creator News Hub!']);
  });

  it('lets reader B neither see nor change anything of reader A\'s, on any user route', async () => {
    const aliceNotifications = (await api('GET', '/me/notifications', alice.idToken)).body as ApiAnswer<'GET /me/notifications'>;
    const ids = { articleId: cards[0]!.id, id: aliceNotifications.items[0]!.id };
    const before = (await api('GET', '/me/export', alice.idToken)).body as Record<string, unknown>;

    for (const route of userRoutes.filter((candidate) => candidate.path !== '/me' || candidate.method !== 'DELETE')) {
      const body = route.method === 'PUT' && route.path === '/me/preferences' ? { preferredCategories: ['general'] } : route.method === 'POST' && route.path.startsWith('/me/reading') ? { event: 'start', progressPercentage: 50 } : route.method === 'PATCH' ? { fullName: 'Bob Changed' } : undefined;
      const response = await api(route.method, pathOf(route.path, ids), bob.idToken, body);
      expect(response.status, routeKey(route)).toBeLessThan(500);
      expect(JSON.stringify(response.body), routeKey(route)).not.toContain(alice.email);
      expect(JSON.stringify(response.body), routeKey(route)).not.toContain(ids.id);
    }
    // B's attempts on A's notification id find nothing.
    expect((await api('POST', `/me/notifications/${ids.id}/read`, bob.idToken)).status).toBe(404);
    expect((await api('DELETE', `/me/notifications/${ids.id}`, bob.idToken)).status).toBe(404);

    const after = (await api('GET', '/me/export', alice.idToken)).body as Record<string, unknown>;
    for (const part of ['profile', 'preferences', 'bookmarks', 'likes', 'readingHistory', 'notifications']) expect(after[part], part).toEqual(before[part]);
  });

  it('answers the live check with only what arrived after the newest notification the page has', async () => {
    const list = (await api('GET', '/me/notifications', alice.idToken)).body as ApiAnswer<'GET /me/notifications'>;
    const newest = list.items[0]!;
    const after = `/me/notifications?after=${newest.id}`;
    expect(((await api('GET', after, alice.idToken)).body as ApiAnswer<'GET /me/notifications'>).items).toEqual([]);
    const { createNotification } = await import('#store/notifications.ts');
    const userId = JSON.parse(Buffer.from(alice.idToken.split('.')[1]!, 'base64url').toString()).sub as string;
    const created = await createNotification({ userId, title: 'Live one', message: 'Arrived meanwhile' });
    const answer = (await api('GET', after, alice.idToken)).body as ApiAnswer<'GET /me/notifications'>;
    expect(answer.items.map((item) => item.id)).toEqual([created.id]);
    expect(answer.unreadCount).toBe(2);
    await api('DELETE', `/me/notifications/${created.id}`, alice.idToken);
  });

  it('marks notifications read one at a time or all, and deletes them', async () => {
    const list = (await api('GET', '/me/notifications', alice.idToken)).body as ApiAnswer<'GET /me/notifications'>;
    const welcome = list.items[0]!;
    expect(welcome.actionUrl).toBe('/dashboard#preferences');
    expect((await api('POST', `/me/notifications/${welcome.id}/read`, alice.idToken)).body).toEqual({ id: welcome.id, isRead: true });
    expect((await api('GET', '/me/notifications/stats', alice.idToken)).body).toMatchObject({ total: 1, unread: 0, read: 1, recentCount: 1 });
    expect((await api('POST', '/me/notifications/read-all', alice.idToken)).body).toEqual({ marked: 0 });
    expect((await api('DELETE', `/me/notifications/${welcome.id}`, alice.idToken)).status).toBe(200);
    expect((await api('DELETE', `/me/notifications/${welcome.id}`, alice.idToken)).status).toBe(404);
  });

  it('downloads the reader\'s data as a JSON file', async () => {
    const exported = await api('GET', '/me/export', alice.idToken);
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename="creator-news-hub-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(exported.body).toMatchObject({ profile: { email: alice.email }, bookmarks: [{ articleId: cards[0]!.id }], likes: [{ articleId: cards[1]!.id }] });
  });

  it('deletes the account: the Cognito user and every item of the reader\'s', async () => {
    const article = (await api('GET', `/articles/${cards[0]!.id}`)).body as ApiAnswer<'GET /articles/{id}'>;
    expect(article.id).toBe(cards[0]!.id);
    expect((await api('DELETE', '/me', alice.idToken)).body).toEqual({ deleted: true });

    const { Profile } = await import('#store/profiles.ts');
    const { Bookmark, Like } = await import('#store/reader-relations.ts');
    const { Preferences } = await import('#store/preferences.ts');
    const { Notification } = await import('#store/notifications.ts');
    const { ReadingProgress, Recommendation } = await import('#store/reading.ts');
    const userId = JSON.parse(Buffer.from(alice.idToken.split('.')[1]!, 'base64url').toString()).sub as string;
    expect((await Profile.get({ userId }).go()).data).toBeNull();
    expect((await Preferences.get({ userId }).go()).data).toBeNull();
    for (const entity of [Bookmark, Like, ReadingProgress, Recommendation]) expect((await entity.query.byUserArticle({ userId }).go()).data).toEqual([]);
    expect((await Notification.query.byUser({ userId }).go()).data).toEqual([]);

    // Its ID token still verifies until it expires: the API refuses it, and nothing comes back.
    expect(await api('GET', '/me', alice.idToken)).toMatchObject({ status: 401, body: { message: 'This account has been deleted' } });
    expect((await api('PUT', `/me/bookmarks/${cards[0]!.id}`, alice.idToken)).status).toBe(401);
    // Every signed-in area refuses it, not only the reader's own: the newsletter area would have subscribed it again.
    expect(await api('PUT', '/me/newsletter', alice.idToken, { frequency: 'daily' })).toMatchObject({ status: 401, body: { message: 'This account has been deleted' } });
    expect((await api('GET', '/me/feed', alice.idToken)).status).toBe(401);
    expect((await Profile.get({ userId }).go()).data).toBeNull();

    const client = new CognitoIdentityProviderClient({ endpoint: local().urls.userPool.endpoint, region: 'ap-south-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const signIn = client.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: local().urls.userPool.userPoolClientId, AuthParameters: { USERNAME: alice.email, PASSWORD: alice.password } }));
    await expect(signIn).rejects.toSatisfy((error) => error instanceof NotAuthorizedException || error instanceof UserNotFoundException);
  });

  it('refuses a deleted moderator\'s still-valid token in the console, reads and writes', async () => {
    const moderator = await signedInUser(['moderator']);
    expect((await api('GET', '/admin/review', moderator.idToken)).status).toBe(200);
    expect((await api('DELETE', '/me', moderator.idToken)).body).toEqual({ deleted: true });
    expect(await api('GET', '/admin/review', moderator.idToken)).toMatchObject({ status: 401, body: { message: 'This account has been deleted' } });
    expect((await api('PUT', '/admin/topics/aaj-tak/visibility', moderator.idToken, { hidden: false })).status).toBe(401);
  });
});
