import { adminCall, type ApiAnswer } from '../../shell/api.ts';

export type Frequency = 'daily' | 'weekly' | 'monthly';
export const FREQUENCY_OPTIONS: Array<{ value: Frequency; label: string }> = [
  { value: 'daily', label: 'Daily Digest' },
  { value: 'weekly', label: 'Weekly Roundup' },
  { value: 'monthly', label: 'Monthly Summary' },
];

export type NewsletterStats = ApiAnswer<'GET /admin/newsletter'>;
export type SubscriberPage = ApiAnswer<'GET /admin/newsletter/subscribers'>;
export type SubscriberRow = SubscriberPage['items'][number];
export type SubscriberStatus = SubscriberRow['status'];

export type IssuePreview = ApiAnswer<'POST /admin/newsletter/previews'>;
export type TestSent = ApiAnswer<'POST /admin/newsletter/test-sends'>;
export type RecipientCount = ApiAnswer<'GET /admin/newsletter/recipients'>;

/**
 * An issue as the editor composed it. These routes declare their body as z.unknown() and check it with the
 * domain's composeSchema, whose input accepts anything (it cleans the text): so the screen names the fields it sends.
 */
export interface ComposedIssue {
  subject: string;
  content: string;
  frequency?: Frequency;
}

export const fetchNewsletterStats = () => adminCall('GET /admin/newsletter');
export const fetchSubscribers = (search: string, cursor: string | null) =>
  adminCall('GET /admin/newsletter/subscribers', { query: { search: search || undefined, cursor: cursor ?? undefined } });
/** The issue as subscribers will get it, rendered on the server by the template the send uses. */
export const previewIssue = (issue: ComposedIssue) => adminCall('POST /admin/newsletter/previews', { body: issue });
/** One copy to the signed-in editor's own address (the server takes it from the token), subject marked [Test]. */
export const sendTestIssue = (issue: ComposedIssue) => adminCall('POST /admin/newsletter/test-sends', { body: issue });
/** The confirmed subscribers an issue for this audience would reach now, counted on the server. */
export const fetchRecipientCount = (frequency?: Frequency) => adminCall('GET /admin/newsletter/recipients', { query: { frequency } });
/** Sends the issue; `recipients` is the count the editor confirmed (the server refuses a different one). */
export const sendIssue = (issue: ComposedIssue & { recipients: number }) => adminCall('POST /admin/newsletter/issues', { body: issue });
