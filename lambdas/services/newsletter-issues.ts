import { randomBytes } from 'node:crypto';
import { startExecution, StepFunctionsError } from '#adapters/stepfunctions.ts';
import type { Caller } from '#domain/common/caller.ts';
import { audienceFrequencies, NEWSLETTER_ADMIN_TEXTS, recipientsChanged, testSubject } from '#domain/newsletter/newsletter-admin.ts';
import type { Frequency } from '#domain/newsletter/newsletter.ts';
import { recordAudit } from '#store/audit.ts';
import { createComposedIssue } from '#store/digests.ts';
import { countDigestRecipients } from '#store/subscribers.ts';
import { HttpError } from '#core/errors.ts';
import { linkSigningKey } from '#core/secrets.ts';
import { composedIssueMail, sendNewsletterMail } from './newsletter-mail.ts';

/**
 * Newsletter management's sends (admin spec: Newsletter management): a test to the editor alone, and an
 * issue for every confirmed, unsuppressed subscriber of its audience, which the newsletter state machine
 * sends once. Both audited. http/admin/newsletter.ts validates the composed issue and answers.
 */

/** An issue as the editor composed it, validated. */
export interface ComposedIssue {
  subject: string;
  content: string;
  frequency?: Frequency | undefined;
}

/** Readable and unique, like Pipeline Control's: issue-20260314T063000Z-1a2b3c */
function issueExecutionName(now: Date): string {
  return `issue-${now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}-${randomBytes(3).toString('hex')}`;
}

/**
 * How many addresses an issue for this audience goes to now: the confirmed (verified, active, so not
 * suppressed) subscribers of the frequency, or of all. The same Query per frequency the send step lists.
 */
export async function recipientCount(frequency?: Frequency): Promise<number> {
  const counts = await Promise.all(audienceFrequencies(frequency).map((each) => countDigestRecipients(each)));
  return counts.reduce((sum, count) => sum + count, 0);
}

/** Sends the issue to `to` alone, subject marked [Test]: nothing saved, no execution, no delivery claimed. */
export async function sendTestIssue(admin: Caller, to: string, issue: ComposedIssue) {
  const mail = composedIssueMail(issue);
  const { messageId } = await sendNewsletterMail(to, { ...mail, subject: testSubject(mail.subject) }, await linkSigningKey(), { kind: 'composed-test' });
  await recordAudit(admin, { action: 'newsletter.test-send', target: to, after: { subject: issue.subject } });
  return { to, subject: testSubject(mail.subject), messageId };
}

/**
 * Saves the issue and starts its send, once the editor confirmed how many it goes to: `confirmed` must equal
 * the count now (409 when it changed); an audience of nobody is refused (409) rather than started.
 */
export async function sendIssue(admin: Caller, issue: ComposedIssue, confirmed: number) {
  const recipients = await recipientCount(issue.frequency);
  if (recipients !== confirmed) throw new HttpError(409, recipientsChanged(confirmed, recipients));
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
}
