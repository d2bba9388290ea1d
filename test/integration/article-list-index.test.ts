import { DeleteTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureTable } from '../../lib/local/dynamodb.ts';
import { stack } from '../../lib/stack-description.ts';
import { CapacityMeter, meterCapacity } from '../bench/costs/meters.ts';
import { testArticle } from '../support/articles.ts';
import { useFreshTable } from '../support/aws.ts';

/**
 * The console's article list over the slim list index (gsi4): the same rows, order and totals as a
 * reading of every article would give, for a fraction of the read units; and the migration that gives
 * articles written before the index its keys.
 */

type Store = {
  articles: typeof import('#store/articles.ts');
  admin: typeof import('#store/read-models/admin-article-list.ts');
  edits: typeof import('#store/article-edits.ts');
  client: typeof import('#store/table/client.ts');
};
let s: Store;
const meter = new CapacityMeter();

type Seeded = { id: string; status: string; category: string; createdAt: string; viewsCount: number; isDuplicate: boolean };
const seeded: Seeded[] = [];
const STATUSES = ['published', 'published', 'draft', 'rejected', 'archived', 'purged'] as const;
const CATEGORIES = ['creator-economy', 'brand-partnerships', 'general'] as const;
/** About the size of an ingested article's text, so reading whole articles shows in the read units. */
const CONTENT = 'Creator economy news paragraph. '.repeat(70);

beforeAll(async () => {
  await useFreshTable();
  s = { articles: await import('#store/articles.ts'), admin: await import('#store/read-models/admin-article-list.ts'), edits: await import('#store/article-edits.ts'), client: await import('#store/table/client.ts') };
  meterCapacity(s.client.documentClient as unknown as DynamoDBClient, meter);
  // 150 articles: five statuses (purged left out of the unfiltered list), three categories, every tenth a duplicate.
  for (let n = 0; n < 150; n += 1) {
    const article = testArticle({
      status: STATUSES[n % STATUSES.length] as (typeof STATUSES)[number],
      category: CATEGORIES[n % CATEGORIES.length] as (typeof CATEGORIES)[number],
      content: CONTENT,
      viewsCount: (n * 37) % 101,
      isDuplicate: n % 10 === 9,
    });
    const result = await s.articles.createArticle(article);
    if (!result.created) throw new Error('not created');
    seeded.push({ id: article.id, status: article.status, category: article.category as string, createdAt: '', viewsCount: article.viewsCount ?? 0, isDuplicate: Boolean(article.isDuplicate) });
  }
  // createdAt as stored (the list orders by it).
  for (const row of seeded) row.createdAt = (await s.articles.getArticle(row.id))!.createdAt;
});

const newestFirst = (a: Seeded, b: Seeded) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1);
const LISTED = ['draft', 'published', 'archived', 'rejected'];

/** The rows a reading of every article gives: not duplicates, in the statuses and category, in the order. */
function expected(query: { status?: string; category?: string; sort: 'latest' | 'oldest' | 'trending' }): string[] {
  const rows = seeded.filter((row) => !row.isDuplicate && (query.status ? row.status === query.status : LISTED.includes(row.status)) && (!query.category || row.category === query.category));
  rows.sort(query.sort === 'latest' ? newestFirst : query.sort === 'oldest' ? (a, b) => -newestFirst(a, b) : (a, b) => b.viewsCount - a.viewsCount || newestFirst(a, b));
  return rows.map((row) => row.id);
}

async function readUnitsOf<T>(read: () => Promise<T>): Promise<{ result: T; readUnits: number }> {
  meter.reset();
  const result = await read();
  return { result, readUnits: meter.totals().readUnits };
}

