/** The shape of the stack description: what lib/ turns into CloudFormation and the local runtime serves. */

export type AuthLevel = 'public' | 'user' | 'moderator' | 'admin';

/** What a function may touch; the CDK construct turns each into a least-privilege grant. */
export interface FunctionAccess {
  table?: 'read' | 'readWrite';
  /** Sends mail through SES. */
  mail?: boolean;
  /** State machines (by name) it may start, list, describe, stop and redrive. */
  stateMachines?: readonly string[];
  /** Reads the described schedules and pauses or resumes them (EventBridge Scheduler Get/UpdateSchedule). */
  schedules?: boolean;
  /**
   * Reads the service's signing key (Secrets Manager on AWS; a local value locally): it signs newsletter
   * links, and list cursors are sealed with a key derived from it (platform/cursors.ts).
   */
  linkSigningKey?: boolean;
  /** Reads the Razorpay keys (key id and secret, webhook secret): Secrets Manager on AWS, the stand-in's locally. */
  paymentKeys?: boolean;
  /** Reads the VAPID keys of web push (Secrets Manager on AWS; generated at the first start locally). */
  pushKeys?: boolean;
  /** Cognito user pool admin actions it may call (e.g. AdminDeleteUser), on the product's pool only. */
  userPool?: readonly string[];
  /**
   * Cognito actions a trigger may call on the pool that invokes it (the pool id comes with the event). Granted
   * on this account's pools in the stack's region: the pool's own ARN would make a cycle, as the pool names
   * the function as its trigger.
   */
  triggeringPool?: readonly string[];
  /**
   * The console's diagnostics and backups: reads the SES account (GetAccount), the table's backup state
   * (DescribeContinuousBackups, ListBackups) and makes on-demand backups of the table (CreateBackup).
   */
  operations?: boolean;
  /**
   * The search index snapshots in S3 (services/article-search.ts): the recent tier's object and the archive's
   * monthly shards. 'read' to start an instance's index from them, 'readWrite' to take them (the snapshot step).
   */
  searchSnapshots?: 'read' | 'readWrite';
  /** Writes the ingest's work list (the due hosts) to the ingest work bucket, under INGEST_WORK_PREFIX. */
  ingestWork?: 'write';
  /**
   * Writes the reader site's pages into the site's bucket (the page writer, docs/decisions/first-screen-html.md):
   * puts and deletes objects under SITE_PAGES_PREFIX and reads the app's shell (index.html). The bucket's name
   * comes in SITE_BUCKET. 'shell' reads the shell only: the articles function answers a story published but not yet
   * written with it (http/articles/missing-page.ts).
   */
  siteBucket?: 'write' | 'shell';
  /**
   * Redrives the described dead-letter queues (the Recovery screen): receives and deletes their messages, reads
   * the table's stream back and invokes the consumer each dead letter names. Their URLs and functions come in
   * the variable DEAD_LETTERS_ENVIRONMENT names.
   */
  deadLetters?: 'redrive';
}

export interface FunctionDescription {
  /** Short name, also the Lambda's logical id suffix. */
  name: string;
  /** Entry file relative to the repository root; it exports `handler`. */
  entry: string;
  description: string;
  access: FunctionAccess;
  timeoutSeconds?: number;
  memoryMb?: number;
  /** Settings of the deployed function; the local runtime sets its own values for the same names. */
  environment?: Record<string, string>;
  /** Repository files it reads at run time (lambdas/adapters/runtime-files.ts), copied into its asset at the same path. */
  files?: readonly string[];
}

export interface RouteDescription {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** API Gateway path syntax: /articles/{id} */
  path: string;
  /** Name of the function (one per area) that answers it. */
  fn: string;
  auth: AuthLevel;
}

export interface StateMachineDescription {
  name: string;
  /** ASL file relative to the repository root, JSONPath only (the local runtime cannot run JSONata). */
  file: string;
  /** `${Placeholder}` in the ASL -> function name whose ARN replaces it. */
  functions: Record<string, string>;
  description: string;
  /** Reads the ingest work bucket (a Distributed Map's ItemReader), under INGEST_WORK_PREFIX. */
  readsIngestWork?: boolean;
}

