import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { ApiAnswer } from '#http/answers.ts';
import { GetExecutionHistoryCommand, SFNClient } from '@aws-sdk/client-sfn';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LOCAL_SNAPSHOT_BUCKET } from '../../lib/local/settings.ts';
import { SEARCH_SNAPSHOT_KEY, searchArchiveKey } from '../../lib/stack-description.ts';
import { api, useLocalAws } from '../support/aws.ts';
import { testArticle } from '../support/articles.ts';
import { runStateMachine } from '../support/pipeline.ts';

/**
 * The search index snapshot in the running local runtime: the ingest and lifecycle state
 * machines end by writing it to the S3 stand-in through the real SDK; a new instance starts from it and
 * reads only the change notes written since; a broken or foreign snapshot costs only start-up time.
 */
type SearchModule = typeof import('../../lambdas/services/article-search.ts') & typeof import('../../lambdas/search/article-index.ts');
let sfn: SFNClient;
let s3: S3Client;

beforeAll(() => {
  useLocalAws();
  sfn = new SFNClient({});
  s3 = new S3Client({});
});

async function storedSnapshot(): Promise<{ bytes: Uint8Array; modified: Date | undefined }> {
  const object = await s3.send(new GetObjectCommand({ Bucket: LOCAL_SNAPSHOT_BUCKET, Key: SEARCH_SNAPSHOT_KEY }));
  return { bytes: await (object.Body as { transformToByteArray: () => Promise<Uint8Array> }).transformToByteArray(), modified: object.LastModified };
}

/** The search service and its index as a new Lambda instance loads them: nothing in memory yet. */
async function freshInstance(): Promise<SearchModule> {
  vi.resetModules();
  return { ...(await import('../../lambdas/services/article-search.ts')), ...(await import('../../lambdas/search/article-index.ts')) };
}

/** Every public article's id and date, as the API lists them (no search text: the title exclusions apply to both sides). */
async function publicCards(): Promise<Array<{ id: string; publishedAt: string }>> {
  const cards: Array<{ id: string; publishedAt: string }> = [];
  for (let page = 1; ; page += 1) {
    const { items, total, totalIsLowerBound } = (await api('GET', `/articles?limit=100&page=${page}&sort=latest`)).body as ApiAnswer<'GET /articles'>;
    cards.push(...items.map(({ id, publishedAt }) => ({ id, publishedAt })));
    if ((cards.length >= total && !totalIsLowerBound) || items.length === 0) return cards;
  }
}

