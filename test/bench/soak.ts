/**
 * `npm run bench -- soak`: the whole product running for SOAK_MINUTES (default 30) with faults on, as
 * `npm start` runs it (a child process, its own data folder and ports from SOAK_PORT_BASE, default 8200):
 * readers over the edge (lists, categories, search, article reads and views, signed-in likes, saves and
 * reading progress, newsletter sign-ups, a donation now and then), the pipeline (an ingest started from the
 * console every minute, the stream consumers running) and an admin polling the console. It measures every
 * request (error rate, 503-retryable share, latency per kind), the resident memory of every long-lived
 * process at start and end; then it clears the faults, lets the pipeline and streams settle, and recounts
 * every counter from the items it counts (soak-recount.ts). Bounded in time and in count; loopback only.
 * Last line: `SOAK {"minutes":N,"requests":N,"errorRate":N,"p95ms":N,"memoryGrowthMb":N,"countersOff":N}`.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { PUBLIC_CATEGORY_SLUGS } from '#domain/content/categories.ts';
import { indiaDayOf } from '#domain/common/india-time.ts';
import type { FaultPlan } from '../../lib/local/faults.ts';
import { signedUpReader, type Reader } from '../support/aws.ts';
import { startLocalRuntime, type RunningRuntime } from '../support/local-runtime.ts';
import { percentile } from './load.ts';
import { treeMemory, type ProcessMemory } from './process-memory.ts';
import { pendingTallies, recountCounters, type CounterCheck } from './soak-recount.ts';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const PORT_BASE = Number(process.env.SOAK_PORT_BASE ?? 8200);
/** Anonymous readers, each one visit after another (a visit: a new loopback address, a few pages). */
const READERS = Number(process.env.SOAK_READERS ?? 6);
/** Signed-in readers, each from its own address, in a loop of its own. */
const USERS = Number(process.env.SOAK_USERS ?? 4);
/** A hard bound on requests, whatever the time. */
const MAX_REQUESTS = 2_000_000;
const ADMIN = { email: 'soak-admin@creatornewshub.local', password: 'Soak-Admin-2026' };
const TABLE_NAME = 'creator-news-hub';
/** The runtime's output, kept after the run: the errors behind any 500 are there. */
const LOG_FILE = process.env.SOAK_LOG ?? path.join(os.tmpdir(), `cnh-soak-${PORT_BASE}.log`);

/**
 * The faults, each at a rate a busy day on AWS can reach (docs/benchmarks.md says why each); seeded, so a
 * run with the same calls fails the same ones. The first rule that fires wins.
 */
const DYNAMODB_WRITES = ['PutItem', 'UpdateItem', 'DeleteItem', 'TransactWriteItems', 'BatchWriteItem'];
export const SOAK_FAULTS: FaultPlan = {
  seed: 35,
  rules: [
    { service: 'dynamodb', fault: 'throttle', rate: 0.03 },
    { service: 'dynamodb', fault: 'server-error', rate: 0.01 },
    { service: 'dynamodb', operations: DYNAMODB_WRITES, fault: 'lost-response', rate: 0.01 },
    { service: 's3', fault: 'throttle', rate: 0.05 },
    { service: 'ses', fault: 'throttle', rate: 0.1 },
    { service: 'razorpay', fault: 'server-error', rate: 0.05 },
    { service: 'stepfunctions', fault: 'throttle', rate: 0.02 },
  ],
};

/** Words the fixture feeds' headlines use: searches that find something. */
const SEARCH_TERMS = ['creator', 'influencer', 'instagram', 'youtube', 'brand', 'india', 'marketing', 'reels', 'agency', 'campaign', 'asci', 'tiktok'];

interface Answer {
  status: number;
  body: unknown;
}

class Measurements {
  readonly latencies = new Map<string, number[]>();
  readonly statuses = new Map<number, number>();
  requests = 0;
  networkErrors = 0;
  readonly errorsByKind = new Map<string, number>();

