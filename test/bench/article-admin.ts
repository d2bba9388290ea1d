/**
 * The console's article list (GET /admin/articles) over 5,000 articles in DynamoDB Local: the time and
 * the read units of the store read the route runs, for the list as it opens, a late page, a status filter,
 * a category filter, a search and the trending order. The list as it opens and a status filter read one
 * page of the slim list index (gsi4) and the status counters; a category or trending reads every slim
 * row of the statuses; a search reads whole articles (it matches summaries). The same cases at 50,000
 * articles are in the costs bench (test/bench/costs/admin-list.ts). `npm run bench -- article-admin`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureTable, startDynamoDbLocal } from '../../lib/local/dynamodb.ts';
import { stopChildren } from '../../lib/local/processes.ts';
import { stack } from '../../lib/stack-description.ts';
import { measureListCases, seedListArticles } from './costs/admin-list.ts';
import { CapacityMeter, meterCapacity } from './costs/meters.ts';
import { words } from './ingest.ts';

const ARTICLES = 5_000;
/** CNH_PORT_BASE moves the port, so two benches can run at once. */
const PORT = Number(process.env.CNH_PORT_BASE ?? 5600) + 90;
const RUNS = 7;

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

    // Articles shaped like the ingest's: a 60-word summary and about 2 kB of content each.
    const started = performance.now();
    await seedListArticles(ARTICLES, { content: (n) => `<p>${words(n + 200_000, 300)}</p>` });
    console.log(`article-admin bench: ${ARTICLES} articles written in ${((performance.now() - started) / 1000).toFixed(1)} s (DynamoDB Local, this machine)`);

    const { documentClient } = await import('#store/table/client.ts');
    const meter = new CapacityMeter();
    meterCapacity(documentClient as unknown as DynamoDBClient, meter);
    const cases: Parameters<typeof measureListCases>[1] = [
      ['list as it opens (all listed statuses, latest, 25)', { sort: 'latest', page: 1, pageSize: 25 }],
      ['last page of the list (read from the other end)', { sort: 'latest', page: 196, pageSize: 25 }],
      ['status published, page 3 of 100', { status: 'published', sort: 'latest', page: 3, pageSize: 100 }],
      ['category platform-updates, trending', { category: 'platform-updates', sort: 'trending', page: 1, pageSize: 25 }],
      ['search "creator brand" (reads summaries too)', { search: 'creator brand', sort: 'latest', page: 1, pageSize: 25 }],
      ['trending, 500 per page', { sort: 'trending', page: 1, pageSize: 500 }],
    ];
    for (const listCase of cases) {
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(...(await measureListCases(meter, [listCase])));
      const times = runs.map((measured) => measured.ms);
      const last = runs.at(-1)!;
      console.log(`  ${listCase[0].padEnd(52)} median ${median(times).toFixed(0).padStart(5)} ms  max ${Math.max(...times).toFixed(0).padStart(5)} ms  ${last.readUnits.toFixed(1).padStart(7)} RRU  (total ${last.total})`);
    }
    client.destroy();
  } finally {
    await stopChildren();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('article-admin.ts')) await runArticleAdminBench();