export interface ScheduleDescription {
  name: string;
  /** EventBridge Scheduler expression: cron(min hour dom month dow year) or rate(n unit). */
  expression: string;
  timezone: 'Asia/Kolkata';
  stateMachine: string;
  input: Record<string, unknown>;
  description: string;
}

export interface StreamConsumerDescription {
  name: string;
  /** Function that receives DynamoDB stream batches. */
  fn: string;
  batchSize: number;
  /** How long Lambda gathers records before it calls (MaximumBatchingWindowInSeconds); the local poller calls at once. */
  batchingWindowSeconds?: number;
  /**
   * Lambda event filter patterns (any one matching lets a record through), in the event source mapping's
   * syntax: the deployed mapping gets them as FilterCriteria and the local poller applies the same ones.
   */
  filters?: readonly Record<string, unknown>[];
  /** What happens to a batch the function throws on: the event source mapping's settings, applied by the local poller too. */
  onError: StreamErrorHandling;
}

export interface StreamErrorHandling {
  /** Split a failing batch in two and retry each half (BisectBatchOnFunctionError); splitting uses no attempt. */
  bisectBatchOnError: boolean;
  /** Retries of a failing batch before its description goes to the dead-letter queue (MaximumRetryAttempts). */
  retryAttempts: number;
  /** The dead-letter queue (a name of `deadLetterQueues`) that receives the failed batch's on-failure record. */
  deadLetterQueue: string;
}

/**
 * A dead-letter queue: where an asynchronous consumer's given-up work waits (14 days on AWS) to be read and
 * redriven. `source` says what its messages are, so the redrive knows how to hand them back.
 */
export interface DeadLetterQueueDescription {
  /** Its name: the queue's construct id suffix (`DeadLetters-<name>`) on AWS, the queue's name locally. */
  name: string;
  source: 'stream' | 'mail-events';
  /** The function whose work it holds: the redrive invokes it with the work again. */
  fn: string;
}

/** Cognito Lambda triggers the user pool calls. */
export const USER_POOL_TRIGGERS = ['customMessage', 'postConfirmation', 'preAuthentication', 'postAuthentication'] as const;
export type UserPoolTrigger = (typeof USER_POOL_TRIGGERS)[number];

export interface UserPoolTriggerDescription {
  trigger: UserPoolTrigger;
  fn: string;
}

/** SES sending events (configuration set -> SNS on AWS) that the product acts on. */
export const MAIL_EVENT_TYPES = ['Bounce', 'Complaint'] as const;
export type MailEventType = (typeof MAIL_EVENT_TYPES)[number];

export interface MailEventsDescription {
  /** Function that receives the events, as SNS notifications carrying SES's event JSON. */
  fn: string;
  events: readonly MailEventType[];
  /**
   * SNS invokes the function asynchronously: Lambda retries a throwing invocation this many times (0-2), then
   * sends the invocation record (the SNS event inside) to this dead-letter queue (a name of `deadLetterQueues`),
   * the one the subscription's own undeliverable messages go to.
   */
  retryAttempts: number;
  deadLetterQueue: string;
}

export interface TableIndexDescription {
  name: string;
  pk: string;
  sk: string;
  /** The non-key attributes the index copies (INCLUDE); absent: every attribute (ALL). */
  projection?: readonly string[];
}

export interface StackDescription {
  table: {
    partitionKey: string;
    sortKey: string;
    ttlAttribute: string;
    indexes: readonly TableIndexDescription[];
  };
  functions: readonly FunctionDescription[];
  routes: readonly RouteDescription[];
  stateMachines: readonly StateMachineDescription[];
  schedules: readonly ScheduleDescription[];
  streamConsumers: readonly StreamConsumerDescription[];
  userPoolTriggers: readonly UserPoolTriggerDescription[];
  mailEvents: MailEventsDescription;
  deadLetterQueues: readonly DeadLetterQueueDescription[];
}
