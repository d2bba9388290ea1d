import { DescribeExecutionCommand, GetExecutionHistoryCommand, ListExecutionsCommand, ListStateMachinesCommand, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { local, useLocalAws } from '../support/aws.ts';

/**
 * The ingest state machine over the fixture feeds, in the running local runtime: the first start ran
 * it once already (the global setup waits for that run); these tests look at what it left and run it again.
 */
type Store = {
  articles: typeof import('#store/articles.ts');
  feeds: typeof import('#store/feeds.ts');
  runs: typeof import('#store/pipeline-runs.ts');
  models: typeof import('#store/models.ts');
};
let s: Store;
let sfn: SFNClient;
let arns: Record<string, string>;

const HEALTHY_FEEDS = ['creator-india', 'brandwire', 'platformwatch', 'creator-podcast', 'video-brief', 'marketing-cafe', 'trade-desk-a', 'trade-desk-b', 'general-news', 'regulation-watch', 'creator-tools'];
const BAD_FEEDS = ['broken-xml', 'server-error', 'too-slow', 'huge-garbage', 'redirect-loop'];

beforeAll(async () => {
  useLocalAws();
  s = {
    articles: await import('#store/articles.ts'),
    feeds: await import('#store/feeds.ts'),
    runs: await import('#store/pipeline-runs.ts'),
    models: await import('#store/models.ts'),
  };
  sfn = new SFNClient({});
  const { stateMachines = [] } = await sfn.send(new ListStateMachinesCommand({}));
  arns = Object.fromEntries(stateMachines.map((machine) => [machine.name, machine.stateMachineArn as string]));
});

async function run(machine: string, input: unknown = { trigger: 'test' }) {
  const { executionArn } = await sfn.send(new StartExecutionCommand({ stateMachineArn: arns[machine], input: JSON.stringify(input) }));
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const execution = await sfn.send(new DescribeExecutionCommand({ executionArn }));
    if (execution.status !== 'RUNNING') return { ...execution, result: JSON.parse(execution.output ?? '{}') as Record<string, number | boolean | string> };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${machine} did not finish in 30 s`);
}

/** Every article the fixture feeds produced, whatever its status. */
async function allArticles() {
  const { Article } = s.articles;
  const statuses = ['draft', 'published', 'rejected', 'archived', 'purged'] as const;
  const pages = await Promise.all(statuses.map((status) => Article.query.byStatus({ status }).go({ pages: 'all' })));
  return pages.flatMap((page) => page.data).filter((article) => article.feedId);
}

async function feedRequests(): Promise<Array<{ path: string; status: number; conditional: boolean }>> {
  return (await (await fetch(`${local().urls.feeds}/__requests`)).json()) as Array<{ path: string; status: number; conditional: boolean }>;
}

describe('the first ingest', () => {
  it('kept the off-topic items off the site: rejected, or queued at low priority, with their scores and blocklist flags', async () => {
    const general = (await allArticles()).filter((article) => article.feedId === 'general-news');
    expect(general).toHaveLength(5);
    // The model decides (the blocklist only stops auto-publishing): at most one it doubts reaches a moderator, at the bottom of the queue.
    expect(general.filter((article) => article.adminStatus === 'auto_rejected').length).toBeGreaterThanOrEqual(4);
    for (const article of general) {
      expect(article.status, article.title).not.toBe('published');
      if (article.status !== 'rejected') expect(article.reviewPriority, article.title).toBe('LOW');
      expect(article.relevanceScore).toBeLessThan(30);
    }
    const politics = general.find((article) => /election/i.test(article.title));
    expect(politics?.blocklistFlags).toContain('election');
    const cricket = general.find((article) => /cricket/i.test(article.title));
    expect(cricket?.blocklistFlags).toContain('cricket');
  });

  it('published or queued the on-topic items, each scored', async () => {
    const onTopic = (await allArticles()).filter((article) => ['creator-india', 'brandwire', 'platformwatch', 'regulation-watch'].includes(article.feedId ?? ''));
    expect(onTopic.length).toBeGreaterThanOrEqual(15);
    for (const article of onTopic) {
      // What the classifier decided (a moderator may have acted on the queued ones since: review.test.ts).
      expect(['auto_approved', 'pending_review', 'approved', 'rejected'], article.title).toContain(article.adminStatus);
      expect(article.relevanceScore).toBeGreaterThanOrEqual(30);
      expect(article.mlConfidenceScore).toBeGreaterThan(0);
      expect(article.qualityScore).toBeGreaterThan(0);
      expect(article.keywordMatches).toHaveProperty('primary');
    }
    const autoPublished = onTopic.filter((article) => article.adminStatus === 'auto_approved');
    expect(autoPublished.length).toBeGreaterThan(onTopic.length / 2);
  });

  it('made one story of the event two publishers carried (the other report joins it: story-cluster.test.ts)', async () => {
    const asci = (await allArticles()).filter((article) => /ASCI/i.test(article.title) && !article.isDuplicate);
    expect(asci).toHaveLength(1);
    expect(asci[0]?.feedId).toBe('trade-desk-a');
    // The later report carries why it joined (topics/same-event.ts): the entity, the kind of event, the days apart.
    const joined = (await allArticles()).filter((article) => /ASCI/i.test(article.title) && article.isDuplicate);
    expect(joined.length).toBeGreaterThan(0);
    for (const article of joined) {
      expect(article.clusterId).toBe(asci[0]?.id);
      expect(article.clusterReason?.entities.map((entity) => entity.id)).toContain('asci');
      expect(article.clusterReason?.kinds).toContain('regulation');
    }
  });

  it('read every format: Atom, RSS 1.0, a podcast, a video feed and a non-UTF-8 feed', async () => {
    const articles = await allArticles();
    const by = (feedId: string) => articles.filter((article) => article.feedId === feedId);
    expect(by('brandwire')).toHaveLength(5);
    expect(by('platformwatch')).toHaveLength(4);
    expect(by('creator-podcast').every((article) => article.contentType === 'podcast')).toBe(true);
    expect(by('video-brief').every((article) => article.contentType === 'video')).toBe(true);
    expect(by('marketing-cafe').map((article) => article.title)).toContain('Café culture creators: how European brands court influencers');
    expect(by('creator-india').find((article) => /Instagram/.test(article.title))?.content).not.toMatch(/script|onclick|onerror/);
  });

  it('recorded health and backed off the feeds that misbehave, without stopping the others', async () => {
    for (const feedId of BAD_FEEDS) {
      const feed = await s.feeds.getFeedSource(feedId);
      expect(feed?.consecutiveFailures, feedId).toBeGreaterThanOrEqual(1);
      expect(Date.parse(feed?.nextCheckAt ?? '')).toBeGreaterThan(Date.now());
      const [check] = await s.feeds.latestFeedHealth(feedId, 1);
      expect(check?.status, feedId).toBe('error');
    }
    const errors = Object.fromEntries(await Promise.all(BAD_FEEDS.map(async (feedId) => [feedId, (await s.feeds.latestFeedHealth(feedId, 1))[0]?.error])));
    expect(errors['server-error']).toBe('HTTP 500');
    expect(errors['too-slow']).toMatch(/Timed out/);
    expect(errors['huge-garbage']).toMatch(/larger than/);
    expect(errors['redirect-loop']).toMatch(/redirects/);
    expect(errors['broken-xml']).toMatch(/Unreadable feed/);
    for (const feedId of HEALTHY_FEEDS) expect((await s.feeds.latestFeedHealth(feedId, 1))[0]?.status, feedId).toBe('healthy');
  });
});

describe('running ingest again', () => {
  it('adds nothing and costs one 304 per unchanged feed; failing feeds wait for their backoff', async () => {
    const before = (await allArticles()).length;
    const requestsBefore = (await feedRequests()).length;
    // Make the healthy feeds due now; the failing ones keep their backoff.
    for (const feedId of HEALTHY_FEEDS) {
      const feed = await s.feeds.getFeedSource(feedId);
      await s.feeds.updateFeedAfterCheck(feed!, { nextCheckAt: new Date(0).toISOString(), consecutiveFailures: 0, lastStatus: 'healthy', lastCheckedAt: feed!.lastCheckedAt ?? '' });
    }
    const second = await run('ingest');
    expect(second.status).toBe('SUCCEEDED');
    expect(second.result).toMatchObject({ created: 0, notModified: HEALTHY_FEEDS.length, failedFeeds: 0 });
    expect((await allArticles()).length).toBe(before);
    const requests = (await feedRequests()).slice(requestsBefore);
    expect(requests).toHaveLength(HEALTHY_FEEDS.length);
    expect(requests.every((request) => request.status === 304 && request.conditional)).toBe(true);
  });

  it("reads the recent stories' fingerprints only for a feed that brings a new body, never for a 304", async () => {
    const { refreshFeed } = await import('../../lambdas/services/refresh-feed.ts');
    let reads = 0;
    const fingerprints = async () => {
      reads += 1;
      return [];
    };
    const feed = await s.feeds.getFeedSource('brandwire');
    // Each check is its own health record, keyed by its time.
    const options = (secondsLater: number) => ({ timeoutMs: 10_000, maxBytes: 5_000_000, now: new Date(Date.now() + secondsLater * 1000), fingerprints });
    expect((await refreshFeed(feed!, options(0))).outcome).toBe('not-modified');
    expect(reads).toBe(0);
    expect((await refreshFeed({ ...feed!, etag: undefined, lastModified: undefined }, options(1))).outcome).toBe('new-items');
    expect(reads).toBe(1);
  });

  it('answers a 304 after a 304 with half a read unit and one small write: its check times, no health record', async () => {
    const { refreshFeed } = await import('../../lambdas/services/refresh-feed.ts');
    const { documentClient } = await import('#store/table/client.ts');
    const { CapacityMeter, meterCapacity } = await import('../bench/costs/meters.ts');
    const options = (secondsLater: number) => ({ timeoutMs: 10_000, maxBytes: 5_000_000, now: new Date(Date.now() + secondsLater * 1000), fingerprints: [] });
    const [first] = await s.feeds.feedsToPoll(['brandwire']);
    expect((await refreshFeed(first!, options(2))).outcome).toBe('not-modified');
    const healthBefore = await s.feeds.latestFeedHealth('brandwire', 10);

    const meter = new CapacityMeter();
    meterCapacity(documentClient as unknown as DynamoDBClient, meter);
    try {
      const second = options(3);
      const [feed] = await s.feeds.feedsToPoll(['brandwire']);
      expect((await refreshFeed(feed!, second)).outcome).toBe('not-modified');
      const { readUnits, writeUnits } = meter.totals();
      expect(readUnits).toBeLessThanOrEqual(0.5);
      expect(writeUnits).toBeLessThanOrEqual(1);
      expect([...meter.operations.keys()].sort()).toEqual(['BatchGetItem', 'UpdateItem']);

      // The console still sees the check: its time, its status, and the health record of the first 304 as the latest.
      const seen = await s.feeds.getFeedSource('brandwire');
      expect(seen).toMatchObject({ lastCheckedAt: second.now.toISOString(), lastStatus: 'not-modified', consecutiveFailures: 0 });
      expect(Date.parse(seen!.nextCheckAt)).toBeGreaterThan(second.now.getTime());
      const healthAfter = await s.feeds.latestFeedHealth('brandwire', 10);
      expect(healthAfter).toEqual(healthBefore);
      expect(healthAfter[0]?.status).toBe('not-modified');
    } finally {
      (documentClient as unknown as DynamoDBClient).middlewareStack.remove('benchConsumedCapacity');
    }
  });

  it('never brings back a purged article', async () => {
    const [victim] = (await allArticles()).filter((article) => article.feedId === 'regulation-watch' && article.status === 'published');
    expect(victim).toBeDefined();
    const purged = await s.articles.changeArticleStatus(victim!, { status: 'purged', set: { title: '', summary: '', content: '', sourceUrl: '', purgedAt: new Date().toISOString() } });
    expect(purged).toBe(true);
    // Forget the feed's validators so the whole feed is fetched and read again.
    const feed = await s.feeds.getFeedSource('regulation-watch');
    await s.feeds.checkAfresh(feed!.id);
    const again = await run('ingest');
    expect(again.result).toMatchObject({ created: 0 });
    expect(Number(again.result.duplicates)).toBeGreaterThanOrEqual(3);
    const regulation = (await allArticles()).filter((article) => article.feedId === 'regulation-watch');
    expect(regulation.filter((article) => article.status === 'purged')).toHaveLength(1);
    expect(regulation).toHaveLength(3);
  });

  it('runs the classify-only backlog mode without fetching', async () => {
    const requestsBefore = (await feedRequests()).length;
    const backlog = await run('ingest', { trigger: 'test', mode: 'classify-only' });
    expect(backlog.status).toBe('SUCCEEDED');
    expect(backlog.result).toMatchObject({ mode: 'classify-only', hosts: 0 });
    expect((await feedRequests()).length).toBe(requestsBefore);
  });
});

describe('operators', () => {
  it('see ingest executions and their history through the Step Functions API', async () => {
    const { executions = [] } = await sfn.send(new ListExecutionsCommand({ stateMachineArn: arns.ingest }));
    expect(executions.length).toBeGreaterThanOrEqual(3);
    const { events = [] } = await sfn.send(new GetExecutionHistoryCommand({ executionArn: executions.at(-1)!.executionArn }));
    const types = events.map((event) => event.type);
    // The hosts are fetched by a Distributed Map: the parent's history has the map run, each batch of hosts
    // is a child execution with its own history, listed by the map run's ARN (and not among the ingest's own).
    expect(types).toEqual(expect.arrayContaining(['MapStateEntered', 'MapRunStarted', 'MapRunSucceeded', 'MapStateExited']));
    expect(types).not.toContain('MapIterationStarted');
    expect(events.filter((event) => event.type === 'TaskStateEntered').map((event) => event.stateEnteredEventDetails?.name)).toEqual(
      expect.arrayContaining(['ListDueFeeds', 'ClassifyBatch', 'RefreshHighlights', 'RecordRun']),
    );
    const mapRunArn = events.find((event) => event.type === 'MapRunStarted')?.mapRunStartedEventDetails?.mapRunArn;
    const { executions: children = [] } = await sfn.send(new ListExecutionsCommand({ mapRunArn }));
    expect(children.length).toBeGreaterThanOrEqual(1);
    expect(executions.map((execution) => execution.executionArn)).not.toContain(children[0]!.executionArn);
    const { events: childEvents = [] } = await sfn.send(new GetExecutionHistoryCommand({ executionArn: children[0]!.executionArn }));
    expect(childEvents.filter((event) => event.type === 'TaskStateEntered').map((event) => event.stateEnteredEventDetails?.name)).toEqual(['FetchHostBatch']);
    expect(childEvents.at(-1)?.type).toBe('ExecutionSucceeded');
    const [latest] = await s.runs.latestPipelineRuns('ingest', 1);
    expect(latest?.status).toBe('succeeded');
  });

  it('records what the classifier decided for the stories it classified as they were fetched', async () => {
    // Stories are classified in the fetch step now: the run's figures must still say what became of them.
    const runs = await s.runs.latestPipelineRuns('ingest', 50);
    const bringing = runs.map((one) => one.stats as { created: number; classified: number; published: number; queued: number; rejected: number }).find((stats) => stats.created > 0);
    expect(bringing, 'a run that stored new stories').toBeDefined();
    expect(bringing!.classified).toBeGreaterThanOrEqual(bringing!.created);
    expect(bringing!.published + bringing!.queued + bringing!.rejected).toBe(bringing!.classified);
    expect(bringing!.published).toBeGreaterThan(0);
  });
});

describe('retraining', () => {
  it('trains on review decisions and keeps the candidate with its scores, adopted only if at least as good', async () => {
    await s.models.saveReviewLabel({ articleId: 'label-1', label: 'off-topic', text: 'Kabaddi league final draws record crowd', decidedBy: 'test' });
    const result = await run('retrain');
    expect(result.status).toBe('SUCCEEDED');
    expect(Number(result.result.reviewLabels)).toBeGreaterThanOrEqual(1);
    const shipped = (await import('../../data/classifier/training.json', { with: { type: 'json' } })).default.length;
    const corpus = (await import('../../data/classifier/corpus/train-validation.json', { with: { type: 'json' } })).default.train.length;
    // The hand-written set, the corpus's train split and every moderator decision.
    expect(result.result.trainedOn).toBe(shipped + corpus + Number(result.result.reviewLabels));
    expect(result.result.thresholds).toHaveProperty('autoPublishRelevance');
    const { ModelVersion } = s.models;
    const { data } = await ModelVersion.query.byVersion({}).go({ order: 'desc', limit: 1 });
    expect(data[0]?.version).toBe(result.result.version);
    expect(data[0]?.status).toBe(result.result.adopted ? 'active' : 'rejected');
    expect(data[0]?.metrics).toHaveProperty('candidate.precision');
    // Stored gzipped (one item holds at most 400 KB), and read back as the model it was.
    const stored = JSON.parse(s.models.modelJsonOf(data[0]!.model)) as { kind: string; thresholds: unknown };
    expect(stored.kind).toBe('hashed-linear-v1');
    expect(stored.thresholds).toEqual(result.result.thresholds);
  });
});
