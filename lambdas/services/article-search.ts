/**
 * The search use case: this instance's public article index (search/article-index.ts), started from the
 * latest snapshot (search/snapshots.ts) or the table, kept up to date from the article change notes
 * (store/articles.ts), and saved as a snapshot by the pipeline. What every entry point that lists or
 * searches public articles calls.
 */
import { ArticleSearchIndex, type ArticleQuery, type ArticleQueryResult } from '../search/article-index.ts';
import { readSearchSnapshot, writeSearchSnapshot } from '../search/snapshots.ts';
import { config } from '#shared/core/config.ts';
import { logger } from '#shared/core/logger.ts';
import { allPublishedArticles, articlesChangedSince, CHANGE_NOTE_DAYS, getArticles } from '#store/articles.ts';

/** Notes can land slightly out of order (clocks, commit latency): each look starts this much earlier. */
const CHANGE_NOTE_OVERLAP_MS = 5_000;

/** This instance's index and how far it has read the change notes. */
let loaded: { index: ArticleSearchIndex; readUpTo: number; lookedAt: number } | null = null;
let inFlight: Promise<ArticleSearchIndex> | null = null;

/** A snapshot older than the change notes reach cannot be brought up to date: the table is read instead. */
const snapshotUsable = (takenAt: number, now: number) => now - takenAt < (CHANGE_NOTE_DAYS * 24 - 1) * 3_600_000;

/** The index from the latest snapshot, or null when there is none, it is too old, or it cannot be read. */
async function loadFromSnapshot(): Promise<{ index: ArticleSearchIndex; takenAt: number; bytes: number } | null> {
  try {
    const bytes = await readSearchSnapshot();
    if (!bytes) return null;
    const { index, takenAt, table } = ArticleSearchIndex.fromSnapshot(bytes);
    if (table !== config.TABLE_NAME) {
      logger.warn('search snapshot is of another table: reading the table', { table });
      return null;
    }
    if (!snapshotUsable(takenAt, Date.now())) {
      logger.warn('search snapshot too old to bring up to date: reading the table', { takenAt: new Date(takenAt).toISOString() });
      return null;
    }
    return { index, takenAt, bytes: bytes.length };
  } catch (error) {
    // A missing or broken snapshot costs start-up time, never the list: the table is always there.
    logger.warn('search snapshot unreadable: reading the table', { error: error instanceof Error ? error.message : String(error) });
    return null;
  }
}

/** First use in this instance: the snapshot plus the changes since it, else every published article from the table. */
async function fullLoad(): Promise<ArticleSearchIndex> {
  const startedAt = Date.now();
  const snapshot = await loadFromSnapshot();
  if (snapshot) {
    const state = { index: snapshot.index, readUpTo: snapshot.takenAt, lookedAt: 0 };
    await applyChanges(state);
    loaded = state;
    logger.info('search index loaded from snapshot', { articles: snapshot.index.size, bytes: snapshot.bytes, ms: Date.now() - startedAt });
    return snapshot.index;
  }
  const index = new ArticleSearchIndex();
  for (const article of await allPublishedArticles()) index.put(article);
  loaded = { index, readUpTo: startedAt, lookedAt: startedAt };
  logger.info('search index loaded', { articles: index.size, ms: Date.now() - startedAt });
  return index;
}

async function applyChanges(state: NonNullable<typeof loaded>): Promise<ArticleSearchIndex> {
  const startedAt = Date.now();
  const ids = await articlesChangedSince(new Date(state.readUpTo - CHANGE_NOTE_OVERLAP_MS).toISOString());
  const found = await getArticles(ids);
  const foundIds = new Set(found.map((article) => article.id));
  for (const article of found) state.index.put(article);
  for (const id of ids) if (!foundIds.has(id)) state.index.remove(id);
  state.readUpTo = startedAt;
  state.lookedAt = startedAt;
  return state.index;
}

/**
 * The index, brought up to date first when it last looked more than SEARCH_SYNC_SECONDS ago; loaded in
 * full on first use, and again when the notes it would need may have expired.
 */
export async function publicArticleIndex(maxAgeSeconds = config.SEARCH_SYNC_SECONDS): Promise<ArticleSearchIndex> {
  const state = loaded;
  const now = Date.now();
  if (state && now - state.lookedAt < maxAgeSeconds * 1000) return state.index;
  inFlight ??= (async () => {
    try {
      if (!state || !snapshotUsable(state.readUpTo, now)) return await fullLoad();
      return await applyChanges(state);
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

export async function queryPublicArticles(query: ArticleQuery): Promise<ArticleQueryResult> {
  return (await publicArticleIndex()).query(query);
}

export interface SavedSnapshot {
  articles: number;
  bytes: number;
  /** The change notes it has read up to: an instance loading it reads the notes from there. */
  takenAt: string;
}

/**
 * Takes a snapshot of the index, brought up to date first, and stores it for instances to start from
 * (the pipeline's step after each ingest and lifecycle run).
 */
export async function saveSearchSnapshot(): Promise<SavedSnapshot> {
  const index = await publicArticleIndex(0);
  const takenAt = (loaded as NonNullable<typeof loaded>).readUpTo;
  const bytes = index.toSnapshot(takenAt);
  await writeSearchSnapshot(bytes);
  return { articles: index.size, bytes: bytes.length, takenAt: new Date(takenAt).toISOString() };
}
