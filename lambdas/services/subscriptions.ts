import { sendMail } from '#adapters/mail.ts';
import { CONFIRMATION_LINK_HOURS, confirmationMail, unsubscribeRequestMail, type NewsletterPreferences } from '#domain/newsletter/newsletter.ts';
import { activateSubscription, deactivateSubscription, getSubscriber, recordSubscriptionRequest, SuppressedAddressError, type SubscriberItem } from '#store/subscribers.ts';
import { config } from '#core/config.ts';
import { badRequest } from '#core/errors.ts';
import { linkSigningKey } from '#core/secrets.ts';
import { signLinkToken } from './link-tokens.ts';

/**
 * A newsletter subscription's life (double opt-in): asking (a mailed confirmation link carrying the chosen
 * preferences), confirming, changing, leaving, and asking for an unsubscribe link. http/newsletter/newsletter.handler.ts
 * applies the rate limits and the uniform answer time, reads the links and answers.
 */

const unsubscribeUrl = async (email: string) => `${config.SITE_URL}/unsubscribe?token=${encodeURIComponent(signLinkToken({ purpose: 'unsubscribe', email }, await linkSigningKey()))}`;

/** Records the request and mails the confirmation link; a bounced or complaining address gets no more mail. */
export async function requestSubscription(request: NewsletterPreferences & { email: string }): Promise<void> {
  const subscriber = await recordSubscriptionRequest(request.email);
  if (subscriber.suppressedAt) return;
  const token = signLinkToken({ purpose: 'confirm', email: request.email, frequency: request.frequency, topics: request.topics, expiresAt: Date.now() + CONFIRMATION_LINK_HOURS * 3_600_000 }, await linkSigningKey());
  await sendMail({ to: request.email, tags: { kind: 'newsletter-confirmation' }, ...confirmationMail(request, `${config.SITE_URL}/newsletter/confirm?token=${encodeURIComponent(token)}`) });
}

/** Subscribes, or says why the address cannot be (it bounced or complained) as a 400. */
export async function activate(email: string, preferences: { frequency: SubscriberItem['subscriptionType']; topics: string[] }): Promise<SubscriberItem> {
  try {
    return await activateSubscription(email, preferences);
  } catch (error) {
    if (error instanceof SuppressedAddressError) throw badRequest(error.message);
    throw error;
  }
}

/** Stops every mail to the address. */
export async function leave(email: string): Promise<void> {
  await deactivateSubscription(email);
}

/** Mails an unsubscribe link to the address when it is subscribed (nobody unsubscribes someone else). */
export async function sendUnsubscribeLink(email: string): Promise<void> {
  const subscriber = await getSubscriber(email);
  if (subscriber?.isActive) await sendMail({ to: email, tags: { kind: 'newsletter-unsubscribe' }, ...unsubscribeRequestMail(await unsubscribeUrl(email)) });
}
