import pLimit from 'p-limit';
import * as z from '#domain/common/validation.ts';
import { DIGEST_BATCH_SIZE, digestIssue, pickStories, topicSetKey, topicSetLabels, type DigestArticle } from '#domain/newsletter/digest.ts';
import { renderDigest, renderFollowsDigest, type RenderedMail } from '#domain/newsletter/digest-mail.ts';
import { FREQUENCIES, TOPICS, type Frequency, type Topic } from '#domain/newsletter/newsletter.ts';
import { audienceFrequencies } from '#domain/newsletter/newsletter-admin.ts';
import { isPublicArticle, toPublicArticle } from '#domain/reader/public-articles.ts';
import { linkSigningKey } from '#core/secrets.ts';
import { getArticles, publishedSince } from '#store/article-lists.ts';
import { claimDelivery, confirmDelivery, ensureIssue, getBatch, getIssue, recordIssueTotals, releaseDelivery, saveBatch, setIssueStories } from '#store/digests.ts';
import { listDigestRecipients } from '#store/subscribers.ts';
import { config } from '#core/config.ts';
import { composedIssueMail, sendListMail, sendNewsletterMail, UNSUBSCRIBE_PLACEHOLDER } from '../services/newsletter-mail.ts';
import { followedStoriesFor, followsDigestRecipients } from '../services/follows-digest.ts';
import { markFollowsDigestSent } from '#store/follows-digest.ts';
import { logger } from '#core/logger.ts';
import { executionFields, recordRun } from './runs.ts';
import { withRunMetrics } from '#platform/run-metrics.ts';

const FREQUENCY_VALUES = FREQUENCIES.map((item) => item.value) as [Frequency, ...Frequency[]];
const KNOWN_TOPICS = new Set<string>(TOPICS.map((topic) => topic.value));
/** Mails sent at once by one step (SES allows 14/s on a new account; the Map runs 4 steps at once). */
const SEND_CONCURRENCY = 3;

const input = z.discriminatedUnion('step', [
  z.object({
      step: z.literal('prepare'),
      now: z.iso.datetime({ offset: true }),
      frequency: z.optional(z.enum(FREQUENCY_VALUES)),
      /** The execution's input: a digest names its frequency; an issue composed in the console its issueId. */
      input: z.optional(z.looseObject({
        frequency: z.optional(z.enum(FREQUENCY_VALUES)),
        issueId: z.optional(z.string().check(z.minLength(1))),
        /** The mail of what readers follow (docs/topics.md), daily or weekly, instead of the newsletter. */
        list: z.optional(z.literal('follows')),
      })),
    }).check(z.refine((step) => step.input?.issueId || step.frequency || step.input?.frequency, { message: 'a digest needs a frequency' })),
  z.object({ step: z.literal('send'), issueId: z.string().check(z.minLength(1)), batch: z.int().check(z.minimum(0)) }),
  z.object({
    step: z.literal('record'),
    ...executionFields,
    issueId: z.string().check(z.minLength(1)),
    results: z.array(z.object({ sent: z.number(), skipped: z.number(), failed: z.number() })),
  }),
]);

export type NewsletterStepInput = z.input<typeof input>;

const digestArticle = (article: Parameters<typeof toPublicArticle>[0]): DigestArticle => {
  const card = toPublicArticle(article);
  return { id: card.id, title: card.title, summary: card.summary, category: card.category, sourceName: card.sourceName, sourceUrl: card.sourceUrl, publishedAt: card.publishedAt, viewsCount: card.viewsCount, relevanceScore: card.relevanceScore };
};

/**
 * Chooses the issue's stories once per topic set and splits the verified, active subscribers of the
 * frequency into batches stored in the table; the state machine then maps over the batch numbers.
 */
/** Splits recipients into the issue's stored batches: the state machine maps over the batch numbers. */
async function saveBatches(issueId: string, recipients: Array<{ email: string; topics: string; userId?: string }>) {
  const batches: Array<{ issueId: string; batch: number }> = [];
  for (let start = 0; start < recipients.length; start += DIGEST_BATCH_SIZE) {
    const batch = batches.length;
    await saveBatch(issueId, batch, recipients.slice(start, start + DIGEST_BATCH_SIZE));
    batches.push({ issueId, batch });
  }
  return batches;
}

/**
 * An issue composed in the console (saved by the admin API before it started this execution): every
 * verified, active (so unsuppressed) subscriber of its frequency, or of every frequency. An address has
 * one frequency, so it is listed once; the delivery claims keep a re-run from sending it twice.
 */
