import { escapeHtml } from '../common/html-text.ts';
import { actionMail } from '../common/mail-layout.ts';
import * as z from '../common/validation.ts';
import { emailSchema } from '../reader/account.ts';

/** Newsletter rules and texts (reader spec sections 2, 3, 4, 8, 9). */
export const FREQUENCIES = [
  { value: 'daily', label: 'Daily Digest', promise: 'The top 5 stories every morning at 07:00' },
  { value: 'weekly', label: 'Weekly Roundup', promise: 'The week in creator news every Monday' },
  { value: 'monthly', label: 'Monthly Summary', promise: 'The month\'s biggest stories and trends on the 1st' },
] as const;
export type Frequency = (typeof FREQUENCIES)[number]['value'];
export const DEFAULT_FREQUENCY: Frequency = 'weekly';

export const TOPICS = [
  { value: 'influencer-marketing', label: 'Influencer Marketing' },
  { value: 'creator-economy', label: 'Creator Economy' },
  { value: 'brand-partnerships', label: 'Brand Partnerships' },
  { value: 'platform-updates', label: 'Platform Updates' },
  { value: 'industry-reports', label: 'Industry Reports' },
  { value: 'tools-technology', label: 'Tools & Technology' },
  { value: 'success-stories', label: 'Success Stories' },
  { value: 'trends-analytics', label: 'Trends & Analytics' },
] as const;
export type Topic = (typeof TOPICS)[number]['value'];
const TOPIC_VALUES = TOPICS.map((topic) => topic.value) as [Topic, ...Topic[]];
export const FREQUENCY_VALUES = FREQUENCIES.map((frequency) => frequency.value) as [Frequency, ...Frequency[]];

export const newsletterPreferencesSchema = z.object({
  frequency: z._default(z.enum(FREQUENCY_VALUES), DEFAULT_FREQUENCY),
  topics: z.pipe(z._default(z.array(z.enum(TOPIC_VALUES)).check(z.maxLength(TOPICS.length)), []), z.transform((topics) => [...new Set(topics)])),
});
/** A guest's request: without a frequency the server takes the console's default (Settings). */
export const subscriptionRequestSchema = z.extend(newsletterPreferencesSchema, { email: emailSchema, frequency: z.optional(z.enum(FREQUENCY_VALUES)) });
export type NewsletterPreferences = z.infer<typeof newsletterPreferencesSchema>;

export const NEWSLETTER_TEXTS = {
  checkEmail: 'Please check your email to verify your subscription',
  subscribed: 'Successfully subscribed to newsletter!',
  unsubscribed: 'Successfully unsubscribed from newsletter.',
  unsubscribeRequested: 'If this address is subscribed, we have sent it a link to confirm. The change may take up to 24 hours.',
  invalidLink: 'This link is invalid or has expired. Please subscribe again.',
  preferencesUpdated: 'Preferences updated successfully!',
} as const;

/** Confirmation links expire; unsubscribe links in mails must keep working (RFC 8058), so they do not. */
export const CONFIRMATION_LINK_HOURS = 48;

/** What a newsletter link carries; lambdas/services/link-tokens.ts signs and reads it on the server. */
export type LinkPayload =
  | { purpose: 'confirm'; email: string; frequency: Frequency; topics: Topic[]; expiresAt: number }
  | { purpose: 'unsubscribe'; email: string }
  /** The mail of what a signed-in reader follows: by their account, since its address is the account's. */
  | { purpose: 'follows-unsubscribe'; userId: string };

/** A confirmation link expires; an unsubscribe link does not (RFC 8058). */
export function linkIsCurrent(payload: LinkPayload, now: number): boolean {
  return payload.purpose !== 'confirm' || payload.expiresAt > now;
}

/** The double opt-in mail: nothing is sent to the address before its owner clicks this. */
export function confirmationMail(preferences: NewsletterPreferences, confirmUrl: string) {
  const frequency = FREQUENCIES.find((item) => item.value === preferences.frequency) ?? FREQUENCIES[1];
  const topics = preferences.topics.length ? TOPICS.filter((topic) => preferences.topics.includes(topic.value)).map((topic) => topic.label).join(', ') : 'all topics';
  const lead = `Confirm your ${frequency.label} (${frequency.promise.toLowerCase()}) on ${topics}.`;
  return {
    subject: 'Confirm your Creator News Hub newsletter subscription',
    text: `${lead}\n\nConfirm: ${confirmUrl}\n\nThe link works for ${CONFIRMATION_LINK_HOURS} hours. If you did not ask for this, ignore this mail: nothing will be sent.\n`,
    html: actionMail('Confirm your subscription', escapeHtml(lead), { label: 'Confirm subscription', url: confirmUrl }, `The link works for ${CONFIRMATION_LINK_HOURS} hours. If you did not ask for this, ignore this mail: nothing will be sent.`),
  };
}

/** Sent when someone asks, without a link, to unsubscribe an address: its owner confirms. */
export function unsubscribeRequestMail(unsubscribeUrl: string) {
  return {
    subject: 'Unsubscribe from the Creator News Hub newsletter',
    text: `Someone asked to unsubscribe this address from the Creator News Hub newsletter.\n\nUnsubscribe: ${unsubscribeUrl}\n\nIf it was not you, ignore this mail and nothing changes.\n`,
    html: actionMail('Unsubscribe?', 'Someone asked to unsubscribe this address from the Creator News Hub newsletter.', { label: 'Unsubscribe', url: unsubscribeUrl }, 'If it was not you, ignore this mail and nothing changes.'),
  };
}

/** How often one client and one address may ask for newsletter mail (each request sends one). */
export const NEWSLETTER_LIMITS = {
  perClient: { limit: 20, windowSeconds: 3600 },
  perAddress: { limit: 3, windowSeconds: 3600 },
} as const;
