/**
 * The bill on paper: counts, on the local runtime's stand-ins, what one unit of work
 * costs in the units AWS bills, then multiplies them out for the target sizes (SCALE below).
 *
 * - DynamoDB capacity: a middleware on the handlers' own DynamoDB client asks every call for
 *   ReturnConsumedCapacity and sums what DynamoDB Local answers, per operation;
 * - Lambda GB-seconds: measured warm durations x the memory each function has in the stack description;
 * - Step Functions: state transitions (StateEntered events) and history events of each Standard execution,
 *   and the Distributed Map's Express children (requests and duration, billed instead of transitions);
 * - SES: mails that reached the mail stand-in.
 * Work measured: an ingest run of generated feeds (then a second run where every feed answers 304),
 * reader visits through the local API, one newsletter digest.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { startLocalRuntime } from '../../lib/local/runtime.ts';
import { localSettings } from '../../lib/local/settings.ts';
import type { LocalStepFunctions } from '../../lib/local/stepfunctions.ts';
import { readAsl } from '../../lib/asl.ts';
import { adminListFigures } from './costs/admin-list.ts';
import { startFeedServers } from './costs/feed-hosts.ts';
import { CapacityMeter, type HistoryEvent, meterCapacity, readHistory, readRunHistory } from './costs/meters.ts';
import { add, dollars, EXPRESS_MEMORY_GB, ingestRunCost, gbSeconds, memoryGbOf, percentile, PRICES, printUnit, scaled, sum, type UnitCost, usd } from './costs/pricing.ts';
import { ask, PAGE_VIEWS_PER_VISIT, SEARCH_TERMS, visit } from './costs/reader-visits.ts';

/** CNH_PORT_BASE moves every port, so two benches (or a bench beside `npm start`) can run at once. */
const PORT_BASE = Number(process.env.CNH_PORT_BASE ?? 5600);
/** The generated feeds' own servers: one port per publisher host (the ingest Map runs per host). */
const FEED_PORT = PORT_BASE + 10;
const FEED_HOSTS = 5;
const FEEDS = 5;
/** feedXml writes 100 items per feed. */
const ITEMS_PER_FEED = 100;
const VISITS = 150;
const SUBSCRIBERS = 300;

/** The sizes the issue asks about, and the assumptions that turn them into daily work. */
const SCALE = {
  feeds: 10_000,
  /** Publishers: feeds per host is about 3 (a site's main feed and a few category feeds). */
  hosts: 3_500,
  articles: 1_000_000,
  dailyReaders: 100_000,
  /** Page views per reader per day (one visit: home, two articles, one search). */
  pageViewsPerReader: 4,
  /** New items per feed per day (news sites 10-50, creator blogs under 1). */
  newItemsPerFeedPerDay: 5,
  /** The ingest schedule: rate(30 minutes). */
  ingestRunsPerDay: 48,
  /** Daily digest subscribers (a fifth of the daily readers). */
  digestSubscribers: 20_000,
  /** Peak hour carries this multiple of the average request rate. */
  peakFactor: 5,
};

/** Phase progress on stderr, so a slow phase shows where the time goes. */
const progress = (started: number, phase: string) => process.stderr.write(`  [costs ${((performance.now() - started) / 1000).toFixed(0)} s] ${phase}\n`);

/**
 * Waits for the runtime's ingest at start: it registers its execution only after loading the handlers,
 * so drain() alone can return before it has begun.
 */
export async function untilIngestIdle(sfn: LocalStepFunctions): Promise<void> {
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await sfn.drain();
    const listed = (await sfn.call('ListExecutions', { stateMachineArn: sfn.arnOf('ingest') })) as { executions: Array<{ status: string }> };
    if (listed.executions.length && listed.executions.every((execution) => execution.status !== 'RUNNING')) return;
  }
}

/** What a real publisher's answer takes, 304 or not (loopback answers in a millisecond): the schedule and the bill assume it. */
const REAL_FETCH_SECONDS = 1;

const round2 = (value: number) => Math.round(value * 100) / 100;

const settle = () => new Promise((resolve) => setTimeout(resolve, 2_500));
/** Longer than CHANGE_NOTE_OVERLAP_MS in lambdas/services/article-search.ts. */
const pastChangeNoteOverlap = () => new Promise((resolve) => setTimeout(resolve, 6_000));

