import { randomBytes } from 'node:crypto';
import * as z from '#domain/common/validation.ts';
import {
  audienceFrequencies,
  composeProblem,
  composeSchema,
  confirmedRecipientsSchema,
  NEWSLETTER_ADMIN_TEXTS,
  recipientsChanged,
  searchTerm,
  subscriberStatus,
  SUBSCRIBERS_PAGE,
  TEST_SEND_LIMIT,
  testSubject,
} from '#domain/newsletter/newsletter-admin.ts';
import { FREQUENCIES, type Frequency } from '#domain/newsletter/newsletter.ts';
import { startExecution, StepFunctionsError } from '#adapters/stepfunctions.ts';
import { recordAudit } from '#store/audit.ts';
import { createComposedIssue } from '#store/digests.ts';
import { searchSubscribers, subscriberCounts } from '#store/read-models/newsletter-admin.ts';
import { getProfile } from '#store/profiles.ts';
import { countDigestRecipients } from '#store/subscribers.ts';
import { composedIssueMail, sendNewsletterMail, withUnsubscribeLink } from '../../services/newsletter-mail.ts';
import { linkSigningKey } from '#core/secrets.ts';
import { config } from '#core/config.ts';
import { latestPipelineRuns } from '#store/pipeline-runs.ts';
import { type Caller, signedInCaller } from '#platform/auth.ts';
import { enforceRateLimit } from '#platform/rate-limit.ts';
import { badRequest, HttpError } from '#core/errors.ts';
import { cursorScope, openCursor, sealCursor } from '#platform/cursors.ts';
import { cursorParam, route } from '#platform/router.ts';

/**
 * Newsletter management (admin spec: Newsletter management): the subscribers' figures
 * and the last issue's sends, the subscriber list with search, and composing an issue, which the
 * newsletter state machine sends to every confirmed, unsuppressed subscriber once.
 */

export const newsletterStats = route({}, async () => {
  const [counts, [lastRun]] = await Promise.all([subscriberCounts(), latestPipelineRuns('newsletter', 1)]);
  const stats = (lastRun?.stats ?? {}) as { issueId?: string; sent?: number; skipped?: number; failed?: number; batches?: number };
  return {
    total: counts.total,
    confirmed: counts.byStatus.confirmed,
    pending: counts.byStatus.pending,
    unsubscribed: counts.byStatus.unsubscribed,
    suppressed: counts.byStatus.suppressed,
    byFrequency: counts.byFrequency,
    lastIssue: lastRun
      ? {
          issueId: stats.issueId ?? null,
          executionId: lastRun.executionId,
          trigger: lastRun.trigger,
          endedAt: lastRun.endedAt ?? lastRun.startedAt,
          sent: stats.sent ?? 0,
          skipped: stats.skipped ?? 0,
          failed: stats.failed ?? 0,
        }
      : null,
  };
});

const listQuery = z.object({ search: z.optional(z.string().check(z.maxLength(254, 'search must be at most 254 characters'))), cursor: cursorParam });

export const newsletterSubscribers = route({ query: listQuery }, async ({ query }) => {
  const scope = cursorScope('subscribers', { search: searchTerm(query.search) });
  const page = await searchSubscribers(searchTerm(query.search), { limit: SUBSCRIBERS_PAGE, cursor: await openCursor(scope, query.cursor) });
  return {
    items: page.items.map((subscriber) => ({
      email: subscriber.email,
      frequency: subscriber.subscriptionType,
      topics: subscriber.preferredTopics ?? [],
      status: subscriberStatus(subscriber),
      createdAt: subscriber.createdAt,
    })),
    cursor: await sealCursor(scope, page.cursor),
  };
});

/** Readable and unique, like Pipeline Control's: issue-20260314T063000Z-1a2b3c */
function issueExecutionName(now: Date): string {
  return `issue-${now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}-${randomBytes(3).toString('hex')}`;
}

/** The issue as composed (subject, content, audience), cleaned and checked as the send checks it: else a 400. */
function composedIssue(body: unknown): z.infer<typeof composeSchema> {
  const parsed = composeSchema.safeParse(body ?? {});
  if (!parsed.success) throw badRequest(parsed.error.issues.map((issue) => issue.message).join('; '));
  const problem = composeProblem(parsed.data);
  if (problem) throw badRequest(problem);
  return parsed.data;
}

/**
 * How many addresses an issue for this audience goes to now: the confirmed (verified, active, so not
 * suppressed) subscribers of the frequency, or of all. The same Query per frequency the send step lists.
 */
async function recipientCount(frequency?: Frequency): Promise<number> {
  const counts = await Promise.all(audienceFrequencies(frequency).map((each) => countDigestRecipients(each)));
  return counts.reduce((sum, count) => sum + count, 0);
}

