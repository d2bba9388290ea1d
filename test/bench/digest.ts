/**
 * Newsletter digest throughput: the real local runtime (DynamoDB Local, aws-ses-v2-local, the newsletter
 * state machine with its Map of subscriber batches, 4 at a time), a few thousand confirmed daily
 * subscribers with varied topics, one digest run. Prints mails per second into the local SES and the time
 * 100,000 subscribers would take at that rate with the same concurrency.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startLocalRuntime } from '../../lib/local/runtime.ts';
import { localSettings } from '../../lib/local/settings.ts';

const SUBSCRIBERS = 3000;
const PORT_BASE = 5500;
const TOPIC_SETS = [[], ['creator-economy'], ['platform-updates'], ['influencer-marketing', 'brand-partnerships'], ['creator-economy', 'trends-analytics']];

export async function runDigestBench(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cnh-digest-bench-'));
  const settings = localSettings({ CNH_PORT_BASE: String(PORT_BASE), CNH_LOCAL_DIR: dataDir });
  process.env.LOG_LEVEL = 'error';
  const runtime = await startLocalRuntime(settings, { site: false, scheduler: false });
  try {
    // The ingest at start publishes the fixture stories the digest chooses from.
    await runtime.stepFunctions.drain();

    const { Subscriber } = await import('#store/subscribers.ts');
    const { newSubscriberToken } = await import('#store/subscribers.ts');
    const now = new Date().toISOString();
    const subscribers = Array.from({ length: SUBSCRIBERS }, (_, n) => ({
      email: `bench-${n}@example.com`,
      subscriptionType: 'daily' as const,
      preferredTopics: TOPIC_SETS[n % TOPIC_SETS.length] as string[],
      isVerified: true,
      isActive: true,
      verifiedAt: now,
      token: newSubscriberToken(),
    }));
    for (let start = 0; start < subscribers.length; start += 25) await Subscriber.put(subscribers.slice(start, start + 25)).go();

    const mailUrl = runtime.urls.mail;
    const mailsBefore = ((await (await fetch(`${mailUrl}/store`)).json()) as { emails: unknown[] }).emails.length;
    const startedAt = performance.now();
    const execution = await runtime.stepFunctions.startExecution(runtime.stepFunctions.arnOf('newsletter'), { trigger: 'bench', frequency: 'daily' });
    const ended = await runtime.stepFunctions.waitFor(execution.executionArn);
    const seconds = (performance.now() - startedAt) / 1000;
    const sent = ((await (await fetch(`${mailUrl}/store`)).json()) as { emails: unknown[] }).emails.length - mailsBefore;
    const rate = sent / seconds;
    console.log(`\nNewsletter digest (${SUBSCRIBERS} daily subscribers, ${TOPIC_SETS.length} topic sets, batches of 50, 4 batches at a time)`);
    console.log(`  execution ${ended.status.toLowerCase()} in ${seconds.toFixed(1)} s; mails in the local SES: ${sent}`);
    console.log(`  throughput: ${rate.toFixed(0)} mails/s`);
    console.log(`  projected for 100,000 subscribers at this rate: ${(100_000 / rate / 60).toFixed(1)} min (SES's account sending rate caps it on AWS)`);
  } finally {
    await runtime.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
