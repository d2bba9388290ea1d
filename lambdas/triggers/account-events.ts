import type { CustomMessageTriggerEvent, PostConfirmationTriggerEvent } from 'aws-lambda';
import { accountMail } from '#domain/account-mail.ts';
import { WELCOME_NOTIFICATION } from '#domain/notifications.ts';
import { createAccountRecords } from '#store/profiles.ts';
import { config } from '#shared/config.ts';
import { logger } from '#shared/logger.ts';

type AccountEvent = CustomMessageTriggerEvent | PostConfirmationTriggerEvent;

/**
 * The user pool's triggers (one function, two triggers, as the stack description wires them):
 * - CustomMessage: the verification and password-reset mails in the product's words (Cognito sends them,
 *   through SES on AWS and into the local inbox here);
 * - PostConfirmation: the confirmed reader's profile, default preferences and welcome notification, in one
 *   transaction; a retried trigger finds them there and changes nothing.
 */
export async function handler(event: AccountEvent): Promise<AccountEvent> {
  if (event.triggerSource.startsWith('CustomMessage_')) {
    const custom = event as CustomMessageTriggerEvent;
    const mail = accountMail(custom.triggerSource, custom.request.codeParameter, config.SITE_URL);
    if (mail) {
      custom.response.emailSubject = mail.subject;
      custom.response.emailMessage = mail.html;
    }
    return custom;
  }
  if (event.triggerSource === 'PostConfirmation_ConfirmSignUp') {
    const attributes = event.request.userAttributes;
    const userId = attributes.sub;
    if (!userId) throw new Error('The confirmation event names no user (sub)');
    const created = await createAccountRecords({ userId, email: attributes.email ?? '', fullName: attributes.name }, WELCOME_NOTIFICATION);
    logger.info('account confirmed', { userId, created });
  }
  return event;
}
