import { beforeAll, describe, expect, it } from 'vitest';
import { api, signedUpReader, useLocalAws, type Reader } from '../support/aws.ts';
import type { ApiAnswer } from '#http/answers.ts';
import { READ_MARK_LIMIT } from '#domain/reader/reading.ts';

/**
 * Read marks over the running local runtime, with real tokens: what a reader opened or marked shows as read
 * to them alone; marking is idempotent and bounded; bad input is a 4xx with a message; guests get 401.
 */
type Card = ApiAnswer<'GET /articles'>['items'][number];

let alice: Reader;
let bob: Reader;
let cards: Card[];

const readsOf = async (who: Reader, ids: readonly string[]) => (await api('GET', `/me/reads?ids=${ids.map(encodeURIComponent).join(',')}`, who.idToken)).body as ApiAnswer<'GET /me/reads'>;

beforeAll(async () => {
  useLocalAws();
  [alice, bob] = await Promise.all([signedUpReader('Alice Reads'), signedUpReader('Bob Reads')]);
  cards = ((await api('GET', '/articles?limit=15&market=all')).body as ApiAnswer<'GET /articles'>).items;
  expect(cards.length).toBeGreaterThan(4);
});

describe('read marks', () => {
  it('marks an opened article read for that reader only, and marking again writes nothing new', async () => {
    const [first, second] = cards;
    expect((await readsOf(alice, [first!.id, second!.id])).read).toEqual([]);
    const marked = await api('POST', '/me/reads', alice.idToken, { articleIds: [first!.id] });
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ marked: 1, read: [first!.id] });
    expect((await api('POST', '/me/reads', alice.idToken, { articleIds: [first!.id] })).body).toEqual({ marked: 0, read: [first!.id] });
    expect((await readsOf(alice, [first!.id, second!.id])).read).toEqual([first!.id]);
    // Reader B sees none of A's marks, and B's marks do not reach A.
    expect((await readsOf(bob, [first!.id, second!.id])).read).toEqual([]);
    await api('POST', '/me/reads', bob.idToken, { articleIds: [second!.id] });
    expect((await readsOf(alice, [first!.id, second!.id])).read).toEqual([first!.id]);
    expect((await readsOf(bob, [first!.id, second!.id])).read).toEqual([second!.id]);
  });

  it('marks every card of a list in one call, keeps reading progress already made, and leaves activity to real reading', async () => {
    const reader = await signedUpReader('Carol Reads');
    const ids = cards.map((card) => card.id);
    await api('POST', `/me/reading/${ids[0]!}`, reader.idToken, { event: 'start', progressPercentage: 40, secondsRead: 30 });
    const marked = await api('POST', '/me/reads', reader.idToken, { articleIds: [...ids, ids[1]] });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ marked: ids.length - 1 });
    expect((await readsOf(reader, ids)).read.sort()).toEqual([...ids].sort());
    // The mark did not reset the progress, and the Reading Activity counts the one article read, not the marks.
    expect((await api('GET', `/me/reading/${ids[0]!}`, reader.idToken)).body).toMatchObject({ progressPercentage: 40, readingTimeSeconds: 30 });
    expect((await api('GET', '/me/activity', reader.idToken)).body).toMatchObject({ articlesRead: 1 });
  });

  it('answers bad input with a 4xx and a message, and unknown articles with 404', async () => {
    const tooMany = Array.from({ length: READ_MARK_LIMIT + 1 }, (_, index) => `a${index}`);
    for (const body of [undefined, {}, { articleIds: [] }, { articleIds: 'x' }, { articleIds: [''] }, { articleIds: tooMany }, { articleIds: ['x'.repeat(101)] }]) {
      const response = await api('POST', '/me/reads', alice.idToken, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((response.body as { message?: string }).message, JSON.stringify(body)).toBeTruthy();
    }
    for (const query of ['', '?ids=', `?ids=${tooMany.join(',')}`]) {
      const response = await api('GET', `/me/reads${query}`, alice.idToken);
      expect(response.status, query).toBe(400);
      expect((response.body as { message?: string }).message, query).toBeTruthy();
    }
    const unknown = await api('POST', '/me/reads', alice.idToken, { articleIds: ['no-such-article'] });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: 'Article not found' });
    // Unknown ids beside real ones are left out.
    expect((await api('POST', '/me/reads', alice.idToken, { articleIds: ['no-such-article', cards[2]!.id] })).body).toEqual({ marked: 1, read: [cards[2]!.id] });
  });

  it('refuses guests with 401', async () => {
    expect((await api('GET', `/me/reads?ids=${cards[0]!.id}`)).status).toBe(401);
    expect((await api('POST', '/me/reads', undefined, { articleIds: [cards[0]!.id] })).status).toBe(401);
  });
});