describe('the console list over the list index', () => {
  it('opens on one page of rows and the status counters, not on every article', async () => {
    const all = expected({ sort: 'latest' });
    const { result, readUnits } = await readUnitsOf(() => s.admin.listAdminArticles({ sort: 'latest', page: 1, pageSize: 25 }));
    expect(result.items.map((row) => row.id)).toEqual(all.slice(0, 25));
    expect(result).toMatchObject({ total: all.length, pages: Math.ceil(all.length / 25) });
    const counted = (status: string) => seeded.filter((row) => row.status === status && !row.isDuplicate).length;
    expect(result.counts).toEqual(Object.fromEntries(['published', 'draft', 'archived', 'rejected', 'purged'].map((status) => [status, counted(status)])));
    // 4 status Queries of 25 slim rows (~9 kB, 1.5 each) and one counters Query (0.5-1); reading the
    // whole articles, as before the list index, took 100 x 2.6 kB: ~35.
    expect(readUnits).toBeLessThanOrEqual(8);
  });

  it('pages from either end, in both creation orders, per status, with the exact total', async () => {
    for (const sort of ['latest', 'oldest'] as const) {
      for (const status of [undefined, 'published', 'purged'] as const) {
        const all = expected({ sort, ...(status ? { status } : {}) });
        const pages = Math.ceil(all.length / 10);
        for (const page of [1, 2, pages - 1, pages, pages + 1]) {
          const result = await s.admin.listAdminArticles({ sort, page, pageSize: 10, ...(status ? { status } : {}) });
          expect(result.items.map((row) => row.id), `${sort} ${status ?? 'listed'} page ${page}`).toEqual(all.slice((page - 1) * 10, page * 10));
          expect(result.total).toBe(all.length);
        }
      }
    }
    // The last page of the list costs what the first does: it is read from the other end.
    const lastPage = Math.ceil(expected({ sort: 'latest' }).length / 25);
    expect((await readUnitsOf(() => s.admin.listAdminArticles({ sort: 'latest', page: lastPage, pageSize: 25 }))).readUnits).toBeLessThanOrEqual(8);
  });

  it('filters by category and orders by views from the slim rows, duplicates left out', async () => {
    for (const query of [
      { category: 'brand-partnerships', sort: 'latest' as const },
      { category: 'general', status: 'draft', sort: 'oldest' as const },
      { sort: 'trending' as const },
      { status: 'published', sort: 'trending' as const },
    ]) {
      const all = expected(query);
      const result = await s.admin.listAdminArticles({ ...query, page: 1, pageSize: 25 } as Parameters<typeof s.admin.listAdminArticles>[0]);
      expect(result.items.map((row) => row.id), JSON.stringify(query)).toEqual(all.slice(0, 25));
      expect(result.total).toBe(all.length);
    }
  });

  it('keeps the list right as articles change status, and never lists a duplicate', async () => {
    const moved = seeded.find((row) => row.status === 'draft' && !row.isDuplicate)!;
    const article = (await s.articles.getArticle(moved.id))!;
    expect(await s.articles.changeArticleStatus(article, { status: 'archived' })).toBe(true);
    moved.status = 'archived';
    const duplicate = seeded.find((row) => row.isDuplicate && row.status === 'rejected')!;
    expect(await s.articles.changeArticleStatus((await s.articles.getArticle(duplicate.id))!, { status: 'published' })).toBe(true);
    duplicate.status = 'published';
    for (const status of ['draft', 'archived', 'published', 'rejected']) {
      const result = await s.admin.listAdminArticles({ status: status as 'draft', sort: 'latest', page: 1, pageSize: 500 });
      expect(result.items.map((row) => row.id)).toEqual(expected({ status, sort: 'latest' }));
    }
  });
});

describe('an existing table without the list index', () => {
  it('gets the index, with its slim projection, when the runtime starts on it', async () => {
    const name = `test-${randomUUID().slice(0, 8)}`;
    const client = new DynamoDBClient({});
    const before = { ...stack, table: { ...stack.table, indexes: stack.table.indexes.filter((index) => index.name !== 'gsi4') } };
    await ensureTable(client, name, before);
    try {
      // An article as written before the index: no gsi4 keys.
      const old = testArticle({ status: 'draft' });
      const { Item } = s.articles.Article.create({ ...old, statusAt: new Date().toISOString() }).params() as { Item: Record<string, unknown> };
      const { gsi4pk: _pk, gsi4sk: _sk, ...written } = Item;
      const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
      await s.client.documentClient.send(new PutCommand({ TableName: name, Item: written }));

      expect(await ensureTable(client, name, stack)).toBe(false);
      const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
      const listIndex = Table?.GlobalSecondaryIndexes?.find((index) => index.IndexName === 'gsi4');
      expect(listIndex?.Projection).toEqual({ ProjectionType: 'INCLUDE', NonKeyAttributes: [...(stack.table.indexes.find((index) => index.name === 'gsi4')?.projection ?? [])] });

      // DynamoDB fills a new index from the items that have its keys: the article written before has none.
      expect(listIndex?.IndexStatus).toBe('ACTIVE');
    } finally {
      await client.send(new DeleteTableCommand({ TableName: name }));
      client.destroy();
    }
  });

  it('backfills the keys of articles written without them, leaving duplicates out, and is safe to run again', async () => {
    const [old, oldDuplicate] = [testArticle({ status: 'rejected', content: CONTENT }), testArticle({ status: 'rejected', isDuplicate: true })];
    for (const article of [old, oldDuplicate]) {
      const result = await s.articles.createArticle(article);
      if (!result.created) throw new Error('not created');
      // Written as before the index existed: without its keys.
      await s.client.documentClient.send(new UpdateCommand({ TableName: s.client.tableName, Key: { pk: `$cnh#id_${article.id}`, sk: '$article_1' }, UpdateExpression: 'REMOVE gsi4pk, gsi4sk' }));
    }
    const listed = async () => (await s.admin.listAdminArticles({ status: 'rejected', sort: 'latest', page: 1, pageSize: 500 })).items.map((row) => row.id);
    expect(await listed()).not.toContain(old.id);

    expect(await s.edits.backfillListIndex()).toBe(1);
    expect(await listed()).toContain(old.id);
    expect(await listed()).not.toContain(oldDuplicate.id);
    expect(await s.edits.backfillListIndex()).toBe(0);
  });
});
