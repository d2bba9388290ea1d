import type { DeadLetterQueueDescription, MailEventsDescription, StreamConsumerDescription, StreamErrorHandling, UserPoolTriggerDescription } from './types.ts';

/**
 * A consumer's failing batch is halved until the record that fails is alone, retried five times, then described
 * in its dead-letter queue and passed over, so one bad record holds its shard up for minutes, not the stream's
 * 24 hours.
 */
const streamErrors = (name: string): StreamErrorHandling => ({ bisectBatchOnError: true, retryAttempts: 5, deadLetterQueue: `stream-${name}` });

/** Table stream consumers: functions called with batches of changed items. */
export const streamConsumers: readonly StreamConsumerDescription[] = [
  {
    name: 'personalise',
    fn: 'personalise',
    onError: streamErrors('personalise'),
    batchSize: 100,
    filters: [
      // A reader liked, saved or read something (or took it back): their recommendations are stale.
      { dynamodb: { NewImage: { __edb_e__: { S: ['like', 'bookmark', 'readingProgress'] } } } },
      // ...or a like or bookmark was taken back, or an article deleted (a published one leaves its topics' lists; the
      // consumer passes over the rest). One filter for both: Lambda takes at most 5 per event source mapping
      // unless a quota increase is granted (docs/decisions/stream-filters.md).
      { eventName: ['REMOVE'], dynamodb: { OldImage: { __edb_e__: { S: ['like', 'bookmark', 'article'] } } } },
      // An article became public: its category's followers hear of it.
      { eventName: ['INSERT'], dynamodb: { NewImage: { __edb_e__: { S: ['article'] }, status: { S: ['published'] } } } },
      {
        eventName: ['MODIFY'],
        dynamodb: { NewImage: { __edb_e__: { S: ['article'] }, status: { S: ['published'] } }, OldImage: { status: { S: [{ 'anything-but': ['published'] }] } } },
      },
      // An article stopped being published (unpublished, archived, purged): it leaves its topics' lists.
      {
        eventName: ['MODIFY'],
        dynamodb: { OldImage: { __edb_e__: { S: ['article'] }, status: { S: ['published'] } }, NewImage: { status: { S: [{ 'anything-but': ['published'] }] } } },
      },
    ],
  },
  {
    name: 'push',
    fn: 'push',
    onError: streamErrors('push'),
    batchSize: 25,
    filters: [
      // A new notification: it may also go to the reader's devices.
      { eventName: ['INSERT'], dynamodb: { NewImage: { __edb_e__: { S: ['notification'] } } } },
    ],
  },
  {
    name: 'fold-tallies',
    fn: 'fold-tallies',
    onError: streamErrors('fold-tallies'),
    batchSize: 100,
    // Views wait at most this long before they reach lists and rankings; a busy article is rewritten once per window.
    batchingWindowSeconds: 30,
    filters: [
      // An article's tally that holds events not yet in the article (a fold removes `since`).
      { dynamodb: { NewImage: { __edb_e__: { S: ['articleTally'] }, since: { N: [{ exists: true }] } } } },
    ],
  },
  {
    name: 'site-pages',
    fn: 'site-pages',
    onError: streamErrors('site-pages'),
    batchSize: 100,
    // A pipeline run publishes many stories in a burst: one rewrite of the lists for the burst, not one per story.
    batchingWindowSeconds: 5,
    filters: [
      // A story that is public now or was before the change: its page, and the lists it is or was on.
      { dynamodb: { NewImage: { __edb_e__: { S: ['article'] }, status: { S: ['published'] } } } },
      { dynamodb: { OldImage: { __edb_e__: { S: ['article'] }, status: { S: ['published'] } } } },
      // A rewrite of every page that saved where it stopped: the writer's next part (lambdas/store/page-rewrites.ts).
      { dynamodb: { NewImage: { __edb_e__: { S: ['pageRewrite'] }, status: { S: ['running'] } } } },
    ],
  },
  {
    name: 'donation-receipts',
    fn: 'donation-receipts',
    onError: streamErrors('donation-receipts'),
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
// Lambda's own default of two retries for an asynchronous invocation, said here so the local poller makes the same.
export const mailEvents: MailEventsDescription = { fn: 'mail-events', events: ['Bounce', 'Complaint'], retryAttempts: 2, deadLetterQueue: 'mail-events' };

/** Every dead-letter queue of an asynchronous consumer the Recovery screen can redrive. */
export const deadLetterQueues: readonly DeadLetterQueueDescription[] = [
  ...streamConsumers.map((consumer) => ({ name: consumer.onError.deadLetterQueue, source: 'stream' as const, fn: consumer.fn })),
  { name: mailEvents.deadLetterQueue, source: 'mail-events', fn: mailEvents.fn },
];
