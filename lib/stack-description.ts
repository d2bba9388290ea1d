/**
 * The stack, described once as data. Two runtimes read it: the CDK constructs in lib/ turn it into
 * CloudFormation, and the local runtime (bin/local.ts) serves it on this machine. Nothing here imports
 * aws-cdk-lib, so handlers may import it too (the area routers read each route's auth level from here).
 */

export type AuthLevel = 'public' | 'user' | 'moderator' | 'admin';

/** The search index snapshot's object key in its bucket: the grants name it, the functions read and write it. */
export const SEARCH_SNAPSHOT_KEY = 'search/public-articles.snapshot';

/**
 * Data the classifier reads at run time rather than carrying in its bundle (issue #13: the model and the
 * training rows were 620 KB of JavaScript): repository paths, shipped in a function's asset at the same
 * path when the function lists them in `files` (lambdas/adapters/runtime-files.ts reads them).
 */
export const CLASSIFIER_FILES = {
  model: 'data/classifier/model.json',
  training: 'data/classifier/training.json',
  heldout: 'data/classifier/heldout.json',
  corpus: 'data/classifier/corpus/train-validation.json',
} as const;

/** The header CloudFront adds to every API request, so the API can tell an edge request from a direct one. */
export const EDGE_ORIGIN_HEADER = 'x-origin-verify';
/** The header that carries the reader's address from CloudFront's /api viewer function to the API. */
export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';

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
   * links, and list cursors are sealed with a key derived from it (shared/platform/cursors.ts).
   */
  linkSigningKey?: boolean;
  /** Reads the Razorpay keys (key id and secret, webhook secret): Secrets Manager on AWS, the stand-in's locally. */
  paymentKeys?: boolean;
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
   * The search index snapshot in S3 (search/article-search.ts): 'read' to start an instance's index from it,
   * 'readWrite' to take it (the pipeline's snapshot step).
   */
  searchSnapshots?: 'read' | 'readWrite';
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
  /**
   * Lambda event filter patterns (any one matching lets a record through), in the event source mapping's
   * syntax: the deployed mapping gets them as FilterCriteria and the local poller applies the same ones.
   */
  filters?: readonly Record<string, unknown>[];
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
}

export interface TableIndexDescription {
  name: string;
  pk: string;
  sk: string;
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
}