async function prepareComposed(issueId: string) {
  const issue = await getIssue(issueId);
  if (!issue?.subject || !issue.content) throw new Error(`Composed issue ${issueId} is missing`);
  const recipients: Array<{ email: string; topics: string }> = [];
  for (const frequency of audienceFrequencies(issue.frequency)) {
    let cursor: string | null = null;
    do {
      const page = await listDigestRecipients(frequency, { limit: 500, cursor });
      for (const subscriber of page.items) recipients.push({ email: subscriber.email, topics: 'all' });
      cursor = page.cursor;
    } while (cursor);
  }
  const batches = await saveBatches(issueId, recipients);
  logger.info('composed newsletter issue prepared', { issueId, recipients: recipients.length, batches: batches.length });
  return { issueId, recipients: recipients.length, batches };
}

async function prepare(frequency: Frequency, now: Date) {
  const period = digestIssue(frequency, now);
  const articles = (await publishedSince(period.since)).filter(isPublicArticle).map(digestArticle);
  const recipients: Array<{ email: string; topics: string }> = [];
  let cursor: string | null = null;
  do {
    const page = await listDigestRecipients(frequency, { limit: 500, cursor });
    for (const subscriber of page.items) {
      const topics = (subscriber.preferredTopics ?? []).filter((topic) => KNOWN_TOPICS.has(topic));
      recipients.push({ email: subscriber.email, topics: topicSetKey(topics) });
    }
    cursor = page.cursor;
  } while (cursor);
  const stories: Record<string, string[]> = {};
  for (const key of new Set(recipients.map((recipient) => recipient.topics))) {
    const topics = (key === 'all' ? [] : key.split('+')) as Topic[];
    stories[key] = pickStories(articles, topics, frequency).map((article) => article.id);
  }
  // A re-run keeps the stories first chosen for the issue and adds any topic set new since.
  const issue = await ensureIssue({ issueId: period.issueId, frequency, since: period.since, until: period.until, stories });
  const chosen = { ...stories, ...(issue.stories as Record<string, string[]>) };
  if (JSON.stringify(chosen) !== JSON.stringify(issue.stories)) await setIssueStories(period.issueId, chosen);
  const batches = await saveBatches(period.issueId, recipients);
  logger.info('newsletter issue prepared', { issueId: period.issueId, recipients: recipients.length, batches: batches.length, articles: articles.length });
  return { issueId: period.issueId, recipients: recipients.length, batches };
}

/**
 * The mail of what readers follow: one issue per frequency and India day or week (so its claims keep a
 * retried or repeated run from mailing a reader twice in the period), its recipients the readers who chose
 * it. Each reader's stories are chosen at the send step, from their own follows and last mail.
 */
async function prepareFollows(frequency: Frequency, now: Date) {
  if (frequency === 'monthly') throw new Error('The mail of what readers follow is daily or weekly');
  const period = digestIssue(frequency, now);
  const issueId = `follows-${period.issueId}`;
  await ensureIssue({ issueId, list: 'follows', frequency, since: period.since, until: period.until, stories: {} });
  const recipients = (await followsDigestRecipients(frequency)).map((reader) => ({ email: reader.email, topics: 'follows', userId: reader.userId }));
  const batches = await saveBatches(issueId, recipients);
  logger.info('follows mail prepared', { issueId, recipients: recipients.length, batches: batches.length });
  return { issueId, recipients: recipients.length, batches };
}

/** One reader's mail of what they follow, or null when nothing they follow has new stories (no mail). */
async function followsMailFor(issue: { since: string; until: string; frequency?: Frequency | undefined }, userId: string): Promise<RenderedMail | null> {
  if (issue.frequency !== 'daily' && issue.frequency !== 'weekly') return null;
  const sections = await followedStoriesFor(userId, issue);
  if (!sections.length) return null;
  const articles = new Map((await getArticles([...new Set(sections.flatMap((section) => section.articleIds))])).filter(isPublicArticle).map((article) => [article.id, digestArticle(article)]));
  const listed = sections
    .map((section) => ({ label: section.label, stories: section.articleIds.map((id) => articles.get(id)).filter((article): article is DigestArticle => Boolean(article)) }))
    .filter((section) => section.stories.length);
  return listed.length ? renderFollowsDigest({ frequency: issue.frequency, sections: listed, siteUrl: config.SITE_URL, unsubscribeUrl: UNSUBSCRIBE_PLACEHOLDER }) : null;
}

