import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiAnswer } from '#http/answers.ts';
import type { ErrorAnswer } from '#platform/router.ts';
import { MAX_KEYWORD_ALERTS } from '#domain/reader/follows.ts';
import { keywordId } from '#domain/reader/keyword-alerts.ts';
import { api, signedUpReader, useLocalAws, type Reader } from '../support/aws.ts';

/**
 * Publishers, keyword alerts and mutes on the running local runtime (docs/topics.md "Follows"): each reader's
 * own, enforced by the server; a story from a followed publisher or naming a keyword alert is one notification
 * per reader, none for a reader who muted its publisher; For You leaves a muted publisher out.
 */
type Notifications = typeof import('#store/notifications.ts');
type Articles = typeof import('#store/articles.ts');
type Feeds = typeof import('#store/feeds.ts');
let notifications: Notifications;
let articles: Articles;
let feeds: Feeds;

const marker = () => `zq${randomUUID().replace(/[^a-f]/g, '').slice(0, 10)}`;

type Follows = ApiAnswer<'GET /me/follows'>;
const followsOf = async (reader: Reader) => (await api('GET', '/me/follows', reader.idToken)).body as Follows;
const userIdOf = async (reader: Reader) => ((await api('GET', '/me', reader.idToken)).body as ApiAnswer<'GET /me'>).userId;

/** A publisher: a feed source as the console or the catalogue adds one (paused: no ingest fetches it). */
async function publisher(name: string): Promise<{ id: string; name: string }> {
  const id = `pub-${marker()}`;
  await feeds.FeedSource.create({ id, name, url: `https://${id}.example.com/feed`, active: false, nextCheckAt: new Date(0).toISOString() }).go();
  return { id, name };
}

/** A story from a publisher's feed, published as the ingest stores one (article.feedId is the publisher). */
async function publishFrom(from: { id: string; name: string }, title: string, summary = 'A report for the readers of this beat.'): Promise<{ id: string; title: string }> {
  const word = marker();
  const id = randomUUID();
  const created = await articles.createArticle({
    id,
    title,
    summary,
    category: 'regulations-ethics',
    sourceUrl: `https://${from.id}.example.com/${word}`,
    sourceName: from.name,
    feedId: from.id,
    status: 'published',
    adminStatus: 'approved',
    relevanceScore: 80,
    // A minute ahead: newest on the latest list whatever other tests publish meanwhile.
    originalPublishedAt: new Date(Date.now() + 60_000).toISOString(),
    urlHash: `url-${word}`,
    titleHash: `title-${word}`,
  });
  expect(created.created).toBe(true);
  return { id, title };
}

async function notificationsAbout(userId: string, articleId: string) {
  return (await notifications.allNotifications(userId)).filter((item) => item.actionUrl?.endsWith(articleId));
}

let asha: Reader;
let ravi: Reader;
let samosa: { id: string; name: string };
let desk: { id: string; name: string };

beforeAll(async () => {
  useLocalAws();
  notifications = await import('#store/notifications.ts');
  articles = await import('#store/articles.ts');
  feeds = await import('#store/feeds.ts');
  [asha, ravi] = await Promise.all([signedUpReader('Asha Publisher Follower'), signedUpReader('Ravi Reader')]);
  [samosa, desk] = await Promise.all([publisher('Samosa Wire'), publisher('Desk Daily')]);
});

