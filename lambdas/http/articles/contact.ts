import { CONTACT_LIMITS, CONTACT_SUCCESS_MESSAGE, contactMessageSchema } from '#domain/reader/contact.ts';
import { Reply, route } from '#platform/router.ts';
import { enforceRateLimit, enforceRateLimitOn } from '#platform/rate-limit.ts';
import { receiveContactMessage } from '../../services/contact.ts';

/**
 * A message from the contact form: limited per client and per sender address, then stored and mailed to the
 * team with an acknowledgement to the sender (services/contact.ts).
 */
export const sendContactMessage = route({ body: contactMessageSchema }, async ({ body, event }) => {
  await enforceRateLimit('contact-client', CONTACT_LIMITS.perClient, event);
  await enforceRateLimitOn('contact-address', CONTACT_LIMITS.perAddress, body.email);
  await receiveContactMessage(body);
  return new Reply(201, { message: CONTACT_SUCCESS_MESSAGE });
});
