import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { stack as defaultStack, searchArchiveCacheMb, type StackDescription } from '../stack-description.ts';
import { ensureUserPool, startCognitoLocal, type LocalUserPool } from './cognito.ts';
import { ensureTable, startDynamoDbLocal } from './dynamodb.ts';
import { startLocalDeadLetters } from './dead-letters.ts';
import { loadFunctionHandler, localFunctionArn } from './functions.ts';
import { startGateway, type LocalGateway } from './gateway.ts';
import { assertPortFree, startChild, stopChildren, waitForPort } from './processes.ts';
import { startMailEventPoller } from './mail-events.ts';
import { FaultInjector, listenFaultControl, startFaultProxies, type FaultProxies } from './faults.ts';
import { startRazorpayStandIn } from './razorpay.ts';
import { localVapidKeys, startPushService } from './push-service.ts';
import { startObjectStore } from './object-store.ts';
import { listenSchedulerApi, startScheduler, type LocalScheduler } from './scheduler.ts';
import { startFeedHost } from './feed-host.ts';
import { LOCAL_CONTACT_EMAIL, LOCAL_INGEST_WORK_BUCKET, LOCAL_MAIL_FROM, LOCAL_SITE_BUCKET, LOCAL_SNAPSHOT_BUCKET, type LocalSettings } from './settings.ts';
import { LOCAL_API_PREFIX, startApiEdge, startSite, type LocalEdge } from './site.ts';
import { LocalStepFunctions } from './stepfunctions.ts';
import { startStreamPoller, streamsClient } from './streams.ts';
import { createRequire } from 'node:module';

export interface LocalUrls {
  site: string;
  /** The API under the site's origin, through the edge (the stack's ApiUrl output on AWS): what every caller uses. */
  api: string;
  /** The local HTTP API's own port, the origin: it refuses (403) every request that did not come through the edge. */
  gateway: string;
  admin: string;
  mail: string;
  stepfunctions: string;
  dynamodb: string;
  cognito: string;
  feeds: string;
  razorpay: string;
  scheduler: string;
  objects: string;
  /** The SQS stand-in (the dead-letter queues). */
  queues: string;
  /** The Lambda Invoke stand-in. */
  functions: string;
  /** The fault injector's control endpoint (docs/faults.md). */
  faults: string;
  /** The web push service stand-in (issues subscriptions, receives and decrypts pushes). */
  push: string;
}

/** The schedule group the local schedules are addressed in (on AWS the stack's group, in SCHEDULE_GROUP). */
const LOCAL_SCHEDULE_GROUP = 'creator-news-hub';

/**
 * What the SES stand-in answers to SESv2 GetAccount (the console's diagnostics ask it): it answers only
 * when given an account, in the shape of AWS's answer. A sandboxed account with sending on.
 */
const LOCAL_SES_ACCOUNT = {
  DedicatedIpAutoWarmupEnabled: false,
  Details: { AdditionalContactEmailAddresses: [], ContactLanguage: 'EN', MailType: 'TRANSACTIONAL', ReviewDetails: { CaseId: 'local', Status: 'GRANTED' }, UseCaseDescription: 'Local stand-in', WebsiteURL: 'http://localhost' },
  EnforcementStatus: 'HEALTHY',
  ProductionAccessEnabled: false,
  SendingEnabled: true,
  SendQuota: { Max24HourSend: 200, MaxSendRate: 1, SentLast24Hours: 0 },
  SuppressionAttributes: { SuppressedReasons: [] },
};

export interface LocalRuntime {
  urls: LocalUrls;
  pool: LocalUserPool;
  stepFunctions: LocalStepFunctions;
  faults: FaultInjector;
  firstStart: boolean;
  stop: () => Promise<void>;
}

export interface RuntimeManifest {
  routes: LocalGateway['routes'];
  stateMachines: string[];
  schedules: LocalScheduler['jobs'];
  streamConsumers: Array<{ name: string; fn: string; filters: number; bisectBatchOnError: boolean; retryAttempts: number; deadLetterQueue: string }>;
  userPoolTriggers: Record<string, string>;
  mailEvents: { fn: string; events: string[]; retryAttempts: number; deadLetterQueue: string };
  /** The dead-letter queues the SQS stand-in holds, and the function whose work each keeps. */
  deadLetterQueues: Array<{ name: string; source: string; fn: string }>;
}

