import type { ScheduleDescription, StateMachineDescription } from './types.ts';

/** The Step Functions state machines (ASL files) and the functions their task states call. */
export const stateMachines: readonly StateMachineDescription[] = [
  {
    name: 'ingest',
    file: 'state-machines/ingest.asl.json',
    functions: { IngestFunctionArn: 'ingest', FetchFeedsFunctionArn: 'fetch-feeds', SearchSnapshotFunctionArn: 'search-snapshot' },
    description: 'Fetch due feeds, classify new drafts, publish, queue or reject, refresh featured and trending',
    // Its Distributed Map reads the due hosts that list-due wrote there.
    readsIngestWork: true,
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
    description: 'Send a newsletter digest (or the mail of what readers follow): stories per topic set or reader, recipients in batches 4 at a time, each address once per issue',
  },
  {
    name: 'lifecycle',
    file: 'state-machines/lifecycle.asl.json',
    functions: { LifecycleFunctionArn: 'lifecycle', SearchSnapshotFunctionArn: 'search-snapshot' },
    description: 'Archive rejected articles after 48 h, purge archived ones after 30 days, record the run',
  },
];

/** EventBridge Scheduler schedules (India time) and the state machine each starts. */
export const schedules: readonly ScheduleDescription[] = [
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
    name: 'follows-mail-daily',
    expression: 'cron(30 7 * * ? *)',
    timezone: 'Asia/Kolkata',
    stateMachine: 'newsletter',
    input: { trigger: 'schedule', frequency: 'daily', list: 'follows' },
    description: 'Mail of what readers follow at 07:30 India time (after the Daily Digest): new stories per followed topic',
  },
  {
    name: 'follows-mail-weekly',
    expression: 'cron(30 7 ? * MON *)',
    timezone: 'Asia/Kolkata',
    stateMachine: 'newsletter',
    input: { trigger: 'schedule', frequency: 'weekly', list: 'follows' },
    description: 'Weekly mail of what readers follow on Mondays at 07:30 India time',
  },
  {
    name: 'lifecycle-twice-daily',
    expression: 'cron(0 6,18 * * ? *)',
    timezone: 'Asia/Kolkata',
    stateMachine: 'lifecycle',
    input: { trigger: 'schedule' },
    description: 'Lifecycle at 06:00 and 18:00 India time',
  },
];
