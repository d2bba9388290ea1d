import { randomUUID } from 'node:crypto';
import { asyncFailureRecord, type AsyncFailureRecord } from '#domain/operations/dead-letters.ts';
import type { MailEventType } from '../stack-description.ts';

/**
 * SES's mailbox simulator, locally: mail sent to bounce@ or complaint@simulator.amazonses.com (also with a
 * +label, as SES allows) produces the event SES would publish through the configuration set to SNS, and the
 * event is delivered to the same handler, shaped as the SNS notification Lambda receives. aws-ses-v2-local
 * stores every mail; this reads its store once a second.
 */
const SIMULATOR = /^(bounce|complaint)(\+[^@]*)?@simulator\.amazonses\.com$/i;

interface StoredMail {
  messageId: string;
  from: string;
  destination: { to: string[] };
  at: number;
}

/** The SES event (as SES writes it to SNS) for one simulator recipient, or null for any other address. */
export function simulatedEvent(mail: StoredMail, recipient: string): { eventType: MailEventType; payload: Record<string, unknown> } | null {
  const match = SIMULATOR.exec(recipient.trim());
  if (!match) return null;
  const timestamp = new Date(mail.at * 1000).toISOString();
  const common = { mail: { timestamp, messageId: mail.messageId, source: mail.from, destination: mail.destination.to } };
  if (match[1]?.toLowerCase() === 'bounce') {
    return {
      eventType: 'Bounce',
      payload: {
        eventType: 'Bounce',
        bounce: { bounceType: 'Permanent', bounceSubType: 'General', bouncedRecipients: [{ emailAddress: recipient, action: 'failed', status: '5.1.1' }], timestamp, feedbackId: randomUUID() },
        ...common,
      },
    };
  }
  return {
    eventType: 'Complaint',
    payload: { eventType: 'Complaint', complaint: { complainedRecipients: [{ emailAddress: recipient }], complaintFeedbackType: 'abuse', timestamp, feedbackId: randomUUID() }, ...common },
  };
}

/** An SNS notification to a Lambda subscriber, carrying one message. */
export function snsNotification(topicArn: string, message: unknown) {
  return {
    Records: [
      {
        EventSource: 'aws:sns',
        EventVersion: '1.0',
        EventSubscriptionArn: `${topicArn}:${randomUUID()}`,
        Sns: {
          Type: 'Notification',
          MessageId: randomUUID(),
          TopicArn: topicArn,
          Subject: null,
          Message: JSON.stringify(message),
          Timestamp: new Date().toISOString(),
          SignatureVersion: '1',
          Signature: '',
          SigningCertUrl: '',
          UnsubscribeUrl: '',
          MessageAttributes: {},
        },
      },
    ],
  };
}

export interface MailEventPoller {
  stop: () => Promise<void>;
}

export function startMailEventPoller(options: {
  mailUrl: string;
  region: string;
  events: readonly MailEventType[];
  deliver: (event: unknown) => Promise<void>;
  log?: (line: string) => void;
  /**
   * As Lambda treats an asynchronous invocation (SNS invokes the function so): a throwing handler is retried
   * `retryAttempts` times, then the invocation record goes to `onFailure` (the function's dead-letter queue).
   */
  onError?: { retryAttempts: number; functionArn: string; onFailure: (record: AsyncFailureRecord) => Promise<void> };
}): MailEventPoller {
  const topicArn = `arn:aws:sns:${options.region}:000000000000:mail-events`;
  const seen = new Set<string>();
  let since = Math.floor(Date.now() / 1000);
  let running: Promise<void> | null = null;

  const deliverWithRetries = async (event: unknown, messageId: string) => {
    const attempts = (options.onError?.retryAttempts ?? 0) + 1;
    let lastError: unknown;
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      try {
        await options.deliver(event);
        return;
      } catch (error) {
        lastError = error;
      }
    }
    options.log?.(`Mail event handler failed for ${messageId} after ${attempts} attempts: ${String(lastError)}`);
    if (options.onError) {
      const record = asyncFailureRecord({ requestId: randomUUID(), functionArn: options.onError.functionArn, invokeCount: attempts, at: new Date(), event, error: lastError });
      await options.onError.onFailure(record).catch((error: unknown) => options.log?.(`The mail events dead-letter queue refused ${messageId}: ${String(error)}`));
    }
  };

  const readStore = async () => {
    const response = await fetch(`${options.mailUrl}/store?since=${since}`);
    if (!response.ok) return;
    const { emails } = (await response.json()) as { emails: StoredMail[] };
    for (const mail of emails) {
      if (seen.has(mail.messageId)) continue;
      seen.add(mail.messageId);
      for (const recipient of mail.destination.to) {
        const event = simulatedEvent(mail, recipient);
        if (!event || !options.events.includes(event.eventType)) continue;
        await deliverWithRetries(snsNotification(topicArn, event.payload), mail.messageId);
      }
    }
    // Mails of the last second may still arrive with the same `at`: read from one second back.
    const newest = emails.reduce((latest, mail) => Math.max(latest, mail.at), since);
    if (newest - 1 > since) {
      since = newest - 1;
      for (const mail of emails) if (mail.at < since) seen.delete(mail.messageId);
    }
  };
  const poll = () => {
    running ??= readStore()
      .catch(() => undefined)
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void poll(), 1000);
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