export const stack: StackDescription = {
  table: {
    partitionKey: 'pk',
    sortKey: 'sk',
    ttlAttribute: 'expiresAt',
    indexes: [
      { name: 'gsi1', pk: 'gsi1pk', sk: 'gsi1sk' },
      { name: 'gsi2', pk: 'gsi2pk', sk: 'gsi2sk' },
      { name: 'gsi3', pk: 'gsi3pk', sk: 'gsi3sk' },
    ],
  },
  functions: [
    {
      name: 'articles',
      entry: 'lambdas/http/articles/index.ts',
      description: 'Public reader API: article list and search, categories, widgets, feeds, views, shares, trending keywords and the contact form',
      // The search index lives in memory, started from its snapshot (npm run bench -- search: heap and load time).
      memoryMb: 1536,
      // Mail: the contact form's copy to the team and the sender's acknowledgement.
      access: { table: 'readWrite', mail: true, searchSnapshots: 'read' },
    },
    {
      name: 'me',
      entry: 'lambdas/http/me/index.ts',
      description: 'Signed-in reader API: profile, preferences, bookmarks, likes, reading, notifications, recommendations, export and account deletion',
      // Bookmarks and For You are cards from the search index.
      access: { table: 'readWrite', userPool: ['cognito-idp:AdminDeleteUser'], linkSigningKey: true, searchSnapshots: 'read' },
    },
    {
      name: 'newsletter',
      entry: 'lambdas/http/newsletter/index.ts',
      description: 'Newsletter: double opt-in subscriptions by signed links, one-click unsubscribe, the signed-in reader\'s subscription',
      access: { table: 'readWrite', mail: true, linkSigningKey: true },
    },
    {
      name: 'donations',
      entry: 'lambdas/http/donations/index.ts',
      description: 'Donations on Razorpay: orders, checkout verification, the webhook (source of truth), totals and the success page',
      // Mail: the receipt.
      access: { table: 'readWrite', mail: true, paymentKeys: true },
    },
    {
      name: 'newsletter-digest',
      entry: 'lambdas/pipeline/newsletter.ts',
      description: 'Newsletter digest steps: choose an issue\'s stories and batch the subscribers, send a batch (once per address), record the run',
      access: { table: 'readWrite', mail: true, linkSigningKey: true },
      timeoutSeconds: 300,
    },
    {
      name: 'account-events',
      entry: 'lambdas/triggers/account-events.ts',
      description: 'Cognito triggers: the verification and reset mails\' text, the profile, preferences and welcome notification on confirmation (or at the first sign-in of an account made by an administrator, with its role from its groups), sign-in counts',
      access: { table: 'readWrite', triggeringPool: ['cognito-idp:AdminListGroupsForUser'] },
    },
    {
      name: 'mail-events',
      entry: 'lambdas/triggers/mail-events.ts',
      description: 'SES bounce and complaint events: a permanent bounce or a complaint suppresses the subscriber',
      access: { table: 'readWrite' },
    },
    {
      name: 'personalise',
      entry: 'lambdas/streams/personalise.ts',
      description: 'Table stream consumer: recomputes a reader\'s recommendations when they like, save or read, and notifies followers of newly published articles',
      // Recommendation candidates come from the search index.
      access: { table: 'readWrite', searchSnapshots: 'read' },
      timeoutSeconds: 60,
    },
    {
      name: 'admin',
      entry: 'lambdas/http/admin/index.ts',
      description: 'Admin console API: dashboard, review queue, trending, revenue, newsletter, users and roles, analytics, settings',
      access: {
        table: 'readWrite',
        // A newsletter issue sent from the console is a newsletter execution.
        stateMachines: ['newsletter'],
        // Settings change the pipeline's schedule expressions.
        schedules: true,
        linkSigningKey: true,
        // User management: roles are Cognito groups; suspension disables the account and ends its sessions.
        userPool: [
          'cognito-idp:AdminAddUserToGroup',
          'cognito-idp:AdminRemoveUserFromGroup',
          'cognito-idp:AdminListGroupsForUser',
          'cognito-idp:AdminDisableUser',
          'cognito-idp:AdminEnableUser',
          'cognito-idp:AdminUpdateUserAttributes',
          'cognito-idp:AdminUserGlobalSignOut',
        ],
      },
    },
    {
      name: 'admin-operations',
      entry: 'lambdas/http/admin/operations-area.ts',
      description: 'Admin console API for operations: pipeline executions, schedules and alerts, recovery, diagnostics and backups',
      access: {
        table: 'readWrite',
        stateMachines: ['ingest', 'lifecycle', 'retrain', 'newsletter'],
        schedules: true,
        linkSigningKey: true,
        // Diagnostics: the user pool answers.
        userPool: ['cognito-idp:DescribeUserPool'],
        // Diagnostics (SES account, table) and backups.
        operations: true,
      },
      // API Gateway gives up after 30 s; diagnostics and backups answer before that.
      timeoutSeconds: 29,
    },
    {
      name: 'admin-content',
      entry: 'lambdas/http/admin/content.ts',
      description: 'Admin console API for articles and feeds: edits sanitised, feeds checked and refreshed through the pipeline\'s own fetch, parse and classify, OPML',
      // Cursors of the article list are sealed with the signing key's derived key.
      access: { table: 'readWrite', linkSigningKey: true },
      // API Gateway gives up after 30 s; a feed checked on save must answer before that.
      timeoutSeconds: 29,
    },
    {
      name: 'ingest',
      entry: 'lambdas/pipeline/ingest.ts',
      description: 'Ingest steps: list due feeds, classify drafts, refresh highlights, record the run',
      access: { table: 'readWrite' },
      timeoutSeconds: 300,
      memoryMb: 1024,
      environment: { FEED_CATALOGUE: 'production' },
      // The shipped model, until a retrained one is active.
      files: [CLASSIFIER_FILES.model],
    },
    {
      name: 'fetch-feeds',
      entry: 'lambdas/pipeline/fetch-host.ts',
      description: 'Ingest step: one host\'s due feeds fetched, parsed, normalised, deduplicated and stored as drafts',
      access: { table: 'readWrite' },
      timeoutSeconds: 300,
      memoryMb: 1024,
    },
    {
      name: 'retrain',
      entry: 'lambdas/pipeline/retrain.ts',
      description: 'Retrains the classifier from the labelled set and review decisions',
      access: { table: 'readWrite' },
      files: Object.values(CLASSIFIER_FILES),
      timeoutSeconds: 120,
      memoryMb: 1024,
    },
    {
      name: 'search-snapshot',
      entry: 'lambdas/pipeline/search-snapshot.ts',
      description: 'Search index snapshot: the public articles\' index, brought up to date after each ingest and lifecycle run, written to S3 for the articles instances to start from',
      access: { table: 'read', searchSnapshots: 'readWrite' },
      timeoutSeconds: 300,
      // It holds the whole index while it writes it, as an articles instance does.
      memoryMb: 1536,
    },
    {
      name: 'donation-receipts',
      entry: 'lambdas/streams/donation-receipts.ts',
      description: 'Donation receipts whose first send failed, sent again from the table stream until SES takes them',
      access: { table: 'readWrite', mail: true },
    },
    {
      name: 'lifecycle',
      entry: 'lambdas/pipeline/lifecycle.ts',
      description: 'Lifecycle steps: archive rejected articles, purge archived ones, record the run',
      access: { table: 'readWrite' },
      timeoutSeconds: 300,
    },
  ],
  routes: [
    { method: 'GET', path: '/articles', fn: 'articles', auth: 'public' },
    { method: 'GET', path: '/articles/{id}', fn: 'articles', auth: 'public' },
    { method: 'GET', path: '/categories', fn: 'articles', auth: 'public' },
    { method: 'POST', path: '/articles/{id}/views', fn: 'articles', auth: 'public' },
    { method: 'POST', path: '/articles/{id}/shares', fn: 'articles', auth: 'public' },
    { method: 'POST', path: '/search-keywords', fn: 'articles', auth: 'public' },
    { method: 'GET', path: '/trending-keywords', fn: 'articles', auth: 'public' },
    { method: 'GET', path: '/widgets', fn: 'articles', auth: 'public' },
    { method: 'POST', path: '/client-errors', fn: 'articles', auth: 'public' },
    { method: 'POST', path: '/contact', fn: 'articles', auth: 'public' },
    { method: 'GET', path: '/feeds/{scope}/{file}', fn: 'articles', auth: 'public' },
    { method: 'GET', path: '/sitemap.xml', fn: 'articles', auth: 'public' },
    { method: 'GET', path: '/share/{id}', fn: 'articles', auth: 'public' },
    { method: 'GET', path: '/content-performance', fn: 'articles', auth: 'public' },
    { method: 'POST', path: '/page-views', fn: 'articles', auth: 'public' },
    { method: 'GET', path: '/me/feed', fn: 'articles', auth: 'user' },
    { method: 'GET', path: '/me', fn: 'me', auth: 'user' },
    { method: 'PATCH', path: '/me', fn: 'me', auth: 'user' },
    { method: 'DELETE', path: '/me', fn: 'me', auth: 'user' },
    { method: 'GET', path: '/me/export', fn: 'me', auth: 'user' },
    { method: 'GET', path: '/me/preferences', fn: 'me', auth: 'user' },
    { method: 'PUT', path: '/me/preferences', fn: 'me', auth: 'user' },
    { method: 'GET', path: '/me/relations', fn: 'me', auth: 'user' },
    { method: 'GET', path: '/me/bookmarks', fn: 'me', auth: 'user' },
    { method: 'PUT', path: '/me/bookmarks/{articleId}', fn: 'me', auth: 'user' },
    { method: 'DELETE', path: '/me/bookmarks/{articleId}', fn: 'me', auth: 'user' },
    { method: 'PUT', path: '/me/likes/{articleId}', fn: 'me', auth: 'user' },
    { method: 'DELETE', path: '/me/likes/{articleId}', fn: 'me', auth: 'user' },
    { method: 'GET', path: '/me/reading/{articleId}', fn: 'me', auth: 'user' },
    { method: 'POST', path: '/me/reading/{articleId}', fn: 'me', auth: 'user' },
    { method: 'GET', path: '/me/activity', fn: 'me', auth: 'user' },
    { method: 'POST', path: '/me/recommendations', fn: 'me', auth: 'user' },
    { method: 'GET', path: '/me/notifications', fn: 'me', auth: 'user' },
    { method: 'GET', path: '/me/notifications/stats', fn: 'me', auth: 'user' },
    { method: 'POST', path: '/me/notifications/read-all', fn: 'me', auth: 'user' },
    { method: 'POST', path: '/me/notifications/{id}/read', fn: 'me', auth: 'user' },
    { method: 'DELETE', path: '/me/notifications/{id}', fn: 'me', auth: 'user' },
    { method: 'GET', path: '/newsletter/options', fn: 'newsletter', auth: 'public' },
    { method: 'POST', path: '/newsletter/subscriptions', fn: 'newsletter', auth: 'public' },
    { method: 'POST', path: '/newsletter/confirmations', fn: 'newsletter', auth: 'public' },
    { method: 'POST', path: '/newsletter/unsubscribe', fn: 'newsletter', auth: 'public' },
    { method: 'POST', path: '/newsletter/unsubscribe-requests', fn: 'newsletter', auth: 'public' },
    { method: 'GET', path: '/me/newsletter', fn: 'newsletter', auth: 'user' },
    { method: 'POST', path: '/donations', fn: 'donations', auth: 'public' },
    { method: 'POST', path: '/donations/verifications', fn: 'donations', auth: 'public' },
    { method: 'POST', path: '/donations/webhooks/razorpay', fn: 'donations', auth: 'public' },
    { method: 'GET', path: '/donations/summary', fn: 'donations', auth: 'public' },
    { method: 'GET', path: '/donations/orders/{orderId}', fn: 'donations', auth: 'public' },
    { method: 'PUT', path: '/me/newsletter', fn: 'newsletter', auth: 'user' },
    { method: 'DELETE', path: '/me/newsletter', fn: 'newsletter', auth: 'user' },
    { method: 'GET', path: '/admin/ping', fn: 'admin', auth: 'admin' },
    // Console. Moderators get the review queue and article reading; everything else is the admin's.
    { method: 'GET', path: '/admin/session', fn: 'admin', auth: 'moderator' },
    { method: 'GET', path: '/admin/dashboard', fn: 'admin', auth: 'admin' },
    { method: 'GET', path: '/admin/audit', fn: 'admin', auth: 'admin' },
    { method: 'GET', path: '/admin/review', fn: 'admin', auth: 'moderator' },
    { method: 'GET', path: '/admin/review/stats', fn: 'admin', auth: 'moderator' },
    // Moderators take a searched or content keyword off Trending (and put it back).
    { method: 'GET', path: '/admin/trending-keywords', fn: 'admin', auth: 'moderator' },
    { method: 'PUT', path: '/admin/trending-keywords/visibility', fn: 'admin', auth: 'moderator' },
    { method: 'POST', path: '/admin/review/{id}/approve', fn: 'admin', auth: 'moderator' },
    { method: 'POST', path: '/admin/review/{id}/reject', fn: 'admin', auth: 'moderator' },
    { method: 'GET', path: '/admin/articles', fn: 'admin-content', auth: 'moderator' },
    { method: 'POST', path: '/admin/articles', fn: 'admin-content', auth: 'admin' },
    { method: 'GET', path: '/admin/articles/{id}', fn: 'admin-content', auth: 'moderator' },
    { method: 'PUT', path: '/admin/articles/{id}', fn: 'admin-content', auth: 'admin' },
    { method: 'DELETE', path: '/admin/articles/{id}', fn: 'admin-content', auth: 'admin' },
    { method: 'PUT', path: '/admin/articles/{id}/featured', fn: 'admin-content', auth: 'admin' },
    { method: 'POST', path: '/admin/article-actions', fn: 'admin-content', auth: 'admin' },
    { method: 'GET', path: '/admin/summaries', fn: 'admin-content', auth: 'admin' },
    { method: 'POST', path: '/admin/summaries/regenerate', fn: 'admin-content', auth: 'admin' },
    { method: 'GET', path: '/admin/feeds', fn: 'admin-content', auth: 'admin' },
    { method: 'POST', path: '/admin/feeds', fn: 'admin-content', auth: 'admin' },
    { method: 'PUT', path: '/admin/feeds/{id}', fn: 'admin-content', auth: 'admin' },
    { method: 'DELETE', path: '/admin/feeds/{id}', fn: 'admin-content', auth: 'admin' },
    { method: 'POST', path: '/admin/feeds/{id}/fetch', fn: 'admin-content', auth: 'admin' },
    { method: 'GET', path: '/admin/feeds-opml', fn: 'admin-content', auth: 'admin' },
    { method: 'POST', path: '/admin/feeds-opml', fn: 'admin-content', auth: 'admin' },
    { method: 'GET', path: '/admin/lifecycle', fn: 'admin', auth: 'admin' },
    { method: 'POST', path: '/admin/lifecycle/cleanup-auto-rejected', fn: 'admin', auth: 'admin' },
    { method: 'GET', path: '/admin/pipeline/executions', fn: 'admin-operations', auth: 'admin' },
    { method: 'POST', path: '/admin/pipeline/executions', fn: 'admin-operations', auth: 'admin' },
    { method: 'GET', path: '/admin/pipeline/executions/{machine}/{name}', fn: 'admin-operations', auth: 'admin' },
    { method: 'POST', path: '/admin/pipeline/executions/{machine}/{name}/stop', fn: 'admin-operations', auth: 'admin' },
    { method: 'POST', path: '/admin/pipeline/executions/{machine}/{name}/redrive', fn: 'admin-operations', auth: 'admin' },
    { method: 'GET', path: '/admin/pipeline/schedules', fn: 'admin-operations', auth: 'admin' },
    { method: 'PUT', path: '/admin/pipeline/schedules/{name}', fn: 'admin-operations', auth: 'admin' },
    // Console part 2 (issue 11).
    { method: 'GET', path: '/admin/revenue', fn: 'admin', auth: 'admin' },
    { method: 'GET', path: '/admin/newsletter', fn: 'admin', auth: 'admin' },
    { method: 'GET', path: '/admin/newsletter/subscribers', fn: 'admin', auth: 'admin' },
    { method: 'POST', path: '/admin/newsletter/issues', fn: 'admin', auth: 'admin' },
    { method: 'GET', path: '/admin/users', fn: 'admin', auth: 'admin' },
    { method: 'PUT', path: '/admin/users/{userId}', fn: 'admin', auth: 'admin' },
    { method: 'PUT', path: '/admin/users/{userId}/role', fn: 'admin', auth: 'admin' },
    { method: 'POST', path: '/admin/users/{userId}/messages', fn: 'admin', auth: 'admin' },
    { method: 'POST', path: '/admin/users/{userId}/suspension', fn: 'admin', auth: 'admin' },
    { method: 'DELETE', path: '/admin/users/{userId}/suspension', fn: 'admin', auth: 'admin' },
    { method: 'POST', path: '/admin/diagnostics', fn: 'admin-operations', auth: 'admin' },
    { method: 'GET', path: '/admin/backups', fn: 'admin-operations', auth: 'admin' },
    { method: 'POST', path: '/admin/backups', fn: 'admin-operations', auth: 'admin' },
    { method: 'GET', path: '/admin/alerts', fn: 'admin-operations', auth: 'admin' },
    { method: 'POST', path: '/admin/alerts/{id}/resolve', fn: 'admin-operations', auth: 'admin' },
    // Analytics (page views the reader site sends, engagement, conversions) and its CSV report.
    { method: 'GET', path: '/admin/analytics', fn: 'admin', auth: 'admin' },
    { method: 'GET', path: '/admin/analytics/report', fn: 'admin', auth: 'admin' },
    // Settings the handlers read, and the security view (audit of role changes, sign-in failures).
    { method: 'GET', path: '/admin/settings', fn: 'admin', auth: 'admin' },
    { method: 'PUT', path: '/admin/settings', fn: 'admin', auth: 'admin' },
    { method: 'GET', path: '/admin/security', fn: 'admin', auth: 'admin' },
    // Operations / monitoring from recorded runs, and recovery actions.
    { method: 'GET', path: '/admin/operations', fn: 'admin-operations', auth: 'admin' },
    { method: 'GET', path: '/admin/recovery', fn: 'admin-operations', auth: 'admin' },
    { method: 'POST', path: '/admin/recovery/{action}', fn: 'admin-operations', auth: 'admin' },
  ],
  stateMachines: [
    {
      name: 'ingest',
      file: 'state-machines/ingest.asl.json',
      functions: { IngestFunctionArn: 'ingest', FetchFeedsFunctionArn: 'fetch-feeds', SearchSnapshotFunctionArn: 'search-snapshot' },
      description: 'Fetch due feeds, classify new drafts, publish, queue or reject, refresh featured and trending',
    },
    {
      name: 'retrain',
      file: 'state-machines/retrain.asl.json',
      functions: { RetrainFunctionArn: 'retrain' },
      description: 'Retrain the classifier; adopt the new model only if it evaluates at least as well',
    },
    {
      name: 'newsletter',
      file: 'state-machines/newsletter.asl.json',
      functions: { NewsletterFunctionArn: 'newsletter-digest' },
      description: 'Send a newsletter digest: stories per topic set, subscribers in batches 4 at a time, each address once per issue',
    },
    {
      name: 'lifecycle',
      file: 'state-machines/lifecycle.asl.json',
      functions: { LifecycleFunctionArn: 'lifecycle', SearchSnapshotFunctionArn: 'search-snapshot' },
      description: 'Archive rejected articles after 48 h, purge archived ones after 30 days, record the run',
    },
  ],
  schedules: [
    {
      name: 'ingest-every-30-minutes',
      expression: 'rate(30 minutes)',
      timezone: 'Asia/Kolkata',
      stateMachine: 'ingest',
      input: { trigger: 'schedule', mode: 'full' },
      description: 'Fetch due feeds and classify what they bring',
    },
    {
      name: 'classify-backlog-hourly',
      expression: 'cron(15 * * * ? *)',
      timezone: 'Asia/Kolkata',
      stateMachine: 'ingest',
      input: { trigger: 'schedule', mode: 'classify-only' },
      description: 'Classify any drafts left over (e.g. after a failed run)',
    },
    {
      name: 'retrain-weekly',
      expression: 'cron(0 3 ? * SUN *)',
      timezone: 'Asia/Kolkata',
      stateMachine: 'retrain',
      input: { trigger: 'schedule' },
      description: 'Retrain the classifier on Sundays at 03:00 India time',
    },
    {
      name: 'newsletter-daily',
      expression: 'cron(0 7 * * ? *)',
      timezone: 'Asia/Kolkata',
      stateMachine: 'newsletter',
      input: { trigger: 'schedule', frequency: 'daily' },
      description: 'Daily Digest at 07:00 India time: the top 5 stories of the last day in each subscriber\'s topics',
    },
    {
      name: 'newsletter-weekly',
      expression: 'cron(0 7 ? * MON *)',
      timezone: 'Asia/Kolkata',
      stateMachine: 'newsletter',
      input: { trigger: 'schedule', frequency: 'weekly' },
      description: 'Weekly Roundup on Mondays at 07:00 India time',
    },
    {
      name: 'newsletter-monthly',
      expression: 'cron(0 7 1 * ? *)',
      timezone: 'Asia/Kolkata',
      stateMachine: 'newsletter',
      input: { trigger: 'schedule', frequency: 'monthly' },
      description: 'Monthly Summary on the 1st at 07:00 India time',
    },
    {
      name: 'lifecycle-twice-daily',
      expression: 'cron(0 6,18 * * ? *)',
      timezone: 'Asia/Kolkata',
      stateMachine: 'lifecycle',
      input: { trigger: 'schedule' },
      description: 'Lifecycle at 06:00 and 18:00 India time',
    },
  ],
  streamConsumers: [
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
      name: 'donation-receipts',
      fn: 'donation-receipts',
      batchSize: 10,
      filters: [
        // A paid donation whose receipt failed to send and has not gone out since.
        { dynamodb: { NewImage: { __edb_e__: { S: ['donation'] }, status: { S: ['paid'] }, receiptFailedAt: { S: [{ exists: true }] }, receiptSentAt: [{ exists: false }] } } },
      ],
    },
  ],
  userPoolTriggers: [
    { trigger: 'customMessage', fn: 'account-events' },
    { trigger: 'postConfirmation', fn: 'account-events' },
    // Sign-in attempts and successes per account per day (the Security screen's sign-in failures).
    { trigger: 'preAuthentication', fn: 'account-events' },
    { trigger: 'postAuthentication', fn: 'account-events' },
  ],
  mailEvents: { fn: 'mail-events', events: ['Bounce', 'Complaint'] },
};

/** `GET /articles/{id}`: the key API Gateway v2 puts in `event.routeKey`. */
export function routeKey(route: Pick<RouteDescription, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

export function routesOf(description: StackDescription, fn: string): RouteDescription[] {
  return description.routes.filter((route) => route.fn === fn);
}