describe('publishers, keyword alerts and mutes are the signed-in reader’s own', () => {
  it('refuses guests with 401, bad input with 400 and an unknown publisher with 404, each with a message', async () => {
    const guestCalls = [
      ['PUT', `/me/follows/publishers/${samosa.id}`],
      ['DELETE', `/me/follows/publishers/${samosa.id}`],
      ['POST', '/me/follows/keywords'],
      ['DELETE', `/me/follows/keywords/${keywordId('sebi')}`],
      ['PUT', `/me/mutes/publishers/${samosa.id}`],
      ['DELETE', `/me/mutes/publishers/${samosa.id}`],
    ] as const;
    for (const [method, path] of guestCalls) expect((await api(method, path, undefined, { keyword: 'SEBI' })).status, `${method} ${path}`).toBe(401);

    const message = async (method: string, path: string, body?: unknown) => {
      const answer = await api(method, path, asha.idToken, body);
      return { status: answer.status, message: (answer.body as ErrorAnswer).message };
    };
    expect(await message('PUT', '/me/follows/publishers/Not%20A%20Publisher')).toEqual({ status: 400, message: expect.stringMatching(/Invalid publisher id/) });
    expect(await message('PUT', '/me/follows/publishers/no-such-publisher')).toEqual({ status: 404, message: 'Publisher not found' });
    expect(await message('PUT', '/me/mutes/publishers/no-such-publisher')).toEqual({ status: 404, message: 'Publisher not found' });
    expect(await message('POST', '/me/follows/keywords', { keyword: ' a ' })).toEqual({ status: 400, message: 'A keyword needs at least 2 characters' });
    expect(await message('POST', '/me/follows/keywords', { keyword: '#ad <b>' })).toEqual({ status: 400, message: "A keyword can have only letters, digits, spaces and & . - '" });
    expect(await message('POST', '/me/follows/keywords', { keyword: 'x'.repeat(41) })).toEqual({ status: 400, message: 'A keyword can have at most 40 characters' });
    expect((await message('POST', '/me/follows/keywords', {})).status).toBe(400);
    expect(await message('DELETE', '/me/follows/keywords/not*an*id')).toEqual({ status: 400, message: expect.stringMatching(/Invalid keyword id/) });
    expect(await message('DELETE', `/me/follows/keywords/${keywordId('never alerted')}`)).toEqual({ status: 404, message: 'You have no alert on this keyword' });
  });

  it('follows and unfollows a publisher and a keyword; another reader sees none of it; a mute and a follow take each other back', async () => {
    const reader = await signedUpReader('Follows Keeper');
    expect(await api('PUT', `/me/follows/publishers/${samosa.id}`, reader.idToken)).toMatchObject({ status: 200, body: { publisher: samosa, following: true, muted: false } });
    const added = await api('POST', '/me/follows/keywords', reader.idToken, { keyword: '  SEBI  ' });
    expect(added).toMatchObject({ status: 200, body: { keyword: { id: keywordId('sebi'), keyword: 'SEBI' }, following: true } });
    // Another spelling of the same keyword is the same alert.
    await api('POST', '/me/follows/keywords', reader.idToken, { keyword: 'sebi' });
    await api('POST', '/me/follows/keywords', reader.idToken, { keyword: 'Brand   Safety' });

    const mine = await followsOf(reader);
    expect(mine.publishers).toEqual([samosa]);
    expect(mine.keywords).toEqual([{ id: keywordId('brand safety'), keyword: 'Brand Safety' }, { id: keywordId('sebi'), keyword: 'SEBI' }]);
    expect(mine.mutedPublishers).toEqual([]);
    expect(await followsOf(ravi)).toMatchObject({ publishers: [], keywords: [], mutedPublishers: [] });
    // Ravi cannot take Asha's alert away: his DELETE finds nothing of his own.
    expect((await api('DELETE', `/me/follows/keywords/${keywordId('sebi')}`, ravi.idToken)).status).toBe(404);
    expect((await followsOf(reader)).keywords).toHaveLength(2);

    expect(await api('PUT', `/me/mutes/publishers/${samosa.id}`, reader.idToken)).toMatchObject({ status: 200, body: { muted: true, following: false } });
    expect(await followsOf(reader)).toMatchObject({ publishers: [], mutedPublishers: [samosa] });
    await api('PUT', `/me/follows/publishers/${samosa.id}`, reader.idToken);
    expect(await followsOf(reader)).toMatchObject({ publishers: [samosa], mutedPublishers: [] });
    await api('PUT', `/me/mutes/publishers/${desk.id}`, reader.idToken);
    expect(await api('DELETE', `/me/mutes/publishers/${desk.id}`, reader.idToken)).toMatchObject({ status: 200, body: { muted: false } });

    expect(await api('DELETE', `/me/follows/publishers/${samosa.id}`, reader.idToken)).toMatchObject({ status: 200, body: { following: false } });
    expect(await api('DELETE', `/me/follows/keywords/${keywordId('sebi')}`, reader.idToken)).toMatchObject({ status: 200, body: { following: false } });
    expect(await followsOf(reader)).toMatchObject({ publishers: [], keywords: [{ keyword: 'Brand Safety' }], mutedPublishers: [] });
  });

  it(`takes at most ${MAX_KEYWORD_ALERTS} keyword alerts a reader`, async () => {
    const reader = await signedUpReader('Keyword Collector');
    const word = marker();
    for (let index = 0; index < MAX_KEYWORD_ALERTS; index++) expect((await api('POST', '/me/follows/keywords', reader.idToken, { keyword: `${word} ${index}` })).status).toBe(200);
    // Adding one it has is still fine; a new one is refused with a message.
    expect((await api('POST', '/me/follows/keywords', reader.idToken, { keyword: `${word} 0` })).status).toBe(200);
    const refused = await api('POST', '/me/follows/keywords', reader.idToken, { keyword: `${word} more` });
    expect(refused).toMatchObject({ status: 409, body: { message: `You have ${MAX_KEYWORD_ALERTS} keyword alerts, the most there can be: remove one first` } });
    expect((await followsOf(reader)).keywords).toHaveLength(MAX_KEYWORD_ALERTS);
  });
});

