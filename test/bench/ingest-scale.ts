/**
 * The ingest at scale: one real ingest execution (state-machines/ingest.asl.json on the local Step Functions
 * endpoint, its Distributed Map included) against a generated host farm on loopback: HOSTS publishers, each
 * its own loopback address (127.1.x.y) on one port, FEEDS feeds spread over them. Most feeds answer 304 (the
 * table holds their ETags), some bring new items, some hosts are slow and some fail (500, or no answer
 * until the fetch times out). Prints the run's duration against the 30-minute schedule, the parent's and the
 * largest child's history, transitions (Standard) against Express child requests, and Lambda GB-s.
 *
 * Knobs (environment): INGEST_SCALE_HOSTS (3,500), INGEST_SCALE_FEEDS (10,000), INGEST_SCALE_LATENCY_MS (the
 * farm's answer time for every request, 50 ms; a real publisher answers in 0.2-1 s), CNH_PORT_BASE.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pLimit from 'p-limit';
import { readAsl } from '../../lib/asl.ts';
import { startLocalRuntime } from '../../lib/local/runtime.ts';
import { localSettings } from '../../lib/local/settings.ts';
import { stack } from '../../lib/stack-description.ts';
import { untilIngestIdle } from './costs.ts';
import { type HistoryEvent, readRunHistory } from './costs/meters.ts';
import { EXPRESS_MEMORY_GB, gbSeconds, memoryGbOf, PRICES, sum, usd } from './costs/pricing.ts';

const PORT_BASE = Number(process.env.CNH_PORT_BASE ?? 5700);
const FARM_PORT = PORT_BASE + 20;
const HOSTS = Number(process.env.INGEST_SCALE_HOSTS ?? 3_500);
const FEEDS = Number(process.env.INGEST_SCALE_FEEDS ?? 10_000);
const LATENCY_MS = Number(process.env.INGEST_SCALE_LATENCY_MS ?? 50);
const SCHEDULE_SECONDS = 1_800;
const HISTORY_CAP = 25_000;

/** What a host does, by its number: deterministic, so runs compare. */
type Behaviour = 'normal' | 'slow' | 'error500' | 'hang';
const behaviourOf = (host: number): Behaviour => (host % 50 === 7 ? 'error500' : host % 50 === 19 ? 'hang' : host % 25 === 3 ? 'slow' : 'normal');
/** A slow host answers after 2-5 s. */
const slowMsOf = (host: number) => 2_000 + (host * 137) % 3_000;
/** One feed in 50 brings new items (2 each) this run. */
const bringsNewItems = (feed: number) => feed % 50 === 11;
const hostOf = (feed: number) => feed % HOSTS;
const addressOf = (host: number) => `127.1.${Math.floor(host / 250)}.${1 + (host % 250)}`;
const feedUrl = (feed: number) => `http://${addressOf(hostOf(feed))}:${FARM_PORT}/feed/${feed}`;
const unchangedEtag = (feed: number) => `"farm-${feed}"`;

