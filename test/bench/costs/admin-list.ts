/**
 * The console's article list at the README's scale: seeds 50,000 generated articles (BatchWrite, spread
 * over statuses and categories, with the status counters they imply) into a table of its own, then reads the list through the store function the admin route calls and counts
 * the read units of each case. The list as it opens is the COSTS line's `rruPerAdminListPage`.
 *
 * It runs in a child process (this file as its entry point): the store binds its table when first loaded,
 * and the bench's own process has the runtime's table loaded, with stream consumers and handlers that
 * share its DynamoDB client (their calls would count as the list's).
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureDynamoDbLocal, ensureTable } from '../../../lib/local/dynamodb.ts';
import { startChild, stopChildren, waitForPort } from '../../../lib/local/processes.ts';
import { stack } from '../../../lib/stack-description.ts';
import { words } from '../ingest.ts';
import { CapacityMeter, meterCapacity } from './meters.ts';

/** The README's console scale; CNH_COSTS_LIST_ARTICLES sets another for a quick look (the page reads do not grow with it). */
export const LIST_ARTICLES = Number(process.env.CNH_COSTS_LIST_ARTICLES ?? 50_000);
const STATUSES = ['published', 'published', 'published', 'draft', 'rejected', 'archived'] as const;
const CATEGORIES = ['creator-economy', 'brand-partnerships', 'platform-updates', 'industry-insights', 'regulations-ethics', 'tools-technology', 'general'] as const;

export interface AdminListCase {
  name: string;
  readUnits: number;
  ms: number;
  total: number;
}

/** What the child answers: seeding time and each case's read units. */
export interface AdminListFigures {
  articles: number;
  seedSeconds: number;
  cases: AdminListCase[];
}

/**
 * `count` articles shaped like the ingest's rows (titles, sources, a 60-word summary; the text is left
 * short, since no list read touches it and it would only slow the seeding), one a minute, every 50th a
 * duplicate, and the status counters those articles imply (one shard each: readers sum shards).
 */
export async function seedListArticles(count: number, options: { content?: (n: number) => string } = {}): Promise<void> {
  const { Article } = await import('#store/articles.ts');
  const { documentClient, tableName } = await import('#store/table/client.ts');
  const { BatchWriteCommand } = await import('@aws-sdk/lib-dynamodb');
  const content = options.content ?? (() => '');
  const { articleCounterChanges, Counter, COUNTER_SCOPES } = await import('#store/table/counters.ts');
  const totals = new Map<string, number>();
  const batch = 1_000;
  for (let start = 0; start < count; start += batch) {
    const items = Array.from({ length: Math.min(batch, count - start) }, (_, offset) => {
      const n = start + offset;
      const status = STATUSES[n % STATUSES.length] as (typeof STATUSES)[number];
      const at = new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();
      return {
        id: randomUUID(),
        title: `Story ${n}: ${words(n, 9)}`,
        summary: words(n + 100_000, 60),
        content: content(n),
        category: CATEGORIES[n % CATEGORIES.length] as (typeof CATEGORIES)[number],
        sourceUrl: `https://bench.example.com/story/${n}`,
        sourceName: `Bench Source ${n % 20}`,
        status,
        statusAt: at,
        createdAt: at,
        adminStatus: status === 'published' ? ('auto_approved' as const) : status === 'rejected' ? ('auto_rejected' as const) : ('unclassified' as const),
        viewsCount: (n * 7919) % 1000,
        relevanceScore: 30 + (n % 70),
        mlConfidenceScore: (n % 100) / 100,
        isDuplicate: n % 50 === 0,
      };
    });
    for (const item of items) for (const change of articleCounterChanges(undefined, item)) totals.set(change.name, (totals.get(change.name) ?? 0) + change.by);
    const written = items.map((item) => (Article.put(item).params() as { Item: Record<string, unknown> }).Item);
    const requests: Array<Array<Record<string, unknown>>> = [];
    for (let at = 0; at < written.length; at += 25) requests.push(written.slice(at, at + 25));
    // Four BatchWrites in flight, unprocessed items sent again.
    await Promise.all(
      Array.from({ length: 4 }, async (_, lane) => {
        for (let index = lane; index < requests.length; index += 4) {
          let pending = (requests[index] ?? []).map((Item) => ({ PutRequest: { Item } }));
          while (pending.length) {
            const answer = await documentClient.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
            pending = (answer.UnprocessedItems?.[tableName] ?? []) as typeof pending;
          }
        }
      }),
    );
  }
  await Counter.put([...totals].map(([name, value]) => ({ scope: COUNTER_SCOPES.articles, name: `${name}~0`, value }))).go();
}