describe('a story from a followed publisher or naming a keyword alert', () => {
  it('makes exactly one notification per reader that says why, and none for a reader who muted the publisher', async () => {
    const alert = marker();
    const [publisherFan, keywordFan, both, muter] = await Promise.all([signedUpReader('Publisher Fan'), signedUpReader('Keyword Fan'), signedUpReader('Both Fan'), signedUpReader('Muter')]);
    await api('PUT', `/me/follows/publishers/${samosa.id}`, publisherFan.idToken);
    await api('POST', '/me/follows/keywords', keywordFan.idToken, { keyword: alert.toUpperCase() });
    await api('PUT', `/me/follows/publishers/${samosa.id}`, both.idToken);
    await api('POST', '/me/follows/keywords', both.idToken, { keyword: alert });
    await api('POST', '/me/follows/keywords', muter.idToken, { keyword: alert });
    await api('PUT', `/me/mutes/publishers/${samosa.id}`, muter.idToken);
    const [publisherFanId, keywordFanId, bothId, muterId] = await Promise.all([userIdOf(publisherFan), userIdOf(keywordFan), userIdOf(both), userIdOf(muter)]);

    const plain = await publishFrom(samosa, `Samosa Wire on creator payouts ${marker()}`);
    const named = await publishFrom(desk, `Desk Daily: finfluencer rules ${marker()}`, `The regulator and ${alert.toUpperCase()} on paid tie-ups.`);
    const namedBySamosa = await publishFrom(samosa, `${alert} in the headline ${marker()}`);
    const inAWord = await publishFrom(desk, `${alert}s is not the keyword ${marker()}`);

    const counts = async () =>
      Promise.all(
        [
          [publisherFanId, plain], [publisherFanId, named], [publisherFanId, namedBySamosa],
          [keywordFanId, plain], [keywordFanId, named], [keywordFanId, namedBySamosa], [keywordFanId, inAWord],
          [bothId, namedBySamosa],
          [muterId, namedBySamosa], [muterId, named],
        ].map(async ([userId, story]) => (await notificationsAbout(userId as string, (story as { id: string }).id)).length),
      );
    const expected = [1, 0, 1, 0, 1, 1, 0, 1, 0, 1];
    await expect.poll(counts, { timeout: 30_000 }).toEqual(expected);

    expect((await notificationsAbout(publisherFanId, plain.id))[0]).toMatchObject({ kind: 'publishers', title: 'New from Samosa Wire', message: plain.title });
    expect((await notificationsAbout(keywordFanId, named.id))[0]).toMatchObject({ kind: 'keywords', title: `Matches your alert "${alert.toUpperCase()}"`, message: named.title });
    // A reader who follows the publisher and has the alert hears once, for the alert.
    expect((await notificationsAbout(bothId, namedBySamosa.id))[0]).toMatchObject({ kind: 'keywords', title: `Matches your alert "${alert}"` });
    // The center shows them as every notification.
    const center = (await api('GET', '/me/notifications', keywordFan.idToken)).body as ApiAnswer<'GET /me/notifications'>;
    expect(center.items.filter((item) => item.actionUrl?.endsWith(named.id))).toHaveLength(1);
    // Still exactly so a moment later: the stream's other consumers and a second look make nothing more.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await counts()).toEqual(expected);
  });
});

describe('export and account deletion', () => {
  it('export lists publishers, mutes and alerts; deleting the account takes its alerts out of the keyword index', async () => {
    const { alertedKeywords } = await import('#store/keyword-alerts.ts');
    const reader = await signedUpReader('Leaving Reader');
    const alert = marker();
    await api('POST', '/me/follows/keywords', reader.idToken, { keyword: alert });
    await api('PUT', `/me/follows/publishers/${samosa.id}`, reader.idToken);
    await api('PUT', `/me/mutes/publishers/${desk.id}`, reader.idToken);
    expect(await alertedKeywords()).toContain(alert);

    const exported = (await api('GET', '/me/export', reader.idToken)).body as ApiAnswer<'GET /me/export'>;
    expect(exported).toMatchObject({
      keywordAlerts: [{ keyword: alert }],
      followedPublishers: [{ publisherId: samosa.id, name: samosa.name }],
      mutedPublishers: [{ publisherId: desk.id, name: desk.name }],
    });

    expect((await api('DELETE', '/me', reader.idToken)).status).toBe(200);
    expect(await alertedKeywords()).not.toContain(alert);
  });
});

describe('For You', () => {
  it('leaves a muted publisher’s stories out and keeps the others', async () => {
    const [muter, plainReader] = await Promise.all([signedUpReader('For You Muter'), signedUpReader('For You Plain')]);
    await api('PUT', `/me/mutes/publishers/${desk.id}`, muter.idToken);
    const fromMuted = await publishFrom(desk, `Desk Daily on the creator economy ${marker()}`);
    const fromOther = await publishFrom(samosa, `Samosa Wire on the creator economy ${marker()}`);
    const forYou = async (reader: Reader) => {
      const feed = (await api('GET', '/me/feed?kind=for-you', reader.idToken)).body as ApiAnswer<'GET /me/feed'>;
      return feed.items.map((item) => item.id).filter((id) => id === fromMuted.id || id === fromOther.id).sort();
    };
    await expect.poll(() => forYou(plainReader), { timeout: 30_000 }).toEqual([fromMuted.id, fromOther.id].sort());
    expect(await forYou(muter)).toEqual([fromOther.id]);
    const card = ((await api('GET', '/me/feed?kind=for-you', plainReader.idToken)).body as ApiAnswer<'GET /me/feed'>).items.find((item) => item.id === fromMuted.id);
    expect(card?.publisher).toEqual(desk);

    await api('DELETE', `/me/mutes/publishers/${desk.id}`, muter.idToken);
    expect(await forYou(muter)).toEqual([fromMuted.id, fromOther.id].sort());
  });
});
