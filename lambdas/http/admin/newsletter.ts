import * as z from '#domain/common/validation.ts';
import {
  composeProblem,
  composeSchema,
  confirmedRecipientsSchema,
  NEWSLETTER_ADMIN_TEXTS,
  searchTerm,
  subscriberStatus,
  SUBSCRIBERS_PAGE,
  TEST_SEND_LIMIT,
} from '#domain/newsletter/newsletter-admin.ts';
import { FREQUENCIES, type Frequency } from '#domain/newsletter/newsletter.ts';
import { searchSubscribers, subscriberCounts } from '#store/read-models/newsletter-admin.ts';
import { getProfile } from '#store/profiles.ts';
import { composedIssueMail, withUnsubscribeLink } from '../../services/newsletter-mail.ts';
import { recipientCount, sendIssue, sendTestIssue as sendTestIssueTo } from '../../services/newsletter-issues.ts';
import { config } from '#core/config.ts';
import { latestPipelineRuns } from '#store/pipeline-runs.ts';
import { type Caller, signedInCaller } from '#platform/auth.ts';
import { enforceRateLimit } from '#platform/rate-limit.ts';
import { badRequest } from '#core/errors.ts';
import { cursorScope, openCursor, sealCursor } from '#platform/cursors.ts';
import { cursorParam, route } from '#platform/router.ts';

/**
 * Newsletter management (admin spec: Newsletter management): the subscribers' figures
 * and the last issue's sends, the subscriber list with search, and composing an issue, which the
 * newsletter state machine sends to every confirmed, unsuppressed subscriber once.
 */

export const newsletterStats = route({}, async () => {
  const [counts, runs] = await Promise.all([subscriberCounts(), latestPipelineRuns('newsletter', 10)]);
  // The same machine sends the mail of what readers follow (docs/topics.md): the last issue is the newsletter's.
  const lastRun = runs.find((run) => !String((run.stats as { issueId?: unknown } | undefined)?.issueId ?? '').startsWith('follows-'));
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

/** The issue as composed (subject, content, audience), cleaned and checked as the send checks it: else a 400. */
function composedIssue(body: unknown): z.infer<typeof composeSchema> {
  const parsed = composeSchema.safeParse(body ?? {});
  if (!parsed.success) throw badRequest(parsed.error.issues.map((issue) => issue.message).join('; '));
  const problem = composeProblem(parsed.data);
  if (problem) throw badRequest(problem);
  return parsed.data;
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
  return sendTestIssueTo(admin, to, issue);
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
  return sendIssue(admin, issue, confirmed.data.recipients);
});

export const newsletterRoutes = {
  'GET /admin/newsletter': newsletterStats,
  'GET /admin/newsletter/subscribers': newsletterSubscribers,
  'GET /admin/newsletter/recipients': newsletterRecipients,
  'POST /admin/newsletter/previews': previewIssue,
  'POST /admin/newsletter/test-sends': sendTestIssue,
  'POST /admin/newsletter/issues': composeIssue,
};
