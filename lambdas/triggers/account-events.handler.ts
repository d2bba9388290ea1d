import type { CustomMessageTriggerEvent, PostAuthenticationTriggerEvent, PostConfirmationTriggerEvent, PreAuthenticationTriggerEvent } from 'aws-lambda';
import { accountMail } from '#domain/reader/account-mail.ts';
import { WELCOME_NOTIFICATION } from '#domain/reader/notifications.ts';
import { roleGroupsIn } from '#adapters/cognito-users.ts';
import { createAccountRecords, getProfile } from '#store/profiles.ts';
import { roleOf } from '#platform/auth.ts';
import { recordSignInAttempt, recordSignInSuccess } from '#store/sign-ins.ts';
import { config } from '#core/config.ts';
import { logger } from '#core/logger.ts';
import { withRunMetrics } from '#platform/run-metrics.ts';

type AccountEvent = CustomMessageTriggerEvent | PostConfirmationTriggerEvent | PreAuthenticationTriggerEvent | PostAuthenticationTriggerEvent;

/**
 * The user pool's triggers (one function, two triggers, as the stack description wires them):
 * - CustomMessage: the verification and password-reset mails in the product's words (Cognito sends them,
 *   through SES on AWS and into the local inbox here);
 * - PostConfirmation: the confirmed reader's profile, default preferences and welcome notification, in one
 *   transaction; a retried trigger finds them there and changes nothing;
 * - PreAuthentication / PostAuthentication: a sign-in attempt and a success, counted per account per India
 *   day (the Security screen's failures = attempts - successes). Keyed by the account's sub, which both
 *   events carry in request.userAttributes (userName is the pool's username: the sub in an e-mail-username
 *   pool on AWS, the e-mail address in cognito-local). Counting never blocks a sign-in: a store error is logged.
 *   PostAuthentication also gives an account that never went through sign-up (the deploy's first admin, a user
 *   an administrator created) the records confirmation would have made, so it is listed on the Users screen.
 */
async function handleEvent(event: AccountEvent): Promise<AccountEvent> {
  if (event.triggerSource.startsWith('CustomMessage_')) {
    const custom = event as CustomMessageTriggerEvent;
    const mail = accountMail(custom.triggerSource, custom.request.codeParameter, config.SITE_URL);
    if (mail) {
      custom.response.emailSubject = mail.subject;
      custom.response.emailMessage = mail.html;
    }
    return custom;
  }
  if (event.triggerSource === 'PreAuthentication_Authentication' || event.triggerSource === 'PostAuthentication_Authentication') {
    const attributes = event.request.userAttributes;
    const userId = attributes.sub ?? event.userName;
    try {
      if (event.triggerSource === 'PreAuthentication_Authentication') await recordSignInAttempt(userId, attributes.email);
      else await recordSignInSuccess(userId, attributes.email);
    } catch (error) {
      logger.error('sign-in not counted', { trigger: event.triggerSource, userId, error: error instanceof Error ? error.message : String(error) });
    }
    if (event.triggerSource === 'PostAuthentication_Authentication') await ensureAccountRecords(event as PostAuthenticationTriggerEvent, userId);
    return event;
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

/**
 * One read per sign-in; the records are written only for an account that has none. A failure is logged and
 * the sign-in goes on (GET /me makes the same records on the reader's first visit to their dashboard).
 */
async function ensureAccountRecords(event: PostAuthenticationTriggerEvent, userId: string): Promise<void> {
  const attributes = event.request.userAttributes;
  try {
    if (await getProfile(userId)) return;
    // An account an administrator made may already be in a role group (the deploy's first admin is):
    // its profile mirrors that role from the start, as a role change in the console would.
    const role = roleOf(await roleGroupsIn(event.userPoolId, event.userName));
    const created = await createAccountRecords({ userId, email: attributes.email ?? '', fullName: attributes.name, role }, WELCOME_NOTIFICATION);
    logger.info('account records made at sign-in', { userId, role, created });
  } catch (error) {
    logger.error('account records not made at sign-in', { userId, error: error instanceof Error ? error.message : String(error) });
  }
}

/** The described function's entry: every invocation's duration and outcome are recorded (platform/run-metrics.ts). */
export const handler = withRunMetrics('account-events', handleEvent);
