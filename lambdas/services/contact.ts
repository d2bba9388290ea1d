import { sendMail } from '#adapters/mail.ts';
import { contactAcknowledgement, contactTeamMail, type ContactMessageInput } from '#domain/reader/contact.ts';
import { saveContactMessage } from '#store/contact-messages.ts';
import { config } from '#core/config.ts';
import { logger } from '#core/logger.ts';

/**
 * A message from the contact form, stored first (it is never lost), then mailed to the team (reply-to the
 * sender) with an acknowledgement to the sender. A mail that fails is logged; the stored message is still
 * in the console. The handler applies the rate limits before.
 */
export async function receiveContactMessage(message: ContactMessageInput): Promise<void> {
  const stored = await saveContactMessage(message);
  const results = await Promise.allSettled([
    sendMail({ to: config.CONTACT_TEAM_EMAIL, replyTo: [message.email], tags: { kind: 'contact' }, ...contactTeamMail(message, stored.id) }),
    sendMail({ to: message.email, tags: { kind: 'contact-acknowledgement' }, ...contactAcknowledgement(message) }),
  ]);
  for (const result of results) {
    if (result.status === 'rejected') logger.error('contact mail failed', { messageId: stored.id, error: String(result.reason) });
  }
}