/**
 * Sends one batch: each address is claimed before its mail (so a retried step or a re-run sends nothing
 * twice) and released if SES refuses, so the retry sends it. Every mail carries List-Unsubscribe with the
 * one-click POST (RFC 8058) and the configuration set.
 */
async function send(issueId: string, batchNumber: number) {
  const [issue, batch] = await Promise.all([getIssue(issueId), getBatch(issueId, batchNumber)]);
  if (!issue || !batch) throw new Error(`Issue ${issueId} batch ${batchNumber} is missing`);
  const follows = issue.list === 'follows';
  const stories = issue.stories as Record<string, string[]>;
  const articles = new Map((await getArticles([...new Set(Object.values(stories).flat())])).map((article) => [article.id, digestArticle(article)]));
  const key = await linkSigningKey();
  // One rendering per topic set (or one for a composed issue); each recipient's unsubscribe link replaces the placeholder.
  const rendered = new Map<string, RenderedMail | null>();
  const composed = issue.subject && issue.content ? { subject: issue.subject, content: issue.content } : null;
  const digestFrequency = issue.frequency;
  if (!follows && !composed && !digestFrequency) throw new Error(`Issue ${issueId} has neither a frequency nor composed content`);
  const renderTopicDigest = (topics: string): RenderedMail | null => {
    const picked = (stories[topics] ?? []).map((id) => articles.get(id)).filter((article): article is DigestArticle => Boolean(article));
    return digestFrequency && picked.length ? renderDigest({ frequency: digestFrequency, stories: picked, topics: topicSetLabels(topics), siteUrl: config.SITE_URL, unsubscribeUrl: UNSUBSCRIBE_PLACEHOLDER }) : null;
  };
  const renderFor = (topics: string): RenderedMail | null => {
    const renderKey = composed ? 'composed' : topics;
    if (!rendered.has(renderKey)) rendered.set(renderKey, composed ? composedIssueMail(composed) : renderTopicDigest(topics));
    return rendered.get(renderKey) ?? null;
  };
  const totals = { sent: 0, skipped: 0, failed: 0 };
  const limit = pLimit(SEND_CONCURRENCY);
  await Promise.all(
    batch.recipients.map((recipient) =>
      limit(async () => {
        const readerId = follows ? recipient.userId : undefined;
        const mail = readerId ? await followsMailFor(issue, readerId) : follows ? null : renderFor(recipient.topics);
        // Nothing published in the subscriber's topics (or what the reader follows): no empty mail.
        if (!mail || !(await claimDelivery(issueId, recipient.email))) {
          totals.skipped += 1;
          return;
        }
        try {
          const { messageId } = readerId
            ? await sendListMail(recipient.email, mail, { purpose: 'follows-unsubscribe', userId: readerId }, key, { kind: 'follows', issue: issueId })
            : await sendNewsletterMail(recipient.email, mail, key, { kind: composed ? 'composed' : 'digest', issue: issueId });
          await confirmDelivery(issueId, recipient.email, messageId);
          // The reader's next mail starts where this one's period ended.
          if (readerId) await markFollowsDigestSent(readerId, issue.until);
          totals.sent += 1;
        } catch (error) {
          await releaseDelivery(issueId, recipient.email);
          totals.failed += 1;
          logger.error('digest mail failed', { issueId, error: error instanceof Error ? error.message : String(error) });
        }
      }),
    ),
  );
  return totals;
}

async function handleEvent(event: unknown) {
  const step = input.parse(event);
  switch (step.step) {
    case 'prepare': {
      if (step.input?.issueId) return prepareComposed(step.input.issueId);
      const frequency = step.frequency ?? step.input?.frequency;
      if (!frequency) throw new Error('a digest needs a frequency');
      if (step.input?.list === 'follows') return prepareFollows(frequency, new Date(step.now));
      return prepare(frequency, new Date(step.now));
    }
    case 'send':
      return send(step.issueId, step.batch);
    case 'record': {
      const totals = step.results.reduce((sum, result) => ({ sent: sum.sent + result.sent, skipped: sum.skipped + result.skipped, failed: sum.failed + result.failed }), { sent: 0, skipped: 0, failed: 0 });
      await recordIssueTotals(step.issueId, { batches: step.results.length, ...totals });
      await recordRun('newsletter', step, { issueId: step.issueId, batches: step.results.length, ...totals });
      return { issueId: step.issueId, batches: step.results.length, ...totals };
    }
  }
}

/** The described function's entry: every invocation's duration and outcome are recorded (platform/run-metrics.ts). */
export const handler = withRunMetrics('newsletter-digest', handleEvent);
