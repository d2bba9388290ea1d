/**
 * The console's article list (GET /admin/articles) over 5,000 articles in DynamoDB Local: the time of
 * the store query the route runs (one Query per status, all pages, projected to the row's attributes,
 * then search, sort and the page in memory), for the list as it opens, a status filter, a category
 * filter, a search and the trending order. `npm run bench -- article-admin`.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureTable, startDynamoDbLocal } from '../../lib/local/dynamodb.ts';
import { stopChildren } from '../../lib/local/processes.ts';
import { stack } from '../../lib/stack-description.ts';
import { words } from './ingest.ts';

const ARTICLES = 5_000;
const PORT = 5690;
const RUNS = 7;
const STATUSES = ['published', 'published', 'published', 'draft', 'rejected', 'archived'] as const;
const CATEGORIES = ['creator-economy', 'brand-partnerships', 'platform-updates', 'industry-insights', 'regulations-ethics', 'tools-technology', 'general'] as const;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

export async function runArticleAdminBench(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cnh-bench-admin-'));
  try {
    await startDynamoDbLocal(PORT, dataDir);
    Object.assign(process.env, {
      AWS_REGION: 'ap-south-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${PORT}`,
      TABLE_NAME: 'bench-admin',
      LOG_LEVEL: 'error',
    });
    const client = new DynamoDBClient({});
    await ensureTable(client, 'bench-admin', stack);
    const { Article } = await import('#store/articles.ts');
    const { listAdminArticles } = await import('#store/article-admin.ts');

    // Articles shaped like the ingest's: a 60-word summary and about 2 kB of content each.
    const started = performance.now();
    const items = Array.from({ length: ARTICLES }, (_, n) => {
      const status = STATUSES[n % STATUSES.length] as (typeof STATUSES)[number];
      const at = new Date(Date.UTC(2026, 9, 1) + n * 60_000).toISOString();
      return {
        id: randomUUID(),
        title: `Story ${n}: ${words(n, 9)}`,
        summary: words(n + 100_000, 60),
        content: `<p>${words(n + 200_000, 300)}</p>`,
        category: CATEGORIES[n % CATEGORIES.length] as (typeof CATEGORIES)[number],
        sourceUrl: `https://bench.example.com/story/${n}`,
        sourceName: `Bench Source ${n % 20}`,
        status,
        statusAt: at,
        createdAt: at,
        viewsCount: (n * 7919) % 1000,
        relevanceScore: 30 + (n % 70),
        mlConfidenceScore: (n % 100) / 100,
        isDuplicate: n % 50 === 0,
      };
    });
    for (let start = 0; start < items.length; start += 500) await Article.put(items.slice(start, start + 500)).go({ concurrency: 4 });
    console.log(`article-admin bench: ${ARTICLES} articles written in ${((performance.now() - started) / 1000).toFixed(1)} s (DynamoDB Local, this machine)`);

    const cases: Array<[string, Parameters<typeof listAdminArticles>[0]]> = [
      ['list as it opens (all listed statuses, latest, 25)', { sort: 'latest', page: 1, pageSize: 25 }],
      ['status published, page 3 of 100', { status: 'published', sort: 'latest', page: 3, pageSize: 100 }],
      ['category platform-updates, trending', { category: 'platform-updates', sort: 'trending', page: 1, pageSize: 25 }],
      ['search "creator brand" (reads summaries too)', { search: 'creator brand', sort: 'latest', page: 1, pageSize: 25 }],
      ['trending, 500 per page', { sort: 'trending', page: 1, pageSize: 500 }],
    ];
    for (const [name, query] of cases) {
      const times: number[] = [];
      let total = 0;
      for (let run = 0; run < RUNS; run += 1) {
        const t0 = performance.now();
        total = (await listAdminArticles(query)).total;
        times.push(performance.now() - t0);
      }
      console.log(`  ${name.padEnd(52)} median ${median(times).toFixed(0).padStart(5)} ms  max ${Math.max(...times).toFixed(0).padStart(5)} ms  (total ${total})`);
    }
    client.destroy();
  } finally {
    await stopChildren();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('article-admin.ts')) await runArticleAdminBench();
