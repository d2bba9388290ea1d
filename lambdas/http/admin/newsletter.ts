import { randomBytes } from 'node:crypto';
import * as z from '#domain/common/validation.ts';
import { composeProblem, composeSchema, searchTerm, subscriberStatus, SUBSCRIBERS_PAGE } from '#domain/newsletter/newsletter-admin.ts';
import { startExecution, StepFunctionsError } from '#adapters/stepfunctions.ts';
import { recordAudit } from '#store/audit.ts';
import { createComposedIssue, searchSubscribers, subscriberCounts } from '#store/newsletter-admin.ts';
import { latestPipelineRuns } from '#store/pipeline-runs.ts';
import { signedInCaller } from '#shared/platform/auth.ts';
import { badRequest, HttpError } from '#shared/core/errors.ts';
import { cursorScope, openCursor, sealCursor } from '#shared/platform/cursors.ts';
import { cursorParam, route } from '#shared/platform/router.ts';

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

export const composeIssue = route({ body: z.unknown() }, async ({ body, caller }) => {
  const admin = signedInCaller(caller);
  const parsed = composeSchema.safeParse(body ?? {});
  if (!parsed.success) throw badRequest(parsed.error.issues.map((issue) => issue.message).join('; '));
  const issue = parsed.data;
  const problem = composeProblem(issue);
  if (problem) throw badRequest(problem);
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
    after: { subject: issue.subject, frequency: issue.frequency ?? 'all', execution: `newsletter/${name}` },
  });
  return { machine: 'newsletter', name, executionArn: started.executionArn, startDate: started.startDate.toISOString(), issueId };
});

export const newsletterRoutes = {
  'GET /admin/newsletter': newsletterStats,
  'GET /admin/newsletter/subscribers': newsletterSubscribers,
  'POST /admin/newsletter/issues': composeIssue,
};
