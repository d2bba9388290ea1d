import { CustomAttributeType, Entity, type EntityItem } from 'electrodb';
import { expiresInDays } from './table/ids.ts';
import { type Frequency, SUBSCRIPTION_TYPES } from './subscribers.ts';
import { keep, service, tableConfig, timestamps } from './table/table.ts';

/** A newsletter issue (one per frequency and India-time day, week or month) and its stories per topic set. */
export const NewsletterIssue = new Entity({
  model: { entity: 'newsletterIssue', version: '1', service },
  attributes: {
    issueId: { type: 'string', required: true },
    /** A digest's frequency; on an issue composed in the console, its audience (absent: every frequency). */
    frequency: { type: SUBSCRIPTION_TYPES },
    /** The mail of what readers follow (docs/topics.md): its recipients are readers, each with their own stories. */
    list: { type: ['follows'] as const },
    /** Set on an issue an admin composed in the console (plain text; the mail template escapes it). */
    subject: { type: 'string' },
    content: { type: 'string' },
    since: { type: 'string', required: true },
    until: { type: 'string', required: true },
    /** Topic-set key -> story ids, chosen once per set. */
    stories: { type: CustomAttributeType<Record<string, string[]>>('any'), required: true },
    batches: { type: 'number', default: 0 },
    sent: { type: 'number', default: 0 },
    skipped: { type: 'number', default: 0 },
    failed: { type: 'number', default: 0 },
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['issueId'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
  },
}, tableConfig);

/** One batch of an issue's recipients (the state machine passes batch numbers, not addresses). */
export const NewsletterBatch = new Entity({
  model: { entity: 'newsletterBatch', version: '1', service },
  attributes: {
    issueId: { type: 'string', required: true },
    batch: { type: 'number', required: true },
    recipients: { type: 'list', items: { type: 'map', properties: { email: { type: 'string', required: true }, topics: { type: 'string', required: true }, userId: { type: 'string' } } }, required: true },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byIssue: {
      pk: { field: 'pk', composite: ['issueId'], casing: keep },
      sk: { field: 'sk', composite: ['batch'], casing: keep },
    },
  },
}, tableConfig);

/** An issue sent to an address: written before the mail (conditionally), so no address gets an issue twice. */
export const NewsletterDelivery = new Entity({
  model: { entity: 'newsletterDelivery', version: '1', service },
  attributes: {
    issueId: { type: 'string', required: true },
    email: { type: 'string', required: true },
    messageId: { type: 'string' },
    sentAt: { type: 'string', required: true, default: () => new Date().toISOString() },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byIssue: {
      pk: { field: 'pk', composite: ['issueId'], casing: keep },
      sk: { field: 'sk', composite: ['email'], casing: keep },
    },
  },
}, tableConfig);

export type IssueItem = EntityItem<typeof NewsletterIssue>;

/** Batches are working data of one run; deliveries are kept a year (the idempotency of re-runs). */
const BATCH_DAYS = 7;
const DELIVERY_DAYS = 400;

export async function getIssue(issueId: string): Promise<IssueItem | null> {
  return (await NewsletterIssue.get({ issueId }).go()).data;
}

/** Saves the issue unless it exists (a re-run keeps the stories first chosen); returns the stored one. */
export async function ensureIssue(issue: Pick<IssueItem, 'issueId' | 'frequency' | 'since' | 'until' | 'stories'> & Partial<Pick<IssueItem, 'list'>>): Promise<IssueItem> {
  try {
    return (await NewsletterIssue.create(issue).go()).data;
  } catch (error) {
    const existing = await getIssue(issue.issueId);
    if (existing) return existing;
    throw error;
  }
}

export async function saveBatch(issueId: string, batch: number, recipients: Array<{ email: string; topics: string; userId?: string }>): Promise<void> {
  await NewsletterBatch.put({ issueId, batch, recipients, expiresAt: expiresInDays(BATCH_DAYS) }).go();
}

export async function getBatch(issueId: string, batch: number) {
  return (await NewsletterBatch.get({ issueId, batch }).go()).data;
}

/** Claims the issue for the address; false when it was already sent (or claimed) there. */
export async function claimDelivery(issueId: string, email: string): Promise<boolean> {
  try {
    await NewsletterDelivery.create({ issueId, email, expiresAt: expiresInDays(DELIVERY_DAYS) }).go();
    return true;
  } catch (error) {
    if (error instanceof Error && /conditional/i.test(`${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`)) return false;
    throw error;
  }
}

export async function confirmDelivery(issueId: string, email: string, messageId: string): Promise<void> {
  await NewsletterDelivery.patch({ issueId, email }).set({ messageId }).go();
}

/** A send that failed gives its claim back, so a retry sends it. */
export async function releaseDelivery(issueId: string, email: string): Promise<void> {
  await NewsletterDelivery.delete({ issueId, email }).go();
}

export async function recordIssueTotals(issueId: string, totals: { batches: number; sent: number; skipped: number; failed: number }): Promise<void> {
  await NewsletterIssue.patch({ issueId }).set(totals).go();
}

/** Adds the stories of topic sets new since the issue was first prepared. */
export async function setIssueStories(issueId: string, stories: Record<string, string[]>): Promise<void> {
  await NewsletterIssue.patch({ issueId }).set({ stories }).go();
}

/** Saves an issue an admin composed; the newsletter state machine sends it (each address once). */
export async function createComposedIssue(issue: { issueId: string; subject: string; content: string; frequency?: Frequency; now: string }): Promise<void> {
  await NewsletterIssue.create({
    issueId: issue.issueId,
    subject: issue.subject,
    content: issue.content,
    ...(issue.frequency ? { frequency: issue.frequency } : {}),
    since: issue.now,
    until: issue.now,
    stories: {},
  }).go();
}
