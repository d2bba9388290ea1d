import type { SNSEvent } from 'aws-lambda';
import * as z from '#domain/common/validation.ts';
import { suppressSubscriber } from '#store/subscribers.ts';
import { logger } from '#core/logger.ts';
import { withRunMetrics } from '#platform/run-metrics.ts';

/** The parts of an SES event (configuration set -> SNS) this reads. */
const sesEvent = z.object({
  eventType: z.string(),
  bounce: z.optional(z.object({ bounceType: z.string(), bouncedRecipients: z.array(z.object({ emailAddress: z.string() })) })),
  complaint: z.optional(z.object({ complainedRecipients: z.array(z.object({ emailAddress: z.string() })) })),
});

/** The address inside "Name <address>" or the address itself, lower case. */
const addressOf = (value: string) => (/<([^>]+)>/.exec(value)?.[1] ?? value).trim().toLowerCase();

/**
 * SES's bounce and complaint events: a permanent bounce or a complaint suppresses the subscriber, so no
 * digest goes there again (SES's account suppression list also stops any other mail). Transient bounces
 * (mailbox full) are left to SES's retries.
 */
async function handleEvent(event: SNSEvent): Promise<{ suppressed: number }> {
  let suppressed = 0;
  for (const record of event.Records) {
    let message: unknown;
    try {
      message = JSON.parse(record.Sns.Message);
    } catch {
      message = undefined;
    }
    const parsed = sesEvent.safeParse(message);
    if (!parsed.success) {
      logger.warn('unreadable mail event', { messageId: record.Sns.MessageId });
      continue;
    }
    const { eventType, bounce, complaint } = parsed.data;
    const recipients =
      eventType === 'Bounce' && bounce?.bounceType === 'Permanent'
        ? bounce.bouncedRecipients.map((recipient) => ({ email: addressOf(recipient.emailAddress), reason: 'bounce' as const }))
        : eventType === 'Complaint' && complaint
          ? complaint.complainedRecipients.map((recipient) => ({ email: addressOf(recipient.emailAddress), reason: 'complaint' as const }))
          : [];
    for (const recipient of recipients) {
      if (await suppressSubscriber(recipient.email, recipient.reason)) suppressed += 1;
    }
  }
  return { suppressed };
}

/** The described function's entry: every invocation's duration and outcome are recorded (platform/run-metrics.ts). */
export const handler = withRunMetrics('mail-events', handleEvent);