describe('the search index snapshot', () => {
  it('is written by the ingest and by the lifecycle, and holds what the API lists', async () => {
    for (const [machine, input] of [['ingest', { trigger: 'test', mode: 'classify-only' }], ['lifecycle', { trigger: 'test' }]] as const) {
      const before = Date.now();
      const execution = await runStateMachine(machine, input, 60_000);
      expect(execution.status, machine).toBe('SUCCEEDED');
      const output = execution.result;
      const { events = [] } = await sfn.send(new GetExecutionHistoryCommand({ executionArn: execution.executionArn }));
      expect(events.some((event) => event.stateEnteredEventDetails?.name === 'SaveSearchSnapshot'), machine).toBe(true);
      const { bytes, modified } = await storedSnapshot();
      expect(modified?.getTime() ?? 0, machine).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
      const { ArticleSearchIndex } = await freshInstance();
      const { index, table, archive } = ArticleSearchIndex.fromSnapshot(bytes);
      expect(table).toBe('creator-news-hub');
      expect(index.size).toBeGreaterThan(0);
      // The recent tier holds the months from its start on; older ones are the archive's shards.
      const listed = (await publicCards()).filter((card) => card.publishedAt.slice(0, 7) >= (archive?.recentFrom ?? '')).map((card) => card.id);
      expect(index.query({ sort: 'latest', limit: 1_000 }).items.map((item) => item.id)).toEqual(listed);
      if (machine === 'lifecycle') expect(JSON.stringify(output)).not.toContain('searchSnapshotError');
    }
  });

  it('starts a new instance from the snapshot plus the changes written since', async () => {
    const search = await freshInstance();
    const { ArticleSearchIndex, saveSearchSnapshot } = search;
    await saveSearchSnapshot();
    // A marker only the snapshot holds: found after the load only if the load used the snapshot.
    const { index, takenAt } = ArticleSearchIndex.fromSnapshot((await storedSnapshot()).bytes);
    const marker = testArticle({ title: 'Snapshotonly marker story about quokkapayouts' });
    index.put({ ...marker, category: 'creator-economy' });
    await s3.send(new PutObjectCommand({ Bucket: LOCAL_SNAPSHOT_BUCKET, Key: SEARCH_SNAPSHOT_KEY, Body: index.toSnapshot(takenAt) }));
    // Published after the snapshot: reaches the new instance through the change notes.
    const { createArticle } = await import('#store/articles.ts');
    const later = testArticle({ title: 'Published after the snapshot about wombatbudgets' });
    await createArticle(later);

    const instance = await freshInstance();
    expect((await instance.queryPublicArticles({ q: 'quokkapayouts' })).items.map((item) => item.id)).toEqual([marker.id]);
    expect((await instance.queryPublicArticles({ q: 'wombatbudgets' })).items.map((item) => item.id)).toEqual([later.id]);
    // A misspelt word still finds it (the typo rules work on a loaded index).
    expect((await instance.queryPublicArticles({ q: 'wombatbugdets' })).items.map((item) => item.id)).toEqual([later.id]);
  });

  it('finds an old article through the archive: its month is a shard of its own, read when a query needs it', async () => {
    const { createArticle, setFeatured } = await import('#store/articles.ts');
    // Years old: far before the recent tier, so it can only be in the archive.
    const old = testArticle({ title: 'An archived story about numbatroyalties', originalPublishedAt: '2024-03-14T09:00:00.000Z' });
    await createArticle(old);
    const writer = await freshInstance();
    const saved = await writer.saveSearchSnapshot();
    expect(saved.shardsWritten).toContain('2024-03');
    const shard = await s3.send(new GetObjectCommand({ Bucket: LOCAL_SNAPSHOT_BUCKET, Key: searchArchiveKey('2024-03') }));
    const shardIndex = writer.ArticleSearchIndex.fromSnapshot(await (shard.Body as { transformToByteArray: () => Promise<Uint8Array> }).transformToByteArray()).index;
    expect(shardIndex.has(old.id)).toBe(true);
    const { index: recent, archive } = writer.ArticleSearchIndex.fromSnapshot((await storedSnapshot()).bytes);
    expect(recent.has(old.id)).toBe(false);
    expect(archive?.shards.map((entry) => entry.month)).toContain('2024-03');

    // A new instance holds only the recent tier until a query reaches into the archive.
    const reader = await freshInstance();
    expect((await reader.publicArticleIndex()).has(old.id)).toBe(false);
    // The site's article count (the home page's header) is every tier's, read from the manifest, not the recent tier's.
    expect(await reader.publicArticleCount()).toBeGreaterThanOrEqual((await reader.publicArticleIndex()).size + 1);
    const found = await reader.queryPublicArticles({ q: 'numbatroyalties' });
    expect(found.items.map((item) => item.id)).toEqual([old.id]);
    expect(found).toMatchObject({ total: 1, totalIsLowerBound: false });
    // A bookmark of it still shows its card.
    expect((await reader.publicArticleCards([old.id])).map((card) => card.id)).toEqual([old.id]);

    // A change to it after the snapshot reaches the shard that is read later; the next save rewrites that shard only.
    await setFeatured(old.id, true, 'editor');
    const later = await freshInstance();
    expect((await later.queryPublicArticles({ q: 'numbatroyalties', featuredOnly: true })).items.map((item) => item.id)).toEqual([old.id]);
    const again = await later.saveSearchSnapshot();
    expect(again.shardsWritten).toEqual(['2024-03']);

    // And the API's search finds it the same way (once its instance has read the change notes: within seconds).
    await vi.waitFor(async () => {
      const listed = await api('GET', '/articles?q=numbatroyalties');
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      expect((listed.body as ApiAnswer<'GET /articles'>).items.map((item) => item.id)).toEqual([old.id]);
    }, { timeout: 15_000, interval: 500 });
  });

  it('reads the table instead when the snapshot is broken or of another table', async () => {
    const { createArticle } = await import('#store/articles.ts');
    const article = testArticle({ title: 'Table only story about platypusfunds' });
    await createArticle(article);
    const search = await freshInstance();
    const { index, takenAt } = search.ArticleSearchIndex.fromSnapshot((await storedSnapshot()).bytes);
    const marker = testArticle({ title: 'Foreign marker about echidnadeals' });
    index.put({ ...marker, category: 'creator-economy' });

    for (const body of [Buffer.from('not a snapshot'), index.toSnapshot(takenAt).subarray(0, 100)]) {
      await s3.send(new PutObjectCommand({ Bucket: LOCAL_SNAPSHOT_BUCKET, Key: SEARCH_SNAPSHOT_KEY, Body: body }));
      const instance = await freshInstance();
      expect((await instance.queryPublicArticles({ q: 'platypusfunds' })).items.map((item) => item.id)).toEqual([article.id]);
    }
    // Taken of another table (as after a restore into a new table): not used.
    process.env.TABLE_NAME = 'another-table';
    const { ArticleSearchIndex: ForeignIndex } = await freshInstance();
    const foreignBytes = ForeignIndex.fromSnapshot(index.toSnapshot(takenAt)).index.toSnapshot(takenAt);
    useLocalAws();
    await s3.send(new PutObjectCommand({ Bucket: LOCAL_SNAPSHOT_BUCKET, Key: SEARCH_SNAPSHOT_KEY, Body: foreignBytes }));
    const instance = await freshInstance();
    expect((await instance.queryPublicArticles({ q: 'echidnadeals' })).total).toBe(0);
    expect((await instance.queryPublicArticles({ q: 'platypusfunds' })).items.map((item) => item.id)).toEqual([article.id]);
    // Leave a good snapshot for whoever starts next.
    await instance.saveSearchSnapshot();
  });
});