function newItemsXml(feed: number, runLabel: string): string {
  const items = [0, 1]
    .map((n) => `<item><title>Farm story ${feed}-${n} ${runLabel}: creator brand deal update ${n}</title><link>https://farm${feed}.example.com/${runLabel}/${n}</link><pubDate>${new Date().toUTCString()}</pubDate><description>Creators and brands: update ${feed} ${n} ${runLabel}, instagram youtube sponsorship rates in india.</description></item>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Farm ${feed}</title><link>https://farm${feed}.example.com</link>${items}</channel></rss>`;
}

interface Farm {
  requests: Record<Behaviour | 'notModified' | 'newItems', number>;
  inFlightMax: number;
  close: () => void;
}

/** One server per host address, all on FARM_PORT, answering by the feed number in the path. */
async function startFarm(runLabel: string): Promise<Farm> {
  const requests: Farm['requests'] = { normal: 0, slow: 0, error500: 0, hang: 0, notModified: 0, newItems: 0 };
  let inFlight = 0;
  const farm: Farm = { requests, inFlightMax: 0, close: () => undefined };
  const hanging = new Set<http.ServerResponse>();
  const handler = (host: number) => (request: http.IncomingMessage, response: http.ServerResponse) => {
    const feed = Number(/\/feed\/(\d+)/.exec(request.url ?? '')?.[1]);
    const behaviour = behaviourOf(host);
    requests[behaviour] += 1;
    inFlight += 1;
    farm.inFlightMax = Math.max(farm.inFlightMax, inFlight);
    response.on('close', () => (inFlight -= 1));
    if (behaviour === 'hang') return void hanging.add(response);
    const answer = () => {
      if (behaviour === 'error500') return void response.writeHead(500).end('farm: failing host');
      if (!bringsNewItems(feed) && request.headers['if-none-match'] === unchangedEtag(feed)) {
        requests.notModified += 1;
        return void response.writeHead(304, { etag: unchangedEtag(feed) }).end();
      }
      requests.newItems += 1;
      const body = newItemsXml(feed, runLabel);
      response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8', etag: `"${createHash('sha1').update(body).digest('hex')}"` }).end(body);
    };
    setTimeout(answer, LATENCY_MS + (behaviour === 'slow' ? slowMsOf(host) : 0));
  };
  const servers = Array.from({ length: HOSTS }, (_, host) => http.createServer(handler(host)));
  await Promise.all(servers.map((server, host) => new Promise<void>((resolve, reject) => server.once('error', reject).listen(FARM_PORT, addressOf(host), resolve))));
  farm.close = () => {
    for (const response of hanging) response.destroy();
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
  };
  return farm;
}

const elapsed = (started: number) => `${((performance.now() - started) / 1000).toFixed(0)} s`;

export async function runIngestScaleBench(): Promise<void> {
  console.log(`\nIngest at scale: ${FEEDS.toLocaleString('en')} feeds on ${HOSTS.toLocaleString('en')} hosts (loopback farm, ${LATENCY_MS} ms per answer), one ingest execution on the local runtime`);
  const benchStarted = performance.now();
  const log = (line: string) => process.stderr.write(`  [ingest-scale ${elapsed(benchStarted)}] ${line}\n`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cnh-ingest-scale-'));
  const settings = localSettings({ CNH_PORT_BASE: String(PORT_BASE), CNH_LOCAL_DIR: dataDir });
  process.env.LOG_LEVEL = 'error';
  const farm = await startFarm(`run-${Date.now()}`);
  let runtime: Awaited<ReturnType<typeof startLocalRuntime>> | undefined;
  try {
    runtime = await startLocalRuntime(settings, { site: false, scheduler: false });
    log('runtime up, waiting for the ingest at start');
    await untilIngestIdle(runtime.stepFunctions);
    const sfn = runtime.stepFunctions;

    // The farm's feeds, due now, with the ETags their last check kept (in their polling state): an unchanged feed answers 304.
    const { putFeedSources } = await import('#store/feeds.ts');
    const due = new Date(Date.now() - 60_000).toISOString();
    const feeds = Array.from({ length: FEEDS }, (_, feed) => ({ id: `farm-${feed}`, name: `Farm ${feed}`, url: feedUrl(feed), etag: unchangedEtag(feed), nextCheckAt: due }));
    // Batches of 25, 8 at once: DynamoDB Local takes them faster side by side than one after another.
    const writeBatch = pLimit(8);
    let written = 0;
    await Promise.all(
      Array.from({ length: Math.ceil(feeds.length / 25) }, (_, batch) =>
        writeBatch(async () => {
          await putFeedSources(feeds.slice(batch * 25, batch * 25 + 25));
          written += 25;
          if (written % 2_500 === 0) log(`feeds written: ${written.toLocaleString('en')} / ${FEEDS.toLocaleString('en')}`);
        }),
      ),
    );
    log(`feeds written: ${FEEDS.toLocaleString('en')}; starting the ingest`);

    const started = performance.now();
    let execution = await sfn.startExecution(sfn.arnOf('ingest'), { trigger: 'bench', mode: 'full' });
    const watch = setInterval(() => {
      void (async () => {
        const runs = (await sfn.call('ListMapRuns', { executionArn: execution.executionArn })) as { mapRuns: Array<{ mapRunArn: string }> };
        for (const { mapRunArn } of runs.mapRuns) {
          const run = (await sfn.call('DescribeMapRun', { mapRunArn })) as { itemCounts: Record<string, number>; executionCounts: Record<string, number> };
          log(`hosts ${run.itemCounts.succeeded} done, ${run.itemCounts.failed} in failed children, ${run.itemCounts.running} running of ${run.itemCounts.total}; children ${(run.executionCounts.succeeded ?? 0) + (run.executionCounts.failed ?? 0)} / ${run.executionCounts.total}; farm: ${farm.requests.notModified} 304s, ${farm.requests.newItems} new, ${farm.requests.error500} 500s, ${farm.requests.hang} hung`);
        }
        if (!runs.mapRuns.length) log('listing due feeds / writing the work list');
      })().catch(() => undefined);
    }, 5_000);
    execution = await sfn.waitFor(execution.executionArn);
    clearInterval(watch);
    const runSeconds = (performance.now() - started) / 1000;
    log(`ingest ${execution.status.toLowerCase()} in ${runSeconds.toFixed(0)} s`);

    const history = await readRunHistory(sfn, execution.events as unknown as HistoryEvent[]);
    const mapEntered = execution.events.find((event) => event.type === 'MapStateEntered');
    const mapExited = execution.events.find((event) => event.type === 'MapStateExited');
    const mapSeconds = mapEntered && mapExited ? mapExited.timestamp - mapEntered.timestamp : 0;
    const output = JSON.parse(execution.output ?? '{}') as Record<string, number>;
    const map = readAsl('state-machines/ingest.asl.json').States.FetchHosts as unknown as { ItemBatcher: { MaxItemsPerBatch: number }; MaxConcurrency: number; ToleratedFailurePercentage: number };
    const taskGbSeconds = gbSeconds(history.taskMs, memoryGbOf('fetch-feeds'));
    const expressGbSeconds = (sum(history.expressMs) / 1000) * EXPRESS_MEMORY_GB;
    const stepFunctionsUsd = (history.transitions * PRICES.stepFunctionsTransitionPerThousand) / 1000 + (history.expressRequests * PRICES.stepFunctionsExpressRequestPerMillion) / 1e6 + expressGbSeconds * PRICES.stepFunctionsExpressGbSecond;
    // The inline Map it replaces: one Task transition per host (plus its iteration) in the parent's history.
    const inlineTransitions = history.transitions - 1 + HOSTS;
    const feedsPerHost = FEEDS / HOSTS;
    const hostsAtOnce = 16; // lambdas/pipeline/fetch-feeds.handler.ts HOSTS_AT_ONCE
    const children = Math.ceil(HOSTS / map.ItemBatcher.MaxItemsPerBatch);
    const projectedSeconds = (fetchSeconds: number) => Math.ceil(children / map.MaxConcurrency) * Math.ceil(map.ItemBatcher.MaxItemsPerBatch / hostsAtOnce) * Math.ceil(feedsPerHost) * fetchSeconds;

    console.log(`  run: ${execution.status}, ${runSeconds.toFixed(0)} s against the ${SCHEDULE_SECONDS.toLocaleString('en')} s schedule (${((runSeconds / SCHEDULE_SECONDS) * 100).toFixed(0)}%); the Distributed Map ${mapSeconds.toFixed(0)} s of it`);
    console.log(`    recorded: ${output.hosts ?? '?'} hosts fetched, ${output.deferredHosts ?? 0} deferred to the next run (a batch starts no host after 150 s), ${output.feeds ?? '?'} feeds, ${output.notModified ?? '?'} not modified, ${output.failedFeeds ?? '?'} failed, ${output.created ?? '?'} new articles, ${output.published ?? 0} published, ${output.queued ?? 0} queued, ${output.rejected ?? 0} rejected`);
    console.log(`    farm: ${farm.requests.notModified} answered 304, ${farm.requests.newItems} with new items, ${farm.requests.slow} slow (2-5 s), ${farm.requests.error500} answered 500, ${farm.requests.hang} never answered (timed out); at most ${farm.inFlightMax} requests in flight`);
    if (execution.status !== 'SUCCEEDED') console.log(`    run error: ${execution.error ?? ''} ${execution.cause?.slice(0, 300) ?? ''}`);
    for (const failure of history.failures.slice(0, 3)) console.log(`    failed child: ${failure.slice(0, 300)}`);
    console.log(`  history: parent ${history.events} events (cap ${HISTORY_CAP.toLocaleString('en')}), largest child ${history.largestChildEvents} events; ${history.expressRequests} children of ${map.ItemBatcher.MaxItemsPerBatch} hosts, ${map.MaxConcurrency} at once, ${map.ToleratedFailurePercentage}% may fail`);
    console.log(`  Step Functions: ${history.transitions} Standard transitions in the parent + ${history.expressRequests} Express child requests (${(sum(history.expressMs) / 1000).toFixed(0)} child-seconds, ${history.childTransitions} states entered, not billed per transition) = ${usd(stepFunctionsUsd)} a run, ${usd(stepFunctionsUsd * 48 * 30)} a month at 48 runs a day; the inline Map's ${inlineTransitions.toLocaleString('en')} transitions were ${usd((inlineTransitions * PRICES.stepFunctionsTransitionPerThousand) / 1000 * 48 * 30)} a month`);
    console.log(`  Lambda: ${history.taskMs.length} task invocations, ${taskGbSeconds.toFixed(0)} GB-s (${usd(taskGbSeconds * PRICES.lambdaGbSecond)} a run) at ${memoryGbOf('fetch-feeds') * 1024} MB; fetch-feeds timeout ${stack.functions.find((fn) => fn.name === 'fetch-feeds')?.timeoutSeconds} s`);
    console.log(`  with real publishers: ${children} children / ${map.MaxConcurrency} at once x ${Math.ceil(map.ItemBatcher.MaxItemsPerBatch / hostsAtOnce)} rounds of ${hostsAtOnce} hosts x ${Math.ceil(feedsPerHost)} feeds in turn -> ~${projectedSeconds(1)} s at 1 s per fetch, ~${projectedSeconds(10)} s if every fetch took its 10 s timeout (this run: ${LATENCY_MS} ms per answer; INGEST_SCALE_LATENCY_MS sets it)`);
    console.log(`  bench time ${elapsed(benchStarted)} (this machine: 2 shared cores, DynamoDB Local; the run's time is mostly the table's writes, not the farm)`);
    console.log(`INGEST_SCALE ${JSON.stringify({ hosts: HOSTS, feeds: FEEDS, runSeconds: Math.round(runSeconds), scheduleSeconds: SCHEDULE_SECONDS, parentHistoryEvents: history.events, largestChildHistoryEvents: history.largestChildEvents, transitions: history.transitions, expressRequests: history.expressRequests, lambdaGbSeconds: Math.round(taskGbSeconds), status: execution.status })}`);
  } finally {
    farm.close();
    await runtime?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