export interface LocalRuntimeOptions {
  site?: boolean;
  scheduler?: boolean;
  stack?: StackDescription;
  log?: (line: string) => void;
}

const require = createRequire(import.meta.url);

/**
 * Points the AWS SDK of the in-process handlers at the stand-ins, through the SDK's own environment
 * variables, so handler code is the same as in Lambda.
 */
function pointSdkAtStandIns(settings: LocalSettings, stack: StackDescription, stepFunctions: (name: string) => string, edgeCredential: string, proxies: FaultProxies['urls'], vapid: { publicKey: string; privateKey: string; subject: string }) {
  Object.assign(process.env, {
    AWS_REGION: settings.region,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    // Each through its fault proxy (lib/local/faults.ts), which passes every call while no fault is planned.
    AWS_ENDPOINT_URL_DYNAMODB: proxies.dynamodb,
    AWS_ENDPOINT_URL_SFN: proxies.stepfunctions,
    AWS_ENDPOINT_URL_SESV2: proxies.ses,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: proxies.cognito,
    AWS_ENDPOINT_URL_SCHEDULER: proxies.scheduler,
    // An IP address, so the SDK addresses buckets path-style, as the stand-in expects.
    AWS_ENDPOINT_URL_S3: proxies.s3,
    SEARCH_SNAPSHOT_BUCKET: LOCAL_SNAPSHOT_BUCKET,
    // One process runs every function here: the archive cap of the largest that holds the index.
    SEARCH_ARCHIVE_CACHE_MB: String(Math.max(...stack.functions.filter((fn) => fn.access.searchSnapshots).map((fn) => searchArchiveCacheMb(fn.memoryMb)))),
    INGEST_WORK_BUCKET: LOCAL_INGEST_WORK_BUCKET,
    SITE_BUCKET: LOCAL_SITE_BUCKET,
    SCHEDULE_GROUP: LOCAL_SCHEDULE_GROUP,
    TABLE_NAME: settings.tableName,
    SITE_URL: `http://localhost:${settings.ports.site}`,
    // As on AWS: the API under the site's origin, through the edge.
    API_URL: `http://localhost:${settings.ports.site}${LOCAL_API_PREFIX}`,
    // As on AWS, the functions trust the viewer address the edge writes only beside the edge's token.
    EDGE_ORIGIN_TOKEN: edgeCredential,
    MAIL_FROM: LOCAL_MAIL_FROM,
    CONTACT_TEAM_EMAIL: LOCAL_CONTACT_EMAIL,
    FEED_CATALOGUE: 'fixtures',
    // DynamoDB Local has no CreateBackup: the console's backups are exports of the table into this folder.
    LOCAL_BACKUP_DIR: path.join(settings.dataDir, 'backups'),
    RAZORPAY_KEY_ID: settings.razorpay.keyId,
    RAZORPAY_KEY_SECRET: settings.razorpay.keySecret,
    RAZORPAY_WEBHOOK_SECRET: settings.razorpay.webhookSecret,
    RAZORPAY_API_URL: proxies.razorpay,
    // Web push: the keys made at the first start, and the push service stand-in accepted as a push service.
    VAPID_KEYS: JSON.stringify(vapid),
    PUSH_SERVICE_ORIGINS: `http://127.0.0.1:${settings.ports.push}`,
    FIXTURE_FEED_BASE_URL: `http://127.0.0.1:${settings.ports.feeds}`,
    // The misbehaving fixture feed never answers; locally a shorter wait keeps runs quick.
    FEED_TIMEOUT_MS: '4000',
    STATE_MACHINE_ARNS: JSON.stringify(Object.fromEntries(stack.stateMachines.map((machine) => [machine.name, stepFunctions(machine.name)]))),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
}

export async function startLocalRuntime(settings: LocalSettings, options: LocalRuntimeOptions = {}): Promise<LocalRuntime> {
  const stack = options.stack ?? defaultStack;
  const log = options.log ?? (() => undefined);
  const { ports } = settings;
  const wantSite = options.site ?? true;
  // The site's port is the edge's in every configuration: without the site it still serves /api.
  for (const [name, port] of Object.entries(ports)) await assertPortFree(port, name);
  // This run's edge credential: known to the edge (the site's /api proxy), the gateway and the functions only.
  const edgeCredential = randomBytes(24).toString('base64url');
  mkdirSync(settings.dataDir, { recursive: true });

  log('Starting DynamoDB Local, cognito-local and aws-ses-v2-local...');
  const sesEntry = require.resolve('aws-ses-v2-local/dist/cli.js');
  startChild('mail', process.execPath, [sesEntry, '--port', String(ports.mail), '--host', '127.0.0.1'], { env: { ...process.env, AWS_SES_ACCOUNT: JSON.stringify(LOCAL_SES_ACCOUNT) } });
  const triggerNames = { customMessage: 'CustomMessage', postConfirmation: 'PostConfirmation', preAuthentication: 'PreAuthentication', postAuthentication: 'PostAuthentication' } as const;
  const triggers = Object.fromEntries(stack.userPoolTriggers.map((trigger) => [triggerNames[trigger.trigger], trigger.fn]));
  const invokeTrigger = async (functionName: string, event: unknown) => {
    const fn = stack.functions.find((candidate) => candidate.name === functionName);
    if (!fn) throw new Error(`Trigger names no function: ${functionName}`);
    return (await loadFunctionHandler(fn))(event);
  };
  const [, cognitoServer] = await Promise.all([
    startDynamoDbLocal(ports.dynamodb, settings.dataDir),
    startCognitoLocal(settings, triggers, invokeTrigger),
    waitForPort(ports.mail, 'aws-ses-v2-local'),
  ]);

  const stepFunctions = new LocalStepFunctions(stack, settings.region, settings.dataDir, `http://127.0.0.1:${ports.objects}`);
  const faults = new FaultInjector(settings.faults);
  const faultProxies = await startFaultProxies(ports, faults);
  const faultControl = await listenFaultControl(ports.faults, faults);
  if (settings.faults.rules.length) log(`Faults injected from the start: ${JSON.stringify(settings.faults.rules)}`);
  // Web push's VAPID keys: generated at the first start (as the owner generates them once for AWS), kept in the data folder.
  const vapid = localVapidKeys(path.join(settings.dataDir, 'vapid.json'));
  pointSdkAtStandIns(settings, stack, (name) => stepFunctions.arnOf(name), edgeCredential, faultProxies.urls, vapid);
  const pushService = await startPushService({ port: ports.push, dataFile: path.join(settings.dataDir, 'push-service.json'), log });
  const deadLetters = await startLocalDeadLetters(settings, stack);
  Object.assign(process.env, deadLetters.environment);

  // The runtime's own housekeeping (the table, the stream pollers) goes straight to DynamoDB Local, past the faults.
  const dynamodb = new DynamoDBClient({ endpoint: `http://127.0.0.1:${ports.dynamodb}` });
  const firstStart = await ensureTable(dynamodb, settings.tableName, stack);
  // Articles written before the list index existed get its keys (the migration a deployed table runs once).
  const filled = firstStart ? 0 : await (await import('#store/article-edits.ts')).backfillListIndex();
  if (filled) log(`Filled the console list index's keys of ${filled} articles written before it existed.`);
  const pool = await ensureUserPool(settings);
  process.env.USER_POOL_ID = pool.userPoolId;
  // AdminCreateUser fires no confirmation trigger (on AWS neither): run it for the first admin so the
  // account has its profile and counts among the users, like every account confirmed through sign-up.
  // After USER_POOL_ID is set: the handlers read their settings once, when first loaded.
  if (pool.createdAdminSub && triggers.PostConfirmation) {
    await invokeTrigger(triggers.PostConfirmation, {
      triggerSource: 'PostConfirmation_ConfirmSignUp',
      userName: settings.admin.email,
      request: { userAttributes: { sub: pool.createdAdminSub, email: settings.admin.email, name: 'Administrator' } },
      response: {},
    });
    // The profile's role mirrors the Cognito group (user management lists by it): this account is in admin.
    const profiles = await import('#store/profiles.ts');
    const profile = await profiles.getProfile(pool.createdAdminSub);
    if (profile) await profiles.setProfileRole(profile, 'admin');
  }
  const feedHost = await startFeedHost(ports.feeds);
  if (firstStart) log('First start: created the table and the user pool (with the admin account).');

  const sfnServer = await stepFunctions.listen(ports.stepfunctions);
  const siteUrl = `http://localhost:${ports.site}`;
  const gateway = await startGateway(
    {
      stack,
      jwt: { issuer: pool.issuer, jwksUrl: pool.jwksUrl, audience: pool.userPoolClientId },
      allowedOrigins: [siteUrl, `http://127.0.0.1:${ports.site}`],
      edgeCredential,
    },
    ports.api,
  );
  const edge: LocalEdge = { apiPort: ports.api, credential: edgeCredential };

  const objectStore = await startObjectStore(ports.objects, settings.dataDir);

  const scheduler = startScheduler(
    stack.schedules,
    async (schedule) => {
      await stepFunctions.startExecution(stepFunctions.arnOf(schedule.stateMachine), schedule.input);
    },
    { enabled: options.scheduler !== false },
  );
  const schedulerServer = await listenSchedulerApi(ports.scheduler, {
    scheduler,
    region: settings.region,
    group: LOCAL_SCHEDULE_GROUP,
    stateMachineArn: (name) => stepFunctions.arnOf(name),
    roleArn: 'arn:aws:iam::000000000000:role/creator-news-hub-schedules',
  });

  const pollers = await Promise.all(
    stack.streamConsumers.map(async (consumer) => {
      const fn = stack.functions.find((candidate) => candidate.name === consumer.fn);
      if (!fn) throw new Error(`Stream consumer ${consumer.name} names no function`);
      const handler = await loadFunctionHandler(fn);
      return startStreamPoller({
        dynamodb,
        streams: streamsClient(`http://127.0.0.1:${ports.dynamodb}`, settings.region),
        tableName: settings.tableName,
        region: settings.region,
        checkpointFile: path.join(settings.dataDir, `stream-${consumer.name}.json`),
        batchSize: consumer.batchSize,
        filters: consumer.filters,
        deliver: async (event) => {
          await handler(event);
        },
        onError: {
          ...consumer.onError,
          functionArn: localFunctionArn(fn, settings.region),
          onFailure: (record) => deadLetters.send(consumer.onError.deadLetterQueue, record),
          log,
        },
      });
    }),
  );

  const mailEventsFn = stack.functions.find((candidate) => candidate.name === stack.mailEvents.fn);
  if (!mailEventsFn) throw new Error(`Mail events name no function: ${stack.mailEvents.fn}`);
  const mailEventsHandler = await loadFunctionHandler(mailEventsFn);
  const mailEvents = startMailEventPoller({
    mailUrl: `http://127.0.0.1:${ports.mail}`,
    region: settings.region,
    events: stack.mailEvents.events,
    deliver: async (event) => {
      await mailEventsHandler(event);
    },
    log,
    onError: {
      retryAttempts: stack.mailEvents.retryAttempts,
      functionArn: localFunctionArn(mailEventsFn, settings.region),
      onFailure: (record) => deadLetters.send(stack.mailEvents.deadLetterQueue, record),
    },
  });

  // Through the edge, like every caller: Razorpay posts its webhooks to the stack's ApiUrl on AWS.
  const apiUrl = `${siteUrl}${LOCAL_API_PREFIX}`;
  const razorpay = await startRazorpayStandIn({
    port: ports.razorpay,
    ...settings.razorpay,
    webhookUrl: `${apiUrl}/donations/webhooks/razorpay`,
    dataFile: path.join(settings.dataDir, 'razorpay.json'),
    allowedOrigins: [siteUrl, `http://127.0.0.1:${ports.site}`],
    log,
  });
  const site = wantSite
    ? await startSite(
        {
          // The browser calls the API on the site's own origin, as on AWS (CloudFront serves it at /api).
          apiUrl: `${siteUrl}${LOCAL_API_PREFIX}`,
          region: settings.region,
          userPoolId: pool.userPoolId,
          userPoolClientId: pool.userPoolClientId,
          userPoolEndpoint: pool.endpoint,
          authFlowType: 'USER_PASSWORD_AUTH',
          payments: { checkoutScriptUrl: `${razorpay.url}/v1/checkout.js`, testCheckout: true },
          contactEmail: LOCAL_CONTACT_EMAIL,
          siteUrl,
        },
        ports.site,
        edge,
        settings.serveBuiltSite,
        // The stand-ins in place of Cognito and Razorpay; fixture feed images come over http from the feed host.
        { connect: [pool.endpoint, razorpay.url], script: [razorpay.url], frame: [razorpay.url], img: [feedHost.url] },
        objectStore.url,
      )
    : await startApiEdge(ports.site, edge);

  // As after a deploy: with the shell in the site's bucket, the page writer writes every page again.
  const pageWriter = stack.functions.find((fn) => fn.access.siteBucket === 'write');
  if (wantSite && pageWriter) {
    // Awaited: the site is ready when its home page is (the edge answers a page not yet written 404).
    const startedAt = Date.now();
    await (await loadFunctionHandler(pageWriter))({ rewriteAll: true })
      .then(() => log(`Pages at start: every page written in ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`))
      .catch((error: unknown) => log(`Pages at start could not be written: ${String(error)}`));
  }

  // Every start runs an ingest (the first one fills the site within seconds; later ones fetch only the
  // feeds that came due while the runtime was stopped) instead of waiting for the 30-minute schedule.
  stepFunctions
    .startExecution(stepFunctions.arnOf('ingest'), { trigger: firstStart ? 'first-start' : 'start', mode: 'full' })
    .then((execution) => stepFunctions.waitFor(execution.executionArn))
    .then((execution) => log(`Ingest at start ${execution.status.toLowerCase()}: ${execution.output ?? execution.cause ?? ''}`))
    .catch((error: unknown) => log(`Ingest at start could not run: ${String(error)}`));

  const urls: LocalUrls = {
    site: siteUrl,
    api: apiUrl,
    gateway: `http://localhost:${ports.api}`,
    admin: `${siteUrl}/admin`,
    mail: `http://localhost:${ports.mail}`,
    stepfunctions: `http://localhost:${ports.stepfunctions}`,
    dynamodb: `http://localhost:${ports.dynamodb}`,
    cognito: pool.endpoint,
    feeds: feedHost.url,
    razorpay: razorpay.url,
    scheduler: `http://localhost:${ports.scheduler}`,
    objects: objectStore.url,
    queues: deadLetters.queues.url,
    functions: deadLetters.invoke.url,
    faults: `http://127.0.0.1:${ports.faults}/faults`,
    push: pushService.url,
  };
  writeFileSync(path.join(settings.dataDir, 'urls.json'), JSON.stringify({ ...urls, userPool: pool, faultProxies: faultProxies.urls }, null, 2));
  // What this runtime actually wired, read back by the parity test against the CDK template.
  const manifest: RuntimeManifest = {
    routes: gateway.routes,
    stateMachines: stepFunctions.machineNames(),
    schedules: scheduler.jobs,
    streamConsumers: stack.streamConsumers.map((consumer) => ({ name: consumer.name, fn: consumer.fn, filters: consumer.filters?.length ?? 0, ...consumer.onError })),
    userPoolTriggers: triggers,
    mailEvents: { fn: stack.mailEvents.fn, events: [...stack.mailEvents.events], retryAttempts: stack.mailEvents.retryAttempts, deadLetterQueue: stack.mailEvents.deadLetterQueue },
    deadLetterQueues: stack.deadLetterQueues.map((queue) => ({ name: queue.name, source: queue.source, fn: queue.fn })),
  };
  writeFileSync(path.join(settings.dataDir, 'runtime.json'), JSON.stringify(manifest, null, 2));

  const stop = async () => {
    scheduler.stop();
    schedulerServer.closeAllConnections();
    await new Promise((resolve) => schedulerServer.close(resolve));
    await objectStore.close();
    await Promise.all(pollers.map((poller) => poller.stop()));
    await mailEvents.stop();
    await deadLetters.close();
    await site.close();
    await new Promise((resolve) => gateway.server.close(resolve));
    razorpay.server.closeAllConnections();
    await new Promise((resolve) => razorpay.server.close(resolve));
    pushService.server.closeAllConnections();
    await new Promise((resolve) => pushService.server.close(resolve));
    feedHost.server.closeAllConnections();
    await new Promise((resolve) => feedHost.server.close(resolve));
    await stepFunctions.drain();
    await new Promise((resolve) => sfnServer.close(resolve));
    dynamodb.destroy();
    cognitoServer.closeAllConnections();
    await new Promise((resolve) => cognitoServer.close(resolve));
    await faultProxies.close();
    faultControl.closeAllConnections();
    await new Promise((resolve) => faultControl.close(resolve));
    await stopChildren();
  };
  return { urls, pool, stepFunctions, faults, firstStart, stop };
}
