import { Entity } from 'electrodb';
import type { FollowsDigestChoice, FollowsDigestFrequency } from '#domain/reader/follows-digest.ts';
import { keep, service, tableConfig, timestamps } from './table/table.ts';

/**
 * A reader's choice of the mail of what they follow (docs/topics.md "Mail of what you follow"). Only a daily or
 * weekly choice is stored (off deletes it), so the send step's Query on the frequency index reads exactly the
 * readers to mail. `lastSentAt` is the end of the period their last mail covered: the next one starts there.
 */
export const FollowsDigest = new Entity({
  model: { entity: 'followsDigest', version: '1', service },
  attributes: {
    userId: { type: 'string', required: true },
    frequency: { type: ['daily', 'weekly'] as const, required: true },
    lastSentAt: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
    byFrequency: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['frequency'], casing: keep },
      sk: { field: 'gsi1sk', composite: ['userId'], casing: keep },
    },
  },
}, tableConfig);

export async function getFollowsDigest(userId: string): Promise<{ frequency: FollowsDigestFrequency; lastSentAt?: string | undefined } | null> {
  return (await FollowsDigest.get({ userId }).go()).data;
}

/** The reader's choice: off removes it; a new frequency keeps when their last mail was, so nothing is sent twice. */
export async function setFollowsDigest(userId: string, choice: FollowsDigestChoice): Promise<void> {
  if (choice === 'off') {
    await FollowsDigest.delete({ userId }).go();
    return;
  }
  const existing = await getFollowsDigest(userId);
  await FollowsDigest.put({ userId, frequency: choice, ...(existing?.lastSentAt ? { lastSentAt: existing.lastSentAt } : {}) }).go({ response: 'none' });
}

/** Every reader who chose this frequency (ids): one Query on the frequency index, page by page. */
export async function listFollowsDigestReaders(frequency: FollowsDigestFrequency): Promise<string[]> {
  const { data } = await FollowsDigest.query.byFrequency({ frequency }).go({ pages: 'all', attributes: ['userId'] });
  return data.map((item) => item.userId);
}

/** Records the end of the period a mail covered; a reader who turned the mail off meanwhile stays off. */
export async function markFollowsDigestSent(userId: string, until: string): Promise<void> {
  try {
    await FollowsDigest.patch({ userId }).set({ lastSentAt: until }).go({ response: 'none' });
  } catch (error) {
    if (error instanceof Error && /conditional/i.test(`${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`)) return;
    throw error;
  }
}