/** The list's cases: each read once, with its read units (eventually consistent, as the route reads). */
export async function measureListCases(meter: CapacityMeter, cases: Array<[string, Parameters<typeof import('#store/read-models/admin-article-list.ts').listAdminArticles>[0]]>): Promise<AdminListCase[]> {
  const { listAdminArticles } = await import('#store/read-models/admin-article-list.ts');
  const measured: AdminListCase[] = [];
  for (const [name, query] of cases) {
    meter.reset();
    const started = performance.now();
    const page = await listAdminArticles(query);
    measured.push({ name, readUnits: meter.totals().readUnits, ms: performance.now() - started, total: page.total });
  }
  return measured;
}

/**
 * At 50,000 articles: the list as it opens (the COSTS figure), the next page, a status filter in the other
 * order, a category (every slim row of the statuses, filtered in DynamoDB). Left out for time, measured once
 * (2026-11-27, docs/decisions/console-list-index.md): the middle page (page 980 of 1,960) and trending each
 * read every slim row, ~2,850 RRU, and took 74-90 s here parsing 49,000 rows.
 */
export const SCALE_CASES: Array<[string, Parameters<typeof import('#store/read-models/admin-article-list.ts').listAdminArticles>[0]]> = [
  ['list as it opens (listed statuses, latest, 25)', { sort: 'latest', page: 1, pageSize: 25 }],
  ['page 2 of the list', { sort: 'latest', page: 2, pageSize: 25 }],
  ['status published, oldest first, 100', { status: 'published', sort: 'oldest', page: 1, pageSize: 100 }],
  ['category platform-updates (every slim row)', { category: 'platform-updates', sort: 'latest', page: 1, pageSize: 25 }],
];

/**
 * Seeds the articles and measures the cases in a child process, on a DynamoDB Local of its own kept in
 * memory (port `port`): the same engine and the same counts as the runtime's, but the runtime's keeps its
 * data on disk and writes ~40 articles a second on this 2-core machine (50,000: ~20 minutes), in memory ~250.
 */
export function adminListFigures(port: number): Promise<AdminListFigures> {
  const table = 'costs-admin-list';
  const dynamodbUrl = `http://127.0.0.1:${port}`;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url)],
      { env: { ...process.env, TABLE_NAME: table, AWS_ENDPOINT_URL_DYNAMODB: dynamodbUrl, LOG_LEVEL: 'error' }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const line = stdout.split('\n').find((text) => text.startsWith('ADMIN_LIST '));
        if (error || !line) return reject(new Error(`admin-list bench failed: ${error?.message ?? 'no ADMIN_LIST line'}\n${stderr}`));
        resolve(JSON.parse(line.slice('ADMIN_LIST '.length)) as AdminListFigures);
      },
    );
  });
}

async function main(): Promise<void> {
  const table = process.env.TABLE_NAME as string;
  const port = Number(new URL(process.env.AWS_ENDPOINT_URL_DYNAMODB as string).port);
  startChild('dynamodb', 'java', ['-Djava.library.path=DynamoDBLocal_lib', '-jar', 'DynamoDBLocal.jar', '-inMemory', '-port', String(port)], { cwd: ensureDynamoDbLocal() });
  await waitForPort(port, 'DynamoDB Local (in memory)');
  const client = new DynamoDBClient({});
  await ensureTable(client, table, stack);
  const started = performance.now();
  await seedListArticles(LIST_ARTICLES);
  const seedSeconds = (performance.now() - started) / 1000;
  const { documentClient } = await import('#store/table/client.ts');
  const meter = new CapacityMeter();
  meterCapacity(documentClient as unknown as DynamoDBClient, meter);
  const cases = await measureListCases(meter, SCALE_CASES);
  client.destroy();
  await stopChildren();
  const figures: AdminListFigures = { articles: LIST_ARTICLES, seedSeconds, cases };
  process.stdout.write(`ADMIN_LIST ${JSON.stringify(figures)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
