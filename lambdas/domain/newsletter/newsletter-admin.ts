/**
 * Newsletter management in the console (admin spec: Newsletter management, section 5
 * "Compose newsletter", section 8 texts). Pure rules: a composed issue's text and a subscriber's status.
 */
import * as z from '../common/validation.ts';
import { FREQUENCIES, type Frequency } from './newsletter.ts';
import { singleLine, visibleText } from '../common/text.ts';

export const NEWSLETTER_ADMIN_TEXTS = {
  fillBoth: 'Please fill in both subject and content',
  loadFailed: 'Failed to load newsletter subscribers',
  sendFailed: 'Failed to send newsletter. Please try again.',
  confirmCount: 'Confirm the number of recipients before sending: recipients must be the count the console showed',
  noRecipients: 'No confirmed subscribers would receive this issue: nothing was sent',
  noEditorAddress: 'Your account has no e-mail address to send a test to',
} as const;

/** Test sends per editor: enough to proof-read an issue many times, not a way round the subscriber list. */
export const TEST_SEND_LIMIT = { limit: 20, windowSeconds: 3600 } as const;

/** A test send's subject: the issue's, marked so nobody takes it for the real one. */
export const testSubject = (subject: string): string => `[Test] ${subject}`;

/** The count changed between the confirmation and the send: nothing is sent, the console asks again. */
export const recipientsChanged = (confirmed: number, now: number): string =>
  `The number of recipients changed from ${confirmed.toLocaleString('en-US')} to ${now.toLocaleString('en-US')}: nothing was sent; check and confirm again`;

/** The digest frequencies an issue goes to: the one chosen, or every frequency (an address has one). */
export const audienceFrequencies = (frequency?: Frequency): Frequency[] => (frequency ? [frequency] : [...FREQUENCY_VALUES]);

/** The count the editor confirmed with Send: a whole number, not negative (absent means not confirmed). */
export const confirmedRecipientsSchema = z.object({
  recipients: z.optional(z.int({ error: 'recipients must be a whole number' }).check(z.minimum(0, 'recipients must not be negative'))),
});

export const SUBJECT_MAX = 200;
export const CONTENT_MAX = 20_000;
/** Subscribers per page of the console's list (the spec shows the first 10). */
export const SUBSCRIBERS_PAGE = 10;

const FREQUENCY_VALUES = FREQUENCIES.map((item) => item.value) as [Frequency, ...Frequency[]];

/**
 * The composed issue as sent: the subject on one line, the content as plain text (paragraphs on blank
 * lines); invisible and control characters removed. It is never HTML: the mail template escapes it.
 */
export const composeSchema = z.object({
  subject: z.pipe(z.optional(z.unknown()), z.transform((value) => (typeof value === 'string' ? singleLine(value) : ''))),
  content: z.pipe(z.optional(z.unknown()), z.transform((value) => (typeof value === 'string' ? visibleText(value, { multiline: true }).replace(/\n{3,}/g, '\n\n') : ''))),
  frequency: z.pipe(z.optional(z.union([z.enum(FREQUENCY_VALUES, { error: `frequency must be one of ${FREQUENCY_VALUES.join(', ')}` }), z.literal(''), z.null()])), z.transform((value) => value || undefined)),
});

/** Blank subject or content is the spec's one message; too long says which. Null when the issue may be sent. */
export function composeProblem(issue: { subject: string; content: string }): string | null {
  if (!issue.subject || !issue.content) return NEWSLETTER_ADMIN_TEXTS.fillBoth;
  if (issue.subject.length > SUBJECT_MAX) return `Subject must be at most ${SUBJECT_MAX} characters`;
  if (issue.content.length > CONTENT_MAX) return `Content must be at most ${CONTENT_MAX.toLocaleString('en-US')} characters`;
  return null;
}

/** The content's paragraphs (blank-line separated), line breaks kept inside. */
export const contentParagraphs = (content: string): string[] => content.split(/\n\s*\n/).map((part) => part.trim()).filter(Boolean);

export type SubscriberStatus = 'confirmed' | 'pending' | 'unsubscribed' | 'suppressed';

/** suppressed (bounced or complained) > confirmed (verified and active) > unsubscribed (verified, stopped) > pending. */
export function subscriberStatus(subscriber: { isVerified?: boolean; isActive?: boolean; suppressedAt?: string }): SubscriberStatus {
  if (subscriber.suppressedAt) return 'suppressed';
  if (subscriber.isVerified && subscriber.isActive) return 'confirmed';
  if (subscriber.isVerified) return 'unsubscribed';
  return 'pending';
}

/** A search text as typed: trimmed and lower-cased (addresses are stored lower-case). */
export const searchTerm = (text: string | undefined): string => (text ?? '').trim().toLowerCase();
