import { CONTACT_LIMITS, CONTACT_SUCCESS_MESSAGE, contactAcknowledgement, contactMessageSchema, contactTeamMail } from '#domain/reader/contact.ts';
import { sendMail } from '#adapters/mail.ts';
import { saveContactMessage } from '#store/contact-messages.ts';
import { config } from '#core/config.ts';
import { Reply, route } from '#platform/router.ts';
import { logger } from '#core/logger.ts';
import { enforceRateLimit, enforceRateLimitOn } from '#platform/rate-limit.ts';

/**
 * A message from the contact form: limited per client and per sender address, stored first (it is never
 * lost), then mailed to the team (reply-to the sender) with an acknowledgement to the sender. A mail that
 * fails is logged; the stored message is still in the console.
 */
export const sendContactMessage = route({ body: contactMessageSchema }, async ({ body, event }) => {
  await enforceRateLimit('contact-client', CONTACT_LIMITS.perClient, event);
  await enforceRateLimitOn('contact-address', CONTACT_LIMITS.perAddress, body.email);
  const stored = await saveContactMessage(body);
  const results = await Promise.allSettled([
    sendMail({ to: config.CONTACT_TEAM_EMAIL, replyTo: [body.email], tags: { kind: 'contact' }, ...contactTeamMail(body, stored.id) }),
    sendMail({ to: body.email, tags: { kind: 'contact-acknowledgement' }, ...contactAcknowledgement(body) }),
  ]);
  for (const result of results) {
    if (result.status === 'rejected') logger.error('contact mail failed', { messageId: stored.id, error: String(result.reason) });
  }
  return new Reply(201, { message: CONTACT_SUCCESS_MESSAGE });
});