  record(kind: string, ms: number, status: number | 'network') {
    this.requests += 1;
    if (status === 'network') this.networkErrors += 1;
    else this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    if (status === 'network' || status >= 500) this.errorsByKind.set(`${kind} ${status}`, (this.errorsByKind.get(`${kind} ${status}`) ?? 0) + 1);
    const list = this.latencies.get(kind) ?? [];
    list.push(ms);
    this.latencies.set(kind, list);
  }

  get serverErrors(): number {
    return [...this.statuses].filter(([code]) => code >= 500).reduce((sum, [, count]) => sum + count, 0);
  }

  get errors(): number {
    return this.serverErrors + this.networkErrors;
  }

  all(): number[] {
    return [...this.latencies.values()].flat().sort((a, b) => a - b);
  }
}

/** A loopback address of its own for a reader (Linux answers all of 127/8 on lo); the edge passes it on as the viewer's. */
const newAddress = () => `127.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(2, 255)}`;

export async function runSoakBench(): Promise<void> {
  console.log(`\nSoak: ${MINUTES} min of readers, pipeline and console with faults on (port base ${PORT_BASE}, ${READERS} anonymous readers, ${USERS} signed-in)`);
  const measured = new Measurements();
  const countedViews = new Map<string, number>();
  let stopping = false;
  let runtime: RunningRuntime | undefined;
  const onInterrupt = () => {
    stopping = true;
    // Still starting: the runtime is its own process group (detached), so Ctrl-C does not reach it; it is
    // stopped as soon as its start resolves (below).
    if (!runtime) return console.log('\nInterrupted: the local runtime stops as soon as it has started');
    console.log('\nInterrupted: stopping the local runtime');
    void runtime.stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', onInterrupt);
  process.once('SIGTERM', onInterrupt);
  try {
    runtime = await startLocalRuntime({ portBase: PORT_BASE, serveBuiltSite: false, admin: ADMIN, logFile: LOG_FILE });
    if (stopping) {
      await runtime.stop();
      process.exit(130);
    }
    const { urls } = runtime;
    const rootPid = runtime.pid;
    console.log(`  local runtime ready in ${runtime.startupSeconds.toFixed(0)} s (pid ${rootPid}, log ${LOG_FILE})`);

    const call = (kind: string, method: string, path: string, options: { token?: string; body?: unknown; from?: string; measure?: boolean } = {}): Promise<Answer> => {
      const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
      const begun = performance.now();
      return new Promise<Answer>((resolve) => {
        const request = http.request(`${urls.api}${path}`, {
          method,
          ...(options.from ? { localAddress: options.from } : {}),
          timeout: 60_000,
          headers: {
            'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) soak-bench',
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          },
        }, (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            if (options.measure !== false) measured.record(kind, performance.now() - begun, status);
            let body: unknown = text;
            try {
              body = JSON.parse(text);
            } catch {
              // not JSON: keep the text
            }
            resolve({ status, body });
          });
        });
        request.on('timeout', () => request.destroy(new Error('timed out')));
        request.on('error', () => {
          if (options.measure !== false) measured.record(kind, performance.now() - begun, 'network');
          resolve({ status: 0, body: null });
        });
        request.end(payload);
      });
    };

    // Who takes part: the admin, a pool of readers signed up as the site signs them up (before the faults).
    const cognito = new CognitoIdentityProviderClient({ endpoint: urls.userPool.endpoint, region: 'ap-south-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const signIn = await cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: urls.userPool.userPoolClientId, AuthParameters: { USERNAME: ADMIN.email, PASSWORD: ADMIN.password } }));
    cognito.destroy();
    const adminToken = signIn.AuthenticationResult?.IdToken as string;
    const users: Array<Reader & { address: string }> = [];
    for (let n = 0; n < USERS; n += 1) users.push({ ...(await signedUpReader(`Soak Reader ${n}`, urls)), address: newAddress() });

    let articleIds: string[] = [];
    const refreshArticles = async () => {
      const answer = await call('list', 'GET', '/articles?limit=50', { measure: false });
      const items = (answer.body as { items?: Array<{ id: string }> } | null)?.items;
      if (items?.length) articleIds = items.map((item) => item.id);
    };
    await refreshArticles();
    if (!articleIds.length) throw new Error('The ingest at start published no article');
    const someArticle = () => articleIds[randomInt(articleIds.length)] as string;

    await fetch(urls.faults, { method: 'PUT', body: JSON.stringify(SOAK_FAULTS) });
    const memoryAtStart = treeMemory(rootPid);
    const started = performance.now();
    const deadline = started + MINUTES * 60_000;
    // A pause ends at the deadline too, so the run stops on time.
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(ms, deadline - performance.now()))));
    const running = () => !stopping && performance.now() < deadline && measured.requests < MAX_REQUESTS;
    console.log(`  ${users.length} readers signed up, ${articleIds.length} articles listed; faults on: ${SOAK_FAULTS.rules.map((rule) => `${rule.service}${rule.operations ? ' writes' : ''} ${rule.rate! * 100} % ${rule.fault}`).join(', ')}`);

    const anonymousReader = async () => {
      while (running()) {
        const from = newAddress();
        const category = PUBLIC_CATEGORY_SLUGS[randomInt(PUBLIC_CATEGORY_SLUGS.length)] as string;
        await call('home', 'GET', '/articles', { from });
        if (randomInt(3) === 0) await call('category', 'GET', `/articles?category=${category}`, { from });
        if (randomInt(3) === 0) await call('search', 'GET', `/articles?q=${SEARCH_TERMS[randomInt(SEARCH_TERMS.length)]}`, { from });
        for (let reads = 1 + randomInt(2); reads > 0 && running(); reads -= 1) {
          const id = someArticle();
          await call('article', 'GET', `/articles/${id}`, { from });
          const view = await call('view', 'POST', `/articles/${id}/views`, { from });
          if (view.status === 202 && (view.body as { counted?: boolean }).counted) countedViews.set(id, (countedViews.get(id) ?? 0) + 1);
        }
        await pause(200 + randomInt(300));
      }
    };

    const signedInReader = async (user: Reader & { address: string }) => {
      const liked = new Set<string>();
      const saved = new Set<string>();
      while (running()) {
        const id = someArticle();
        const from = user.address;
        const token = user.idToken;
        await call('article', 'GET', `/articles/${id}`, { from, token });
        const view = await call('view', 'POST', `/articles/${id}/views`, { from, token });
        if (view.status === 202 && (view.body as { counted?: boolean }).counted) countedViews.set(id, (countedViews.get(id) ?? 0) + 1);
        await call('reading', 'POST', `/me/reading/${id}`, { from, token, body: { event: 'progress', progressPercentage: randomInt(101), secondsRead: randomInt(120) } });
        await call('reads', 'POST', '/me/reads', { from, token, body: { articleIds: [id] } });
        const like = liked.has(id) ? 'DELETE' : 'PUT';
        if ((await call('like', like, `/me/likes/${id}`, { from, token })).status < 300) {
          if (like === 'PUT') liked.add(id);
          else liked.delete(id);
        }
        if (randomInt(2) === 0) {
          const save = saved.has(id) ? 'DELETE' : 'PUT';
          if ((await call('save', save, `/me/bookmarks/${id}`, { from, token })).status < 300) {
            if (save === 'PUT') saved.add(id);
            else saved.delete(id);
          }
        }
        if (randomInt(4) === 0) await call('me', 'GET', '/me/relations', { from, token });
        await pause(300 + randomInt(400));
      }
    };

    const newsletter = async () => {
      while (running()) {
        await call('subscribe', 'POST', '/newsletter/subscriptions', { from: newAddress(), body: { email: `soak-${randomUUID().slice(0, 8)}@example.com`, topics: [] } });
        await pause(5_000);
      }
    };

    const donations = async () => {
      while (running()) {
        await pause(20_000);
        const from = newAddress();
        const order = await call('donate-order', 'POST', '/donations', { from, body: { amount: 10_000 * (1 + randomInt(5)), currency: 'INR', donor_name: 'Soak Donor', donor_email: `donor-${randomUUID().slice(0, 8)}@example.com` } });
        const orderId = (order.body as { order_id?: string } | null)?.order_id;
        if (order.status !== 200 || !orderId) continue;
        const paid = await fetch(`${urls.razorpay}/checkout/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ order_id: orderId, outcome: 'success' }) }).then((response) => response.json()).catch(() => null);
        if (paid) await call('donate-verify', 'POST', '/donations/verifications', { from, body: paid });
      }
    };

    const pipeline = async () => {
      while (running()) {
        await call('pipeline-start', 'POST', '/admin/pipeline/executions', { token: adminToken, body: { machine: 'ingest' } });
        await refreshArticles();
        for (let waited = 0; waited < 60_000 && running(); waited += 1_000) await pause(1_000);
      }
    };

    const console_ = async () => {
      while (running()) {
        await call('console-dashboard', 'GET', '/admin/dashboard', { token: adminToken });
        await call('console-operations', 'GET', '/admin/operations', { token: adminToken });
        await call('console-articles', 'GET', '/admin/articles', { token: adminToken });
        await pause(5_000);
      }
    };

    const progress = setInterval(() => {
      const all = measured.all();
      console.log(`  ${((performance.now() - started) / 1000).toFixed(0)} s: ${measured.requests} requests, ${measured.errors} errors (${measured.statuses.get(503) ?? 0} of them 503), p95 ${all.length ? percentile(all, 95).toFixed(0) : '-'} ms`);
    }, 30_000);
    await Promise.all([
      ...Array.from({ length: READERS }, anonymousReader),
      ...users.map(signedInReader),
      newsletter(),
      donations(),
      pipeline(),
      console_(),
    ]);
    clearInterval(progress);
    const seconds = (performance.now() - started) / 1000;
    const memoryAtEnd = treeMemory(rootPid);
    if (stopping) return;

    // Settle: no faults, every execution done, the streams caught up, the day's counters written.
    const faultStats = (await (await fetch(urls.faults)).json()) as { injected: Record<string, number>; calls: Record<string, number> };
    await fetch(urls.faults, { method: 'DELETE' });
    const settleStarted = performance.now();
    for (let tries = 0; tries < 240; tries += 1) {
      const listed = await call('settle', 'GET', '/admin/pipeline/executions', { token: adminToken, measure: false });
      const runningNow = ((listed.body as { items?: Array<{ status: string }> } | null)?.items ?? []).filter((item) => item.status === 'RUNNING').length;
      const backlog = await pendingTallies(urls.dynamodb, TABLE_NAME);
      if (listed.status === 200 && !runningNow && !backlog) break;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    await new Promise((resolve) => setTimeout(resolve, 5_000)); // the analytics flush (1 s in this runtime) and the last stream batches
    const checks = await recountCounters({ endpoint: urls.dynamodb, tableName: TABLE_NAME, countedViews, day: indiaDayOf(new Date()) });
    const off = checks.filter((check) => check.stored !== check.recounted);

    report({ measured, seconds, memoryAtStart, memoryAtEnd, faultStats, checks, off, settleSeconds: (performance.now() - settleStarted) / 1000 });
  } finally {
    process.off('SIGINT', onInterrupt);
    process.off('SIGTERM', onInterrupt);
    await runtime?.stop();
  }
}

function report(run: {
  measured: Measurements;
  seconds: number;
  memoryAtStart: ProcessMemory[];
  memoryAtEnd: ProcessMemory[];
  faultStats: { injected: Record<string, number>; calls: Record<string, number> };
  checks: CounterCheck[];
  off: CounterCheck[];
  settleSeconds: number;
}): void {
  const { measured } = run;
  const all = measured.all();
  const served503 = measured.statuses.get(503) ?? 0;
  const errorRate = measured.requests ? measured.errors / measured.requests : 0;
  console.log(`\n  ${measured.requests.toLocaleString('en')} requests in ${run.seconds.toFixed(0)} s (${(measured.requests / run.seconds).toFixed(1)}/s)`);
  console.log(`  answers by status: ${[...measured.statuses].sort(([a], [b]) => a - b).map(([code, count]) => `${code}: ${count}`).join(', ')}; network failures ${measured.networkErrors}`);
  console.log(`  error rate (5xx + network failures) ${(errorRate * 100).toFixed(3)} %; 503 retryable ${served503} (${((served503 / Math.max(1, measured.requests)) * 100).toFixed(3)} % of requests, ${((served503 / Math.max(1, measured.errors)) * 100).toFixed(0)} % of errors)`);
  if (measured.errorsByKind.size) console.log(`  errors by kind: ${[...measured.errorsByKind].map(([what, count]) => `${what}: ${count}`).join(', ')}`);
  console.log('  latency per kind (ms):      count     p50     p95     p99');
  for (const [kind, list] of [...measured.latencies].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(`    ${kind.padEnd(22)} ${String(sorted.length).padStart(8)} ${percentile(sorted, 50).toFixed(0).padStart(7)} ${percentile(sorted, 95).toFixed(0).padStart(7)} ${percentile(sorted, 99).toFixed(0).padStart(7)}`);
  }
  const injected = Object.entries(run.faultStats.injected).sort(([a], [b]) => a.localeCompare(b));
  console.log(`  faults injected: ${injected.map(([what, count]) => `${what} ${count}/${run.faultStats.calls[what] ?? '?'}`).join(', ') || 'none'}`);
  console.log('  resident memory (MB):       start     end  growth');
  let growth = 0;
  for (const end of run.memoryAtEnd) {
    const start = run.memoryAtStart.find((entry) => entry.pid === end.pid);
    if (start) growth = Math.max(growth, end.rssMb - start.rssMb);
    console.log(`    ${`${end.name} (${end.pid})`.slice(0, 40).padEnd(40)} ${start ? start.rssMb.toFixed(0).padStart(6) : '     -'} ${end.rssMb.toFixed(0).padStart(7)} ${start ? (end.rssMb - start.rssMb).toFixed(0).padStart(7) : '      -'}`);
  }
  console.log(`  settled in ${run.settleSeconds.toFixed(0)} s; counters recounted from their items: ${run.checks.length}, off: ${run.off.length}`);
  for (const check of run.off) console.log(`    OFF ${check.counter}: stored ${check.stored}, recounted ${check.recounted}`);
  const unhandled = unhandledErrors();
  if (unhandled.size) console.log(`  the runtime's unhandled errors (answered 500), from ${LOG_FILE}:`);
  for (const [what, count] of [...unhandled].sort(([, a], [, b]) => b - a)) console.log(`    ${count} x ${what}`);
  const line = {
    minutes: Number((run.seconds / 60).toFixed(1)),
    requests: measured.requests,
    errorRate: Number(errorRate.toFixed(5)),
    p95ms: Math.round(all.length ? percentile(all, 95) : 0),
    memoryGrowthMb: Math.round(growth),
    countersOff: run.off.length,
  };
  console.log(`SOAK ${JSON.stringify(line)}`);
}

/** The runtime's "unhandled error" log lines (each a 500), grouped by error name, message and the first frame in the project's code. */
function unhandledErrors(): Map<string, number> {
  const groups = new Map<string, number>();
  let text: string;
  try {
    text = readFileSync(LOG_FILE, 'utf8');
  } catch {
    return groups;
  }
  for (const line of text.split('\n').filter((entry) => entry.includes('unhandled error'))) {
    let what = line.slice(0, 200);
    try {
      const entry = JSON.parse(line.slice(line.indexOf('{'))) as { error?: { name?: string; message?: string; stack?: string } };
      const frame = /\((?:[^()]*\/)?(lambdas\/[^():]+:\d+)/.exec(entry.error?.stack ?? '')?.[1] ?? '';
      what = `${entry.error?.name}: ${(entry.error?.message ?? '').slice(0, 140)} ${frame ? `at ${frame}` : ''}`;
    } catch {
      // not JSON: the line as it is
    }
    groups.set(what, (groups.get(what) ?? 0) + 1);
  }
  return groups;
}
