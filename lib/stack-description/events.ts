import type { MailEventsDescription, StreamConsumerDescription, UserPoolTriggerDescription } from './types.ts';

/** Table stream consumers: functions called with batches of changed items. */
export const streamConsumers: readonly StreamConsumerDescription[] = [
  {
    name: 'personalise',
    fn: 'personalise',
    batchSize: 100,
    filters: [
      // A reader liked, saved or read something (or took it back): their recommendations are stale.
      { dynamodb: { NewImage: { __edb_e__: { S: ['like', 'bookmark', 'readingProgress'] } } } },
      { eventName: ['REMOVE'], dynamodb: { OldImage: { __edb_e__: { S: ['like', 'bookmark'] } } } },
      // An article became public: its category's followers hear of it.
      { eventName: ['INSERT'], dynamodb: { NewImage: { __edb_e__: { S: ['article'] }, status: { S: ['published'] } } } },
      {
        eventName: ['MODIFY'],
        dynamodb: { NewImage: { __edb_e__: { S: ['article'] }, status: { S: ['published'] } }, OldImage: { status: { S: [{ 'anything-but': ['published'] }] } } },
      },
    ],
  },
  {
    name: 'fold-tallies',
    fn: 'fold-tallies',
    batchSize: 100,
    // Views wait at most this long before they reach lists and rankings; a busy article is rewritten once per window.
    batchingWindowSeconds: 30,
    filters: [
      // An article's tally that holds events not yet in the article (a fold removes `since`).
      { dynamodb: { NewImage: { __edb_e__: { S: ['articleTally'] }, since: { N: [{ exists: true }] } } } },
    ],
  },
  {
    name: 'donation-receipts',
    fn: 'donation-receipts',
    batchSize: 10,
    filters: [
      // A paid donation whose receipt failed to send and has not gone out since.
      { dynamodb: { NewImage: { __edb_e__: { S: ['donation'] }, status: { S: ['paid'] }, receiptFailedAt: { S: [{ exists: true }] }, receiptSentAt: [{ exists: false }] } } },
    ],
  },
];

/** The user pool's Lambda triggers. */
export const userPoolTriggers: readonly UserPoolTriggerDescription[] = [
  { trigger: 'customMessage', fn: 'account-events' },
  { trigger: 'postConfirmation', fn: 'account-events' },
  // Sign-in attempts and successes per account per day (the Security screen's sign-in failures).
  { trigger: 'preAuthentication', fn: 'account-events' },
  { trigger: 'postAuthentication', fn: 'account-events' },
];

/** SES sending events the product acts on, and the function that handles them. */
export const mailEvents: MailEventsDescription = { fn: 'mail-events', events: ['Bounce', 'Complaint'] };