const FREQUENCY_VALUES = FREQUENCIES.map((item) => item.value) as [Frequency, ...Frequency[]];
const recipientsQuery = z.object({
  frequency: z.pipe(z.optional(z.union([z.enum(FREQUENCY_VALUES, { error: `frequency must be one of ${FREQUENCY_VALUES.join(', ')}` }), z.literal('')])), z.transform((value) => value || undefined)),
});

/** The number the Send confirmation names, counted on the server when it opens. */
export const newsletterRecipients = route({ query: recipientsQuery }, async ({ query }) => ({
  frequency: query.frequency ?? null,
  recipients: await recipientCount(query.frequency),
}));

/** The editor's own address: the token's e-mail claim, else their profile's; never one from the request. */
async function editorAddress(admin: Caller): Promise<string | null> {
  if (admin.email) return admin.email;
  return (await getProfile(admin.userId))?.email ?? null;
}

/**
 * The composed issue rendered by the template the send uses, as a subscriber gets it (the unsubscribe
 * link points at the unsubscribe page instead of carrying a subscriber's token), and where a test would go.
 */
export const previewIssue = route({ body: z.unknown() }, async ({ body, caller }) => {
  const admin = signedInCaller(caller);
  const issue = composedIssue(body);
  const mail = withUnsubscribeLink(composedIssueMail(issue), `${config.SITE_URL}/unsubscribe`);
  return { subject: mail.subject, html: mail.html, text: mail.text, testRecipient: await editorAddress(admin) };
});

/**
 * Sends the composed issue to the signed-in editor alone, subject marked [Test]: no issue is saved, no
 * execution started, no delivery claimed, so it is neither counted as a send nor seen by subscribers.
 */
export const sendTestIssue = route({ body: z.unknown() }, async ({ body, caller, event }) => {
  const admin = signedInCaller(caller);
  const issue = composedIssue(body);
  const to = await editorAddress(admin);
  if (!to) throw badRequest(NEWSLETTER_ADMIN_TEXTS.noEditorAddress);
  await enforceRateLimit('newsletter-test-send', TEST_SEND_LIMIT, event, admin.userId);
  const mail = composedIssueMail(issue);
  const { messageId } = await sendNewsletterMail(to, { ...mail, subject: testSubject(mail.subject) }, await linkSigningKey(), { kind: 'composed-test' });
  await recordAudit(admin, { action: 'newsletter.test-send', target: to, after: { subject: issue.subject } });
  return { to, subject: testSubject(mail.subject), messageId };
});

/**
 * Sends the issue to every confirmed subscriber of its audience, once the editor confirmed how many that
 * is: the body's `recipients` must equal the count now, else nothing is sent (400 without it, 409 when it
 * changed); an audience of nobody is refused (409) rather than started.
 */
export const composeIssue = route({ body: z.unknown() }, async ({ body, caller }) => {
  const admin = signedInCaller(caller);
  const issue = composedIssue(body);
  const confirmed = confirmedRecipientsSchema.safeParse(body ?? {});
  if (!confirmed.success) throw badRequest(confirmed.error.issues.map((each) => each.message).join('; '));
  if (confirmed.data.recipients === undefined) throw badRequest(NEWSLETTER_ADMIN_TEXTS.confirmCount);
  const recipients = await recipientCount(issue.frequency);
  if (recipients !== confirmed.data.recipients) throw new HttpError(409, recipientsChanged(confirmed.data.recipients, recipients));
  if (recipients === 0) throw new HttpError(409, NEWSLETTER_ADMIN_TEXTS.noRecipients);
  const now = new Date();
  const name = issueExecutionName(now);
  const issueId = `composed-${name}`;
  await createComposedIssue({ issueId, subject: issue.subject, content: issue.content, frequency: issue.frequency, now: now.toISOString() });
  const input = {
    trigger: 'console',
    startedBy: { userId: admin.userId, ...(admin.email ? { email: admin.email } : {}) },
    issueId,
    ...(issue.frequency ? { frequency: issue.frequency } : {}),
  };
  const started = await startExecution('newsletter', name, input).catch((error: unknown) => {
    if (error instanceof StepFunctionsError && error.code === 'ExecutionLimitExceeded') throw new HttpError(429, 'Too many executions are running; try again when some have finished');
    throw error;
  });
  await recordAudit(admin, {
    action: 'newsletter.send',
    target: issueId,
    after: { subject: issue.subject, frequency: issue.frequency ?? 'all', recipients, execution: `newsletter/${name}` },
  });
  return { machine: 'newsletter', name, executionArn: started.executionArn, startDate: started.startDate.toISOString(), issueId, recipients };
});

export const newsletterRoutes = {
  'GET /admin/newsletter': newsletterStats,
  'GET /admin/newsletter/subscribers': newsletterSubscribers,
  'GET /admin/newsletter/recipients': newsletterRecipients,
  'POST /admin/newsletter/previews': previewIssue,
  'POST /admin/newsletter/test-sends': sendTestIssue,
  'POST /admin/newsletter/issues': composeIssue,
};
