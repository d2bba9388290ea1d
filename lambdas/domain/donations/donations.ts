import * as z from '../common/validation.ts';
import { emailSchema } from '../reader/account.ts';
import { singleLine, visibleText } from '../common/text.ts';

/** Donation rules and texts (reader spec sections 2, 3, 5, 8, 9). Amounts on the wire and in storage are paise. */
export const DONATION_PRESETS_RUPEES = [100, 250, 500, 1000, 2500] as const;
export const DEFAULT_DONATION_RUPEES = 250;
export const MIN_DONATION_RUPEES = 1;
export const MAX_DONATION_RUPEES = 50_000;
export const DONATION_MESSAGE_MAX = 500;
export const DONOR_NAME_MAX = 100;
/** This month's donations are shown against this goal (spec: fixed 5,000 rupees), from the 1st, India time. */
export const MONTHLY_GOAL_RUPEES = 5_000;
export const RECENT_SUPPORTERS = 5;
export const DONATION_CURRENCY = 'INR';

export const DONATION_TEXTS = {
  invalidAmount: 'Please enter a valid donation amount',
  maxAmount: 'Maximum donation amount is ₹50,000',
  failed: 'Failed to process donation. Please try again.',
  verificationFailed: 'Payment verification failed. Please contact support.',
  cancelled: 'You closed the checkout before paying: nothing was charged. Donate again whenever you like.',
  unableToVerify: 'Unable to verify payment details',
  thankYou: 'Thank you for your generous donation!',
  anonymous: 'Anonymous Supporter',
  unnamed: 'Supporter',
} as const;

/** The impact tiers the Donate page explains, in rupees. */
export const IMPACT_TIERS = [
  { rupees: 100, name: 'Coffee', impact: 'Keeps the feeds fetched and classified for a day' },
  { rupees: 500, name: 'Supporter', impact: 'Pays for a week of newsletter mail to every subscriber' },
  { rupees: 1000, name: 'Advocate', impact: 'Funds a month of hosting for the reader site' },
  { rupees: 2500, name: 'Champion', impact: 'Helps us add new Indian publishers and regional-language sources' },
] as const;

/**
 * Supporter tiers of the console's Revenue analytics (admin spec: tier names premium, gold, silver, other;
 * it gives no amounts). The thresholds are the Donate page's impact tiers above (IMPACT_TIERS): premium from
 * the Champion gift (2,500 rupees), gold from Advocate (1,000), silver from Supporter (500), other below.
 * Checked from the top; minimum in rupees.
 */
export const SUPPORTER_TIERS = [
  { tier: 'premium', minRupees: 2500 },
  { tier: 'gold', minRupees: 1000 },
  { tier: 'silver', minRupees: 500 },
  { tier: 'other', minRupees: 0 },
] as const;
export type SupporterTier = (typeof SUPPORTER_TIERS)[number]['tier'];

/** The tier a single gift (paise) falls in. */
export function supporterTier(paise: number): SupporterTier {
  return SUPPORTER_TIERS.find((tier) => paise >= tier.minRupees * 100)?.tier ?? 'other';
}

/**
 * A whole number of rupees from 1 to 50,000, sent in paise. Anything else ("abc", 0, 12.5 rupees) is the
 * spec's 'Please enter a valid donation amount'; above the maximum, 'Maximum donation amount is ₹50,000'.
 */
export const donationAmountSchema = z.pipe(z.unknown(), z.transform((value, ctx) => {
    const paise = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(paise) || paise < MIN_DONATION_RUPEES * 100 || paise % 100 !== 0) {
      ctx.issues.push({ code: 'custom', message: DONATION_TEXTS.invalidAmount, input: value });
      return z.NEVER;
    }
    if (paise > MAX_DONATION_RUPEES * 100) {
      ctx.issues.push({ code: 'custom', message: DONATION_TEXTS.maxAmount, input: value });
      return z.NEVER;
    }
    return paise;
  }));

const optionalText = (max: number) =>
  z.pipe(z.optional(z.string().check(z.maxLength(max))), z.transform((text) => (text === undefined ? undefined : singleLine(text) || undefined)));

export const donationRequestSchema = z.object({
  /** Paise. */
  amount: donationAmountSchema,
  currency: z._default(z.literal(DONATION_CURRENCY), DONATION_CURRENCY),
  donor_name: optionalText(DONOR_NAME_MAX),
  donor_email: z.optional(z.union([emailSchema, z.pipe(z.literal(''), z.transform(() => undefined))])),
  message: z.pipe(z.optional(z.string().check(z.maxLength(DONATION_MESSAGE_MAX, `Message must be at most ${DONATION_MESSAGE_MAX} characters`))), z.transform((text) => (text === undefined ? undefined : visibleText(text, { multiline: true }) || undefined))),
  is_anonymous: z._default(z.boolean(), false),
  donation_type: z._default(z.literal('one-time'), 'one-time'),
});
export type DonationRequest = z.infer<typeof donationRequestSchema>;

/** What the checkout hands back: the three values Razorpay's handler receives. */
export const checkoutResultSchema = z.object({
  razorpay_order_id: z.string().check(z.regex(/^order_\w{6,40}$/)),
  razorpay_payment_id: z.string().check(z.regex(/^pay_\w{6,40}$/)),
  razorpay_signature: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
});

/** The name a supporter is shown under: anonymous donors never by name (spec section 2). */
export function supporterName(donation: { isAnonymous?: boolean; donorName?: string }): string {
  if (donation.isAnonymous) return DONATION_TEXTS.anonymous;
  return donation.donorName?.trim() || DONATION_TEXTS.unnamed;
}

/**
 * Who a donation is from, for counting distinct supporters: the e-mail address when given, else the name
 * when not anonymous, else the donation itself (an unnamed gift is one supporter). The store keeps only a
 * hash of it.
 */
export function supporterIdentity(donation: { id: string; donorEmail?: string; donorName?: string; isAnonymous?: boolean }): string {
  if (donation.donorEmail) return `email:${donation.donorEmail.toLowerCase()}`;
  if (donation.donorName && !donation.isAnonymous) return `name:${donation.donorName.toLowerCase().replace(/\s+/g, ' ').trim()}`;
  return `donation:${donation.id}`;
}

/** Progress towards the goal in whole percent (not capped: 120 % is shown as such, the bar is capped by the page). */
export function goalPercent(raisedPaise: number, goalRupees = MONTHLY_GOAL_RUPEES): number {
  return goalRupees > 0 ? Math.floor((raisedPaise / (goalRupees * 100)) * 100) : 0;
}

/** ₹1,234 (whole rupees) or ₹1,234.50, Indian digit grouping. */
export function formatRupees(paise: number): string {
  return new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: paise % 100 ? 2 : 0, maximumFractionDigits: 2 }).format(paise / 100);
}

