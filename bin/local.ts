/**
 * `npm start`: the whole product on this machine, on stand-ins that speak the AWS wire protocols
 * (see docs/architecture.md section 2 and docs/local-runtime.md). Ctrl-C stops every child process.
 */
import { stopChildren } from '../lib/local/processes.ts';
import { startLocalRuntime } from '../lib/local/runtime.ts';
import { localSettings } from '../lib/local/settings.ts';

const startedAt = Date.now();
const settings = localSettings();
const log = (line: string) => process.stdout.write(`${line}\n`);

const runtime = await startLocalRuntime(settings, { log }).catch(async (error: unknown) => {
  process.stderr.write(`Local runtime failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  const { stopChildren } = await import('../lib/local/processes.ts');
  await stopChildren();
  process.exit(1);
});

const rows: Array<[string, string]> = [
  ['Reader site', runtime.urls.site],
  ['Admin console', runtime.urls.admin],
  ['API', runtime.urls.api],
  ['API gateway (origin)', `${runtime.urls.gateway} (refuses what did not come through the site's /api)`],
  ['Mail inbox (SES)', runtime.urls.mail],
  ['Step Functions API', runtime.urls.stepfunctions],
  ['DynamoDB Local', runtime.urls.dynamodb],
  ['Cognito (cognito-local)', runtime.urls.cognito],
  ['Fixture feeds', runtime.urls.feeds],
  ['Razorpay (test)', runtime.urls.razorpay],
  ['Scheduler API', runtime.urls.scheduler],
  ['S3 (search snapshot)', runtime.urls.objects],
  ['Fault injector', `${runtime.urls.faults} (docs/faults.md; CNH_FAULTS at start)`],
  ['SQS (dead-letter queues)', runtime.urls.queues],
  ['Lambda Invoke', runtime.urls.functions],
  ['Web push service', `${runtime.urls.push} (issues subscriptions, decrypts what the push function sends)`],
];
const width = Math.max(...rows.map(([name]) => name.length));
log('');
log(`Creator News Hub is running (ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s)`);
for (const [name, url] of rows) log(`  ${name.padEnd(width)}  ${url}`);
log(`  ${'Admin sign-in'.padEnd(width)}  ${settings.admin.email} / ${settings.admin.password}`);
log(`  ${'Data'.padEnd(width)}  ${settings.dataDir} (URLs also in urls.json there)`);
log('Press Ctrl-C to stop.');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log('\nStopping...');
    // A run still draining or a held connection must not keep the stand-ins alive past the stop.
    setTimeout(() => {
      log('Still stopping after 8 s: stopping the stand-ins now.');
      void stopChildren().finally(() => process.exit(1));
    }, 8_000).unref();
    runtime.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
