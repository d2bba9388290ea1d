import { CLASSIFIER_FILES, IMAGE_CODEC_FILES, TOPIC_FILES } from './constants.ts';
import type { FunctionDescription } from './types.ts';

/** Every Lambda function: its entry, what it may touch (the CDK turns that into least-privilege grants). */
export const functions: readonly FunctionDescription[] = [
  {
    name: 'articles',
    entry: 'lambdas/http/articles/articles.handler.ts',
    description: 'Public reader API: article list and search, categories, topics, widgets, feeds, views, shares, trending keywords, the contact form and the resized pictures (/img)',
    // The search index lives in memory, started from its snapshot (npm run bench -- search: heap and load time).
    memoryMb: 1536,
    // Mail: the contact form's copy to the team and the sender's acknowledgement. The signing key seals list
    // cursors (a topic's stories). The site's shell answers a story published but not yet written.
    access: { table: 'readWrite', mail: true, searchSnapshots: 'read', linkSigningKey: true, siteBucket: 'shell' },
    // The resized pictures (/img/*): the WebAssembly codecs beside the bundle, compiled on the first picture asked.
    // Here rather than in a function of their own: the stack is near CloudFormation's 500 resources, and a
    // function is a role, a policy, a log group, an integration and alarms.
    files: [...Object.values(IMAGE_CODEC_FILES), TOPIC_FILES.catalogue],
  },
  {
    name: 'me',
    entry: 'lambdas/http/me/me.handler.ts',
    description: 'Signed-in reader API: profile, preferences, bookmarks, likes, reading, notifications, push, follows, recommendations, export and account deletion',
    // Bookmarks and For You are cards from the search index; the push key is the one browsers subscribe with.
    access: { table: 'readWrite', userPool: ['cognito-idp:AdminDeleteUser'], linkSigningKey: true, searchSnapshots: 'read', pushKeys: true },
    // Following a topic names it from the catalogue.
    files: [TOPIC_FILES.catalogue],
  },
  {
    name: 'newsletter',
    entry: 'lambdas/http/newsletter/newsletter.handler.ts',
    description: 'Newsletter: double opt-in subscriptions by signed links, one-click unsubscribe, the signed-in reader\'s subscription',
    access: { table: 'readWrite', mail: true, linkSigningKey: true },
  },
  {
    name: 'donations',
    entry: 'lambdas/http/donations/donations.handler.ts',
    description: 'Donations on Razorpay: orders, checkout verification, the webhook (source of truth), totals and the success page',
    // Mail: the receipt.
    access: { table: 'readWrite', mail: true, paymentKeys: true },
  },
  {
    name: 'newsletter-digest',
    entry: 'lambdas/pipeline/newsletter-digest.handler.ts',
    description: 'Newsletter digest steps: choose an issue\'s stories and batch the subscribers, send a batch (once per address), record the run',
    access: { table: 'readWrite', mail: true, linkSigningKey: true },
    timeoutSeconds: 300,
  },
  {
    name: 'account-events',
    entry: 'lambdas/triggers/account-events.handler.ts',
    description: 'Cognito triggers: the verification and reset mails\' text, the profile, preferences and welcome notification on confirmation (or at the first sign-in of an account made by an administrator, with its role from its groups), sign-in counts',
    access: { table: 'readWrite', triggeringPool: ['cognito-idp:AdminListGroupsForUser'] },
  },
  {
    name: 'mail-events',
    entry: 'lambdas/triggers/mail-events.handler.ts',
    description: 'SES bounce and complaint events: a permanent bounce or a complaint suppresses the subscriber',
    access: { table: 'readWrite' },
  },
  {
    name: 'personalise',
    entry: 'lambdas/streams/personalise.handler.ts',
    description: 'Table stream consumer: recomputes a reader\'s recommendations when they like, save or read, and notifies followers of newly published articles',
    // Recommendation candidates come from the search index.
    access: { table: 'readWrite', searchSnapshots: 'read' },
    timeoutSeconds: 60,
    // Follow notifications name a story's topics as readers see them (merged ones by the topic merged into).
    files: [TOPIC_FILES.catalogue],
  },
  {
    name: 'push',
    entry: 'lambdas/streams/push.handler.ts',
    description: 'Table stream consumer: mirrors new notifications to the readers\' devices as web pushes',
    access: { table: 'readWrite', pushKeys: true },
    // Push services answer within seconds (8 s timeout a request); a batch is a few readers' devices.
    timeoutSeconds: 60,
  },
  {
    name: 'fold-tallies',
    entry: 'lambdas/streams/fold-tallies.handler.ts',
    description: 'Table stream consumer: folds the views and shares counted on articles\' tallies into the articles, so lists and rankings show them within a minute',
    access: { table: 'readWrite' },
    timeoutSeconds: 60,
  },
  {
    name: 'admin',
    entry: 'lambdas/http/admin/admin.handler.ts',
    description: 'Admin console API: dashboard, review queue, trending, topics, revenue, newsletter, users and roles, analytics, settings',
    access: {
      table: 'readWrite',
      // A newsletter issue sent from the console is a newsletter execution; a test of it is one mail to the editor.
      stateMachines: ['newsletter'],
      mail: true,
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
        // An address another account holds is refused before it is given (adapters/cognito-users.ts changeEmail).
        'cognito-idp:ListUsers',
      ],
    },
    // The Topics screen lists the catalogue's topics.
    files: [TOPIC_FILES.catalogue],
  },
  {
    name: 'admin-operations',
    entry: 'lambdas/http/admin/admin-operations.handler.ts',
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
      // Recovery: the dead letters of the stream consumers and mail events, redriven.
      deadLetters: 'redrive',
    },
    // API Gateway gives up after 30 s; diagnostics and backups answer before that.
    timeoutSeconds: 29,
  },
  {
    name: 'admin-content',
    entry: 'lambdas/http/admin/admin-content.handler.ts',
    description: 'Admin console API for articles and feeds: edits sanitised, feeds checked and refreshed through the pipeline\'s own fetch, parse and classify, OPML',
    // Cursors of the article list are sealed with the signing key's derived key.
    access: { table: 'readWrite', linkSigningKey: true },
    // API Gateway gives up after 30 s; a feed checked on save must answer before that.
    timeoutSeconds: 29,
  },
  {
    name: 'ingest',
    entry: 'lambdas/pipeline/ingest.handler.ts',
    description: 'Ingest steps: list due feeds, classify drafts, refresh highlights, record the run',
    // The due hosts go to the work bucket for the Distributed Map (a run's list outgrows a state's 256 KB).
    access: { table: 'readWrite', ingestWork: 'write' },
    timeoutSeconds: 300,
    memoryMb: 1024,
    environment: { FEED_CATALOGUE: 'production' },
    // The shipped model, until a retrained one is active.
    files: [CLASSIFIER_FILES.model],
  },
  {
    name: 'fetch-feeds',
    entry: 'lambdas/pipeline/fetch-feeds.handler.ts',
    description: 'Ingest step: a batch of hosts (a Distributed Map child), 16 at a time, each host\'s due feeds fetched one after another, parsed, normalised, deduplicated, classified and stored',
    access: { table: 'readWrite' },
    files: [CLASSIFIER_FILES.model],
    // Under the Express child's 5 minutes, so a batch that runs long fails into the child's Catch (which
    // alerts its hosts) rather than timing the child out; the batch itself stops starting hosts before this.
    timeoutSeconds: 240,
    memoryMb: 1024,
  },
  {
    name: 'retrain',
    entry: 'lambdas/pipeline/retrain.handler.ts',
    description: 'Retrains the classifier from the labelled set and review decisions',
    access: { table: 'readWrite' },
    files: Object.values(CLASSIFIER_FILES),
    timeoutSeconds: 120,
    memoryMb: 1024,
  },
  {
    name: 'search-snapshot',
    entry: 'lambdas/pipeline/search-snapshot.handler.ts',
    description: 'Search index snapshot: the public articles\' index, brought up to date after each ingest and lifecycle run, written to S3 for the articles instances to start from',
    access: { table: 'read', searchSnapshots: 'readWrite' },
    timeoutSeconds: 300,
    // It holds the whole index while it writes it, as an articles instance does.
    memoryMb: 1536,
  },
  {
    name: 'donation-receipts',
    entry: 'lambdas/streams/donation-receipts.handler.ts',
    description: 'Donation receipts whose first send failed, sent again from the table stream until SES takes them',
    access: { table: 'readWrite', mail: true },
  },
  {
    name: 'site-pages',
    entry: 'lambdas/streams/site-pages.handler.ts',
    description: 'Page writer: renders the home, category and story pages into the site bucket as content changes, and every page after each deploy',
    // readWrite: its run metrics and dependency failures are recorded in the table, as every function's are.
    access: { table: 'readWrite', searchSnapshots: 'read', siteBucket: 'write' },
    // Renders with React and holds the search index, as the articles function does.
    memoryMb: 1024,
    timeoutSeconds: 300,
  },
  {
    name: 'lifecycle',
    entry: 'lambdas/pipeline/lifecycle.handler.ts',
    description: 'Lifecycle steps: archive rejected articles, purge archived ones, record the run',
    access: { table: 'readWrite' },
    timeoutSeconds: 300,
  },
];