/** The ingest's host fan-out as the ASL sets it: hosts per Express child, children at once, hosts at once per child. */
const FAN_OUT = (() => {
  const map = readAsl('state-machines/ingest.asl.json').States.FetchHosts as unknown as { ItemBatcher: { MaxItemsPerBatch: number }; MaxConcurrency: number };
  // lambdas/pipeline/fetch-feeds.handler.ts HOSTS_AT_ONCE
  return { hostsPerChild: map.ItemBatcher.MaxItemsPerBatch, childrenAtOnce: map.MaxConcurrency, hostsAtOncePerChild: 16 };
})();

export async function runCostsBench(): Promise<void> {
  console.log(`\nCosts: measured per-item AWS units on the local runtime (DynamoDB Local, local Step Functions, aws-ses-v2-local)`);
  const benchStarted = performance.now();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cnh-costs-bench-'));
  const settings = localSettings({ CNH_PORT_BASE: String(PORT_BASE), CNH_LOCAL_DIR: dataDir });
  process.env.LOG_LEVEL = 'error';
  let runtime: Awaited<ReturnType<typeof startLocalRuntime>> | undefined;
  const feeds = await startFeedServers({ feeds: FEEDS, hosts: FEED_HOSTS, port: FEED_PORT });
  try {
    runtime = await startLocalRuntime(settings, { site: false, scheduler: false });
    // The ingest at start publishes the fixture stories (the reader and digest phases read them).
    progress(benchStarted, 'runtime up, waiting for the ingest at start');
    await untilIngestIdle(runtime.stepFunctions);
    progress(benchStarted, 'ingest at start done');
    const meter = new CapacityMeter();
    const { documentClient } = await import('#store/table/client.ts');
    meterCapacity(documentClient as unknown as DynamoDBClient, meter);
    const sfn = runtime.stepFunctions;

    // --- Ingest: FEEDS new feeds x 100 items, one run; then the same feeds polled again (all 304) ---
    const { putFeedSource } = await import('#store/feeds.ts');
    const { FeedPoll } = await import('#store/feeds.ts');
    // Run metrics are flushed every 30 s whatever runs (one ADD per function and hour): flushed before each
    // compared run, so neither carries a flush that belongs to the other.
    const { flushRunMetrics } = await import('#platform/run-metrics.ts');
    for (let feed = 0; feed < FEEDS; feed += 1) await putFeedSource({ id: `costs-${feed}`, name: `Costs ${feed}`, url: feeds.urlOf(feed) });
    meter.reset();
    let execution = await sfn.startExecution(sfn.arnOf('ingest'), { trigger: 'bench', mode: 'full' });
    execution = await sfn.waitFor(execution.executionArn);
    await settle();
    const ingestStatus = execution.status.toLowerCase();
    progress(benchStarted, `ingest run ${ingestStatus}`);
    const ingestHistory = await readRunHistory(sfn, execution.events as unknown as HistoryEvent[]);
    const ingestDb = meter.totals();
    const ingestOps = meter.breakdown();
    const ingestHot = meter.hottestKey();
    const items = FEEDS * ITEMS_PER_FEED;
    const ingestRun = ingestRunCost(`ingest run (${FEEDS} new feeds on ${FEED_HOSTS} hosts, ${items} new items)`, ingestDb, ingestHistory);

    const makeDue = async () => {
      const past = new Date(Date.now() - 60_000).toISOString();
      for (let feed = 0; feed < FEEDS; feed += 1) await FeedPoll.patch({ feedId: `costs-${feed}` }).set({ nextCheckAt: past }).go();
    };
    // The first 304 after a new body changes each feed's state (one health record each); every later 304 is
    // the steady state the month's polls are, so the second one is measured.
    await makeDue();
    await sfn.waitFor((await sfn.startExecution(sfn.arnOf('ingest'), { trigger: 'bench', mode: 'full' })).executionArn);
    await makeDue();
    // Runs are 30 minutes apart: past the search index's change-note overlap, its snapshot step does not read
    // the previous run's notes again.
    await pastChangeNoteOverlap();
    await flushRunMetrics();
    meter.reset();
    execution = await sfn.startExecution(sfn.arnOf('ingest'), { trigger: 'bench', mode: 'full' });
    execution = await sfn.waitFor(execution.executionArn);
    await settle();
    progress(benchStarted, `re-poll run ${execution.status.toLowerCase()}`);
    const pollHistory = await readRunHistory(sfn, execution.events as unknown as HistoryEvent[]);
    const pollDb = meter.totals();
    const pollOps = meter.breakdown();
    const pollRun = ingestRunCost(`re-poll run (${FEEDS} feeds on ${FEED_HOSTS} hosts, all 304 Not Modified)`, pollDb, pollHistory);
    // A run with no feed due: what every run costs whatever it polls (list, classify, highlights, snapshot, record).
    await pastChangeNoteOverlap();
    await flushRunMetrics();
    meter.reset();
    const emptyExecution = await sfn.waitFor((await sfn.startExecution(sfn.arnOf('ingest'), { trigger: 'bench', mode: 'full' })).executionArn);
    await settle();
    progress(benchStarted, `run with no feed due ${emptyExecution.status.toLowerCase()}`);
    const emptyDb = meter.totals();
    const emptyOps = meter.breakdown();
    const emptyHistory = readHistory(emptyExecution.events as unknown as HistoryEvent[]);
    const everyRun: UnitCost = {
      label: 'every ingest run, whatever it polls',
      readUnits: emptyDb.readUnits,
      writeUnits: emptyDb.writeUnits,
      gbSeconds: gbSeconds(emptyHistory.taskMs, memoryGbOf('ingest')),
      lambdaInvocations: emptyHistory.taskMs.length,
      // Counted per run and per host below.
      transitions: 0,
      mails: 0,
      apiRequests: 0,
    };
    // The parent (Standard) does not grow with hosts: the Distributed Map is one state. What grows is the
    // Express children: one per FAN_OUT.hostsPerChild hosts, each billed per request and duration.
    const fixedTransitions = pollHistory.transitions;
    const childrenPerRun = (hosts: number) => Math.ceil(hosts / FAN_OUT.hostsPerChild);
    /** Express seconds per host: the children's time over the hosts they fetched (an upper bound: a child's hosts overlap). */
    const expressSecondsPerHost = sum(pollHistory.expressMs) / 1000 / FEED_HOSTS;

    // --- Reader visits through the local API ---
    const { Article } = await import('#store/articles.ts');
    const home = (await (await fetch(`${runtime.urls.api}/articles?page=1`)).json()) as { items?: Array<{ id: string }> };
    const articleIds = (home.items ?? []).map((article) => article.id);
    if (!articleIds.length) throw new Error('No published articles to read: the ingest at start published nothing');
    // Warm the articles function (its search index loads at the first search), as the load bench does.
    for (const request of visit(articleIds, 0, 'warm')) await ask(runtime.urls.api, new http.Agent(), request);
    const { flushDailyCounters } = await import('#platform/daily-counters.ts');
    await flushDailyCounters();
    await settle();
    meter.reset();
    const requestMs: number[] = [];
    const statuses = new Map<number, number>();
    for (let reader = 0; reader < VISITS; reader += 1) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.${1 + Math.floor(reader / 250)}.${1 + (reader % 250)}` });
      for (const request of visit(articleIds, reader, SEARCH_TERMS[reader % SEARCH_TERMS.length] as string)) {
        const started = performance.now();
        const status = await ask(runtime.urls.api, agent, request);
        requestMs.push(performance.now() - started);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
      agent.destroy();
    }
    // The day's counters the articles function summed in memory are part of these visits' cost: write
    // them now, as its next flush would.
    await flushDailyCounters();
    await settle();
    progress(benchStarted, 'reader visits done');
    const readerDb = meter.totals();
    const readerOps = meter.breakdown();
    const readerHot = meter.hottestKey();
    const pageViews = VISITS * PAGE_VIEWS_PER_VISIT;
    const readers: UnitCost = {
      label: `${pageViews} page views (${VISITS} visits, ${requestMs.length} requests)`,
      readUnits: readerDb.readUnits,
      writeUnits: readerDb.writeUnits,
      gbSeconds: gbSeconds(requestMs, memoryGbOf('articles')),
      lambdaInvocations: requestMs.length,
      transitions: 0,
      mails: 0,
      apiRequests: requestMs.length,
    };

    // --- One daily digest to SUBSCRIBERS confirmed subscribers ---
    const { Subscriber } = await import('#store/subscribers.ts');
    const { newSubscriberToken } = await import('#store/subscribers.ts');
    const topicSets = [[], ['creator-economy'], ['platform-updates'], ['influencer-marketing', 'brand-partnerships']];
    const verifiedAt = new Date().toISOString();
    const subscribers = Array.from({ length: SUBSCRIBERS }, (_, n) => ({
      email: `costs-${n}@example.com`,
      subscriptionType: 'daily' as const,
      preferredTopics: topicSets[n % topicSets.length] as string[],
      isVerified: true,
      isActive: true,
      verifiedAt,
      token: newSubscriberToken(),
    }));
    for (let start = 0; start < subscribers.length; start += 25) await Subscriber.put(subscribers.slice(start, start + 25)).go();
    const mailCount = async () => ((await (await fetch(`${runtime!.urls.mail}/store`)).json()) as { emails: unknown[] }).emails.length;
    const mailsBefore = await mailCount();
    meter.reset();
    execution = await sfn.startExecution(sfn.arnOf('newsletter'), { trigger: 'bench', frequency: 'daily' });
    execution = await sfn.waitFor(execution.executionArn);
    await settle();
    progress(benchStarted, `digest ${execution.status.toLowerCase()}`);
    const mails = (await mailCount()) - mailsBefore;
    const digestHistory = readHistory(execution.events as unknown as HistoryEvent[]);
    const digestDb = meter.totals();
    const digestOps = meter.breakdown();
    const digest: UnitCost = {
      label: `digest to ${SUBSCRIBERS} subscribers`,
      readUnits: digestDb.readUnits,
      writeUnits: digestDb.writeUnits,
      gbSeconds: gbSeconds(digestHistory.taskMs, memoryGbOf('newsletter-digest')),
      lambdaInvocations: digestHistory.taskMs.length,
      transitions: digestHistory.transitions,
      mails,
      apiRequests: 0,
    };

    // How DynamoDB Local counts a transaction: the same small item written plainly and in a one-item transaction.
    const { PutCommand, TransactWriteCommand } = await import('@aws-sdk/lib-dynamodb');
    const { tableName } = await import('#store/table/client.ts');
    meter.reset();
    await documentClient.send(new PutCommand({ TableName: tableName, Item: { pk: 'costs-calibration', sk: 'plain', note: 'x' } }));
    const plainUnits = meter.totals().writeUnits;
    meter.reset();
    await documentClient.send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: tableName, Item: { pk: 'costs-calibration', sk: 'transaction', note: 'x' } } }] }));
    const transactionUnits = meter.totals().writeUnits;

    // Average stored article size (storage), read with an unmetered scan of the articles the runs wrote.
    const stored = await Article.scan.go({ pages: 'all' });
    const articleKb = stored.data.length ? sum(stored.data.map((article) => Buffer.byteLength(JSON.stringify(article)))) / stored.data.length / 1024 : 0;

    // --- The console's article list at 50,000 articles, in a table of its own (test/bench/costs/admin-list.ts) ---
    const adminList = await adminListFigures(PORT_BASE + 91);
    progress(benchStarted, `console list measured (${adminList.articles.toLocaleString('en')} articles seeded in ${adminList.seedSeconds.toFixed(0)} s)`);
    const listAsItOpens = adminList.cases[0];
    if (!listAsItOpens) throw new Error('The admin-list bench measured no case');

    // --- What was measured ---
    const unanswered = ingestDb.unanswered + pollDb.unanswered + readerDb.unanswered + digestDb.unanswered;
    console.log(`  DynamoDB Local answered ConsumedCapacity on ${unanswered === 0 ? 'every' : `all but ${unanswered} of the`} metered calls (ReturnConsumedCapacity TOTAL via an SDK middleware)`);
    console.log(`  ingest run: ${ingestStatus}; ${FEEDS} feeds, ${items} items offered; ${ingestHistory.transitions} transitions, ${ingestHistory.events} history events; ${ingestHistory.taskMs.length} Lambda tasks, ingest task ms p50 ${percentile(ingestHistory.taskMs, 50).toFixed(0)} max ${Math.max(0, ...ingestHistory.taskMs).toFixed(0)}, total ${sum(ingestHistory.taskMs).toFixed(0)} ms at ${memoryGbOf('ingest') * 1024} MB`);
    console.log(`    by operation: ${ingestOps}`);
    if (ingestHot) console.log(`    hottest written partition key: ${ingestHot.key} (${ingestHot.writes} writes, ${(ingestHot.share * 100).toFixed(1)}% of written items)`);
    console.log(`    transitions by state: ${[...ingestHistory.byState].map(([name, count]) => `${name} ${count}`).join(', ')}`);
    for (const failure of [...ingestHistory.failures, ...pollHistory.failures].slice(0, 3)) console.log(`    failed child: ${failure.slice(0, 300)}`);
    if (execution.status !== 'SUCCEEDED') console.log(`    ingest run error: ${execution.error ?? ''} ${execution.cause?.slice(0, 300) ?? ''}`);
    console.log(`    Express children: ${ingestHistory.expressRequests} (${ingestHistory.childTransitions} states entered, not billed per transition), largest child history ${ingestHistory.largestChildEvents} events`);
    console.log(`  re-poll run: ${pollHistory.transitions} transitions per run whatever the hosts, ${pollHistory.events} history events in the parent; ${pollHistory.expressRequests} Express children (1 per ${FAN_OUT.hostsPerChild} hosts), ${sum(pollHistory.expressMs).toFixed(0)} ms, largest child history ${pollHistory.largestChildEvents} events; task ms total ${sum(pollHistory.taskMs).toFixed(0)} over ${pollHistory.taskMs.length} tasks`);
    console.log(`    by operation: ${pollOps}`);
    console.log(`  run with no feed due: ${round2(emptyDb.readUnits)} RRU, ${round2(emptyDb.writeUnits)} WRU; by operation: ${emptyOps}`);
    console.log(`  reader visits: ${VISITS} x (home list, categories, widgets, trending, page-view beacon; 2 x article dialog + view beacon + page-view beacon; search + search beacon + page-view beacon)`);
    console.log(`    articles function ms per request (in process, warm, sequential): p50 ${percentile(requestMs, 50).toFixed(1)}, p95 ${percentile(requestMs, 95).toFixed(1)}, mean ${(sum(requestMs) / requestMs.length).toFixed(1)} at ${memoryGbOf('articles') * 1024} MB; statuses ${[...statuses].map(([code, count]) => `${code}: ${count}`).join(', ')}`);
    console.log(`    by operation: ${readerOps}`);
    if (readerHot) console.log(`    hottest written partition key: ${readerHot.key} (${readerHot.writes} writes, ${(readerHot.share * 100).toFixed(1)}% of written items)`);
    console.log(`  digest: ${execution.status.toLowerCase()}, ${mails} mails in the local SES for ${SUBSCRIBERS} subscribers (one SendEmail per subscriber); ${digestHistory.transitions} transitions, ${digestHistory.events} history events; ${digestHistory.taskMs.length} tasks, total ${sum(digestHistory.taskMs).toFixed(0)} ms at ${memoryGbOf('newsletter-digest') * 1024} MB`);
    console.log(`    by operation: ${digestOps}`);
    console.log(`  DynamoDB Local's transaction count: a <1 kB item costs ${plainUnits} WRU written plainly and ${transactionUnits} WRU in a one-item TransactWriteItems (AWS bills 2); batches count per item`);
    console.log(`  stored article: ${articleKb.toFixed(1)} kB average as JSON over ${stored.data.length} articles (GSI copies come on top)`);
    console.log(`  console article list at ${adminList.articles.toLocaleString('en')} articles (GET /admin/articles's store read, counters included), read units per page:`);
    for (const listCase of adminList.cases) console.log(`    ${listCase.name.padEnd(52)} ${round2(listCase.readUnits).toString().padStart(8)} RRU  ${listCase.ms.toFixed(0).padStart(6)} ms  (total ${listCase.total})`);

    // --- Per unit ---
    // New items' own cost: the run that brought them minus the run that polled the same feeds for nothing.
    const perThousandItems = scaled(add('', ingestRun, scaled(pollRun, -1, '')), 1000 / items, 'per 1,000 ingested items (new-items run minus the 304 run)');
    // A poll's own cost: the 304 run minus a run that polled nothing; its transitions and Express children are
    // counted per run and per host below, not per feed.
    const pollOnly = add('', pollRun, scaled(everyRun, -1, ''));
    const perPoll = { ...scaled(pollOnly, 1 / FEEDS, 'per feed poll answered 304 (the run minus a run with no feed due; transitions and Express children: per run and per host)'), gbSeconds: Math.max(0, pollOnly.gbSeconds / FEEDS), transitions: 0, expressRequests: 0, expressGbSeconds: 0 };
    const perThousandViews = scaled(readers, 1000 / pageViews, 'per 1,000 page views');
    const perSubscriber = scaled(digest, 1 / SUBSCRIBERS, 'per digest subscriber');
    console.log('  per unit (from the counts above):');
    console.log(`  per ingest run: ${fixedTransitions} transitions + 1 Express child per ${FAN_OUT.hostsPerChild} hosts with due feeds (~${(expressSecondsPerHost * 1000).toFixed(0)} ms of child per host)`);
    for (const cost of [perThousandItems, perPoll, everyRun, perThousandViews, perSubscriber]) printUnit(cost);

    // --- Multiplied out ---
    const itemsPerDay = SCALE.feeds * SCALE.newItemsPerFeedPerDay;
    const pageViewsPerDay = SCALE.dailyReaders * SCALE.pageViewsPerReader;
    const feedsPerHost = SCALE.feeds / SCALE.hosts;
    // At REAL_FETCH_SECONDS per real fetch: each child's hosts HOSTS_AT_ONCE at a time, each host's feeds in turn.
    // The loopback feeds answer in a millisecond, so the time a child and its function wait on real publishers
    // is not in the measured durations: it is added here, billed for the whole wait.
    const childSeconds = Math.ceil(FAN_OUT.hostsPerChild / FAN_OUT.hostsAtOncePerChild) * Math.ceil(feedsPerHost) * REAL_FETCH_SECONDS;
    const waitedChildSecondsPerDay = SCALE.ingestRunsPerDay * childrenPerRun(SCALE.hosts) * childSeconds;
    const day = {
      ingest: add(
        `ingest: ${itemsPerDay.toLocaleString('en')} new items + ${(SCALE.feeds * SCALE.ingestRunsPerDay).toLocaleString('en')} feed polls`,
        scaled(perThousandItems, itemsPerDay / 1000, ''),
        scaled(perPoll, SCALE.feeds * SCALE.ingestRunsPerDay, ''),
        scaled(everyRun, SCALE.ingestRunsPerDay, ''),
        {
          ...scaled(perPoll, 0, ''),
          transitions: SCALE.ingestRunsPerDay * fixedTransitions,
          expressRequests: SCALE.ingestRunsPerDay * childrenPerRun(SCALE.hosts),
          expressGbSeconds: SCALE.ingestRunsPerDay * SCALE.hosts * expressSecondsPerHost * EXPRESS_MEMORY_GB,
        },
        { ...scaled(perPoll, 0, ''), gbSeconds: waitedChildSecondsPerDay * memoryGbOf('fetch-feeds'), expressGbSeconds: waitedChildSecondsPerDay * EXPRESS_MEMORY_GB },
      ),
      readers: scaled(perThousandViews, pageViewsPerDay / 1000, `readers: ${pageViewsPerDay.toLocaleString('en')} page views`),
      digest: scaled(perSubscriber, SCALE.digestSubscribers, `digest: ${SCALE.digestSubscribers.toLocaleString('en')} subscribers daily`),
    };
    console.log(`  waiting on real publishers (${REAL_FETCH_SECONDS} s a fetch): ${childSeconds} s per child x ${childrenPerRun(SCALE.hosts)} children x ${SCALE.ingestRunsPerDay} runs = ${Math.round(waitedChildSecondsPerDay).toLocaleString('en')} s a day of fetch function (${memoryGbOf('fetch-feeds')} GB) and Express child, added to the ingest below`);
    console.log(`  a day at ${SCALE.feeds.toLocaleString('en')} feeds (${SCALE.newItemsPerFeedPerDay} new items each, polled every 30 min), ${SCALE.dailyReaders.toLocaleString('en')} readers x ${SCALE.pageViewsPerReader} page views, a daily digest to ${SCALE.digestSubscribers.toLocaleString('en')}:`);
    let monthTotal = 0;
    for (const cost of Object.values(day)) {
      const bill = dollars(cost);
      const dayTotal = bill.dynamo + bill.lambda + bill.stepFunctions + bill.ses + bill.api;
      monthTotal += dayTotal * 30;
      printUnit(cost);
      console.log(`    USD per 30 days: DynamoDB ${usd(bill.dynamo * 30)}, Lambda ${usd(bill.lambda * 30)}, Step Functions ${usd(bill.stepFunctions * 30)}, SES ${usd(bill.ses * 30)}, HTTP API ${usd(bill.api * 30)}; total ${usd(dayTotal * 30)}`);
    }
    const storageGb = (SCALE.articles * articleKb) / 1024 / 1024;
    console.log(`  storage: ${SCALE.articles.toLocaleString('en')} articles x ${articleKb.toFixed(1)} kB = ${storageGb.toFixed(1)} GB (table only) = ${usd(storageGb * PRICES.dynamoStorageGbMonth)} a month`);
    console.log(`  total per 30 days: ${usd(monthTotal + storageGb * PRICES.dynamoStorageGbMonth)} (prices as of 2026, ap-south-1, unchecked: see PRICES in test/bench/costs/pricing.ts)`);

    // --- First limits ---
    const runSeconds = Math.ceil(childrenPerRun(SCALE.hosts) / FAN_OUT.childrenAtOnce) * childSeconds;
    const apiPerSecond = (pageViewsPerDay * (readers.apiRequests / pageViews) / 86_400) * SCALE.peakFactor;
    const meanRequestMs = sum(requestMs) / requestMs.length;
    const concurrentArticles = (apiPerSecond * meanRequestMs) / 1000;
    const hotShare = readerHot?.share ?? 0;
    const hotWritesPerSecond = (readers.writeUnits / pageViews) * (pageViewsPerDay / 86_400) * SCALE.peakFactor * hotShare;
    const pollTaskMsPerFeed = sum(pollHistory.taskMs) / FEEDS;
    console.log(`  first limits (peak = ${SCALE.peakFactor} x the daily mean):`);
    console.log(`    Step Functions history: the parent has ${pollHistory.events} events whatever the hosts (the Distributed Map is one state), each child ${pollHistory.largestChildEvents} events per ${FAN_OUT.hostsPerChild} hosts: the 25,000-event cap is not met; ${SCALE.hosts.toLocaleString('en')} hosts are ${childrenPerRun(SCALE.hosts)} children (a map run takes up to 10,000 at once)`);
    console.log(`    Distributed Map: ${childrenPerRun(SCALE.hosts)} children, ${FAN_OUT.childrenAtOnce} at once, ${FAN_OUT.hostsAtOncePerChild} hosts at once in each, ${feedsPerHost.toFixed(1)} feeds per host in turn; at ${REAL_FETCH_SECONDS} s per real fetch a run takes ~${runSeconds} s against a 1,800 s schedule (npm run bench -- ingest-scale measures it; local 304 poll: ${pollTaskMsPerFeed.toFixed(0)} ms of task per feed)`);
    console.log(`    HTTP API stage throttle 100 rps (burst 200): peak ${apiPerSecond.toFixed(0)} rps (${(readers.apiRequests / pageViews).toFixed(2)} requests per page view)`);
    console.log(`    Lambda concurrency 1,000 (account default): articles function at peak ~${concurrentArticles.toFixed(1)} concurrent (mean ${meanRequestMs.toFixed(1)} ms)`);
    console.log(`    DynamoDB partition 1,000 WCU/s: hottest reader key ${readerHot?.key ?? '-'} takes ${(hotShare * 100).toFixed(0)}% of writes, ~${hotWritesPerSecond.toFixed(1)} WCU/s at peak`);
    console.log(`    SES: a new account's sandbox is 200 mails a day at 1 per second; ${SCALE.digestSubscribers.toLocaleString('en')} digests need production access with >= ${SCALE.digestSubscribers.toLocaleString('en')} a day, and at 14 mails/s take ${(SCALE.digestSubscribers / 14 / 60).toFixed(0)} min`);
    console.log(`  bench time ${((performance.now() - benchStarted) / 1000).toFixed(0)} s`);
    // The one line a script or a reviewer reads: the month at SCALE and the unit figures the targets are set on.
    const costs = {
      usdPerMonth: Math.round(monthTotal + storageGb * PRICES.dynamoStorageGbMonth),
      wruPerPageView: round2(readers.writeUnits / pageViews),
      rruPerUnchangedPoll: round2(perPoll.readUnits),
      wruPerIngestedItem: round2(perThousandItems.writeUnits / 1000),
      rruPerAdminListPage: round2(listAsItOpens.readUnits),
    };
    console.log(`COSTS ${JSON.stringify(costs)}`);
  } finally {
    feeds.close();
    await runtime?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
