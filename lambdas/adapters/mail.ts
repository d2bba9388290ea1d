import { GetAccountCommand, SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { config } from '#core/config.ts';
import { boundedClientSettings, clientSettings, watched } from './aws-clients.ts';

/**
 * The one way the product sends mail: SESv2 SendEmail with simple content (subject, HTML and a plain-text
 * part, extra headers such as List-Unsubscribe), from the configured sender, through the configuration
 * set. The endpoint comes from the SDK's environment lookup (AWS_ENDPOINT_URL_SESV2), which the local
 * runtime points at aws-ses-v2-local, whose inbox page shows every mail.
 */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  /** Every mail has a plain-text part. */
  text: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  replyTo?: string[];
  /** SES message tags (kind of mail, issue id...), seen again in bounce and complaint events. */
  tags?: Record<string, string>;
}

// A bounded wait: an SES call that never answers must not hold a Lambda until its timeout.
const ses = watched(new SESv2Client(clientSettings({ retryUnknownOutcomes: false })), 'ses');

/** Sends one mail; resolves with SES's message id. */
export async function sendMail(mail: OutgoingMail): Promise<{ messageId: string }> {
  const answer = await ses.send(
    new SendEmailCommand({
      FromEmailAddress: config.MAIL_FROM,
      Destination: { ToAddresses: [mail.to] },
      ReplyToAddresses: mail.replyTo,
      ConfigurationSetName: config.MAIL_CONFIGURATION_SET,
      EmailTags: mail.tags ? Object.entries(mail.tags).map(([Name, Value]) => ({ Name, Value })) : undefined,
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Html: { Data: mail.html, Charset: 'UTF-8' }, Text: { Data: mail.text, Charset: 'UTF-8' } },
          Headers: mail.headers ? Object.entries(mail.headers).map(([Name, Value]) => ({ Name, Value })) : undefined,
        },
      },
    }),
  );
  return { messageId: answer.MessageId ?? '' };
}

/** What the console shows of the SES account: can it send, and has it left the sandbox. */
export interface MailAccount {
  sendingEnabled: boolean | undefined;
  productionAccessEnabled: boolean | undefined;
}

/**
 * SESv2 GetAccount with a bounded wait (one attempt, connection and request timeouts), on a client made for
 * the call: the diagnostics and the settings' configuration status read it.
 */
export async function mailAccount(timeoutMs: number): Promise<MailAccount> {
  const client = new SESv2Client(boundedClientSettings(timeoutMs));
  try {
    const account = await client.send(new GetAccountCommand({}));
    return { sendingEnabled: account.SendingEnabled, productionAccessEnabled: account.ProductionAccessEnabled };
  } finally {
    client.destroy();
  }
}
