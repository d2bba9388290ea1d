/**
 * The search use case: this instance's public article index in two tiers (domain/reader/search-tiers.ts).
 * The recent tier (search/article-index.ts) is started from its snapshot (search/snapshots.ts) or the
 * table and kept up to date from the article change notes (store/articles.ts); the archive is one shard
 * per older publication month, read from its own snapshot when a query first needs it and kept in a
 * bounded cache (search/shard-cache.ts). The pipeline's snapshot step saves the recent tier and only the
 * shards whose articles changed. What every entry point that lists or searches public articles calls.
 */
import { ArticleSearchIndex, type ArticleQuery } from '../search/article-index.ts';
import { ShardCache } from '../search/shard-cache.ts';
import { pageAcrossTiers, type Tier, type TieredQueryResult } from '../search/tiered-query.ts';
import { readArchiveShard, readSearchSnapshot, writeArchiveShard, writeSearchSnapshot } from '../search/snapshots.ts';
import { isPublicArticle, publishedAtOf, toPublicArticle, type ArticleFields, type PublicArticle } from '#domain/reader/public-articles.ts';
import {
  archiveMonthsToRead,
  isArchivedMonth,
  loadedShardBytes,
  monthOf,
  recentTierStart,
  type ArchiveManifest,
  type PublicationMonth,
} from '#domain/reader/search-tiers.ts';
import { config } from '#core/config.ts';
import { logger } from '#core/logger.ts';
import { allPublishedArticles, articlesChangedSince, getArticles } from '#store/article-lists.ts';
import { CHANGE_NOTE_DAYS } from '#store/articles.ts';

/** Notes can land slightly out of order (clocks, commit latency): each look starts this much earlier. */
const CHANGE_NOTE_OVERLAP_MS = 5_000;

const monthOfArticle = (article: ArticleFields) => monthOf(Date.parse(publishedAtOf(article)));

interface Tiers {
  recent: ArticleSearchIndex;
  /** The recent tier's first month: older articles are in the archive. */
  recentFrom: PublicationMonth;
  /** The archive's shards as the snapshot named them, plus months first seen in changes since. */
  shardSizes: Map<PublicationMonth, { articles: number; bytes: number }>;
  /** Shards built here from the table, with no snapshot to read them back from: held until saved. */
  pinned: Map<PublicationMonth, ArticleSearchIndex>;
  cache: ShardCache<ArticleSearchIndex>;
  /** Archived articles changed since the snapshot, applied to their shard whenever it is read. */
  archivedChanges: Map<string, { month: PublicationMonth; article: ArticleFields }>;
  /** Articles no longer in the table (their month unknown), removed from every shard read. */
  deletedIds: Set<string>;
  /** Deleted articles the recent tier held (so no shard needs searching for them). */
  deletedFromRecent: Set<string>;
  /** Archived months changed since the last save: the snapshot step rewrites these shards. */
  dirtyMonths: Set<PublicationMonth>;
  /** How far the change notes were read, and when last looked at. */
  readUpTo: number;
  lookedAt: number;
}

let loaded: Tiers | null = null;
let inFlight: Promise<Tiers> | null = null;
const shardsLoading = new Map<PublicationMonth, Promise<ArticleSearchIndex>>();

const newShardCache = () => new ShardCache<ArticleSearchIndex>(config.SEARCH_ARCHIVE_CACHE_MB * 1024 * 1024);

/** A snapshot older than the change notes reach cannot be brought up to date: the table is read instead. */
const snapshotUsable = (takenAt: number, now: number) => now - takenAt < (CHANGE_NOTE_DAYS * 24 - 1) * 3_600_000;

/** The recent tier from the latest snapshot, or null when there is none, it is too old, or it cannot be read. */
async function loadFromSnapshot(): Promise<{ index: ArticleSearchIndex; takenAt: number; archive: ArchiveManifest | null; bytes: number } | null> {
  try {
    const bytes = await readSearchSnapshot();
    if (!bytes) return null;
    const { index, takenAt, table, archive } = ArticleSearchIndex.fromSnapshot(bytes);
    if (table !== config.TABLE_NAME) {
      logger.warn('search snapshot is of another table: reading the table', { table });
      return null;
    }
    if (!snapshotUsable(takenAt, Date.now())) {
      logger.warn('search snapshot too old to bring up to date: reading the table', { takenAt: new Date(takenAt).toISOString() });
      return null;
    }
    return { index, takenAt, archive, bytes: bytes.length };
  } catch (error) {
    // A missing or broken snapshot costs start-up time, never the list: the table is always there.
    logger.warn('search snapshot unreadable: reading the table', { error: error instanceof Error ? error.message : String(error) });
    return null;
  }
}

function emptyTiers(recent: ArticleSearchIndex, recentFrom: PublicationMonth, readUpTo: number): Tiers {
  return {
    recent,
    recentFrom,
    shardSizes: new Map(),
    pinned: new Map(),
    cache: newShardCache(),
    archivedChanges: new Map(),
    deletedIds: new Set(),
    deletedFromRecent: new Set(),
    dirtyMonths: new Set(),
    readUpTo,
    lookedAt: 0,
  };
}

/**
 * First use in this instance: the recent tier's snapshot plus the changes since it, else every published
 * article from the table (the archive's months then held here until the snapshot step saves them).
 */
async function fullLoad(): Promise<Tiers> {
  const startedAt = Date.now();
  const snapshot = await loadFromSnapshot();
  if (snapshot) {
    // A snapshot of before the tiers holds every article: all of it is the recent tier until the next save.
    const state = emptyTiers(snapshot.index, snapshot.archive?.recentFrom ?? '0000-00', snapshot.takenAt);
    for (const { month, articles, bytes } of snapshot.archive?.shards ?? []) state.shardSizes.set(month, { articles, bytes });
    await applyChanges(state);
    loaded = state;
    logger.info('search index loaded from snapshot', { articles: snapshot.index.size, archivedMonths: state.shardSizes.size, bytes: snapshot.bytes, ms: Date.now() - startedAt });
    return state;
  }
  const state = emptyTiers(new ArticleSearchIndex(), recentTierStart(startedAt, config.SEARCH_RECENT_DAYS), startedAt);
  for (const article of await allPublishedArticles()) place(state, article);
  state.lookedAt = startedAt;
  loaded = state;
  logger.info('search index loaded', { articles: state.recent.size, archivedMonths: state.pinned.size, ms: Date.now() - startedAt });
  return state;
}

/** Puts an article (or its removal, when no longer public) in the tier its publication month belongs to. */
function place(state: Tiers, article: ArticleFields): void {
  const month = monthOfArticle(article);
  if (!isArchivedMonth(month, state.recentFrom)) {
    state.recent.put(article);
    return;
  }
  state.recent.remove(article.id);
  state.dirtyMonths.add(month);
  const pinned = state.pinned.get(month);
  if (pinned) {
    // Never read back before it is saved: no change to remember for it.
    pinned.put(article);
    return;
  }
  state.archivedChanges.set(article.id, { month, article });
  const held = state.cache.get(month);
  if (held) held.put(article);
  else if (!state.shardSizes.has(month) && isPublicArticle(article)) {
    // A month the archive has no shard for (built from the table, or an old article published late).
    const shard = new ArticleSearchIndex();
    shard.put(article);
    state.pinned.set(month, shard);
    state.shardSizes.set(month, { articles: 0, bytes: 0 });
    state.archivedChanges.delete(article.id);
  }
}

async function applyChanges(state: Tiers): Promise<Tiers> {
  const startedAt = Date.now();
  const ids = await articlesChangedSince(new Date(state.readUpTo - CHANGE_NOTE_OVERLAP_MS).toISOString());
  const found = await getArticles(ids);
  const foundIds = new Set(found.map((article) => article.id));
  for (const article of found) place(state, article);
  for (const id of ids) {
    if (foundIds.has(id)) continue;
    // Deleted. One the recent tier held is no archive shard's business (its note may be read twice: overlap).
    if (state.recent.has(id)) state.deletedFromRecent.add(id);
    state.recent.remove(id);
    state.archivedChanges.delete(id);
    if (!state.deletedFromRecent.has(id)) state.deletedIds.add(id);
    for (const shard of [...state.pinned.values(), ...state.cache.values()]) shard.remove(id);
  }
  state.readUpTo = startedAt;
  state.lookedAt = startedAt;
  return state;
}

/** The tiers, brought up to date first when they last looked more than `maxAgeSeconds` ago. */
async function currentTiers(maxAgeSeconds = config.SEARCH_SYNC_SECONDS): Promise<Tiers> {
  const state = loaded;
  const now = Date.now();
  if (state && now - state.lookedAt < maxAgeSeconds * 1000) return state;
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

/**
 * The recent tier, brought up to date first when it last looked more than SEARCH_SYNC_SECONDS ago: what
 * the widgets, feeds, categories and recommendations read (they are about what is new).
 */
export async function publicArticleIndex(maxAgeSeconds = config.SEARCH_SYNC_SECONDS): Promise<ArticleSearchIndex> {
  return (await currentTiers(maxAgeSeconds)).recent;
}

/**
 * How many public articles there are, in every tier: the recent tier's own count and each archived month's
 * from the snapshot's manifest (or the shard, when it was built here), so no shard is read for it.
 */
export async function publicArticleCount(): Promise<number> {
  const state = await currentTiers();
  let count = state.recent.size;
  for (const [month, { articles }] of state.shardSizes) count += state.pinned.get(month)?.size ?? articles;
  return count;
}

/** One archived month's shard: held, or read from its snapshot with the changes since applied. */
function archiveShard(state: Tiers, month: PublicationMonth): Promise<ArticleSearchIndex> {
  const held = state.pinned.get(month) ?? state.cache.get(month);
  if (held) return Promise.resolve(held);
  let loading = shardsLoading.get(month);
  if (!loading) {
    loading = (async () => {
      const startedAt = Date.now();
      const bytes = await readArchiveShard(month);
      const shard = bytes ? ArticleSearchIndex.fromSnapshot(bytes).index : new ArticleSearchIndex();
      for (const change of state.archivedChanges.values()) if (change.month === month) shard.put(change.article);
      for (const id of state.deletedIds) {
        if (!shard.has(id)) continue;
        shard.remove(id);
        state.dirtyMonths.add(month);
      }
      state.cache.set(month, shard, loadedShardBytes(bytes?.length ?? 0));
      logger.info('search archive shard loaded', { month, articles: shard.size, bytes: bytes?.length ?? 0, ms: Date.now() - startedAt, heldShards: state.cache.size });
      return shard;
    })().finally(() => shardsLoading.delete(month));
    shardsLoading.set(month, loading);
  }
  return loading;
}

/**
 * A page of the public list or search across tiers (search/tiered-query.ts): the recent tier first, then
 * the archive's months newest first (Oldest: the archive oldest first, then the recent tier), so Latest and
 * Oldest run exactly as over one index and other orders rank within each tier. A month is read only when
 * the page reaches it, and months before a `withinDays` window never.
 */
export async function queryPublicArticles(query: ArticleQuery): Promise<TieredQueryResult> {
  const state = await currentTiers();
  const oldestFirst = query.sort === 'oldest';
  const sinceMs = query.withinDays ? Date.now() - query.withinDays * 86_400_000 : undefined;
  const months = archiveMonthsToRead([...state.shardSizes.keys()], { oldestFirst, sinceMs });
  const tiers: Tier[] = months.map((month) => () => archiveShard(state, month));
  const recentTier: Tier = () => Promise.resolve(state.recent);
  if (oldestFirst) tiers.push(recentTier);
  else tiers.unshift(recentTier);
  return pageAcrossTiers(tiers, query);
}

/**
 * The cards of these ids that are public, in the order given (bookmarks, recommendations): from the
 * recent tier and the shards held, the rest read from the table (a bookmark may be years old).
 */
export async function publicArticleCards(ids: readonly string[]): Promise<PublicArticle[]> {
  const state = await currentTiers();
  const held = [state.recent, ...state.pinned.values(), ...state.cache.values()];
  const cards = new Map<string, PublicArticle>();
  for (const index of held) for (const card of index.cards(ids)) cards.set(card.id, card);
  const missing = ids.filter((id) => !cards.has(id));
  for (const article of await getArticles(missing)) if (isPublicArticle(article)) cards.set(article.id, toPublicArticle(article));
  return ids.flatMap((id) => {
    const card = cards.get(id);
    return card ? [card] : [];
  });
}

export interface SavedSnapshot {
  /** Public articles in the recent tier and the archive. */
  articles: number;
  /** The recent tier's snapshot. */
  bytes: number;
  /** The change notes it has read up to: an instance loading it reads the notes from there. */
  takenAt: string;
  recentFrom: PublicationMonth;
  archivedArticles: number;
  /** Shards rewritten this time (only the months whose articles changed), and their bytes. */
  shardsWritten: PublicationMonth[];
  shardBytesWritten: number;
}

/** Moves the months between the recent tier's old and new start to where they now belong (read back from the table: the index keeps no article text). */
async function moveTierBoundary(state: Tiers, recentFrom: PublicationMonth): Promise<void> {
  if (recentFrom === state.recentFrom) return;
  const previous = state.recentFrom;
  const leaving = recentFrom > previous ? state.recent.all().filter((article) => monthOf(article.publishedAtMs) < recentFrom).map((article) => article.id) : [];
  const joiningMonths = recentFrom < previous ? [...state.shardSizes.keys()].filter((month) => month >= recentFrom) : [];
  const joining: string[] = [];
  for (const month of joiningMonths) {
    joining.push(...(await archiveShard(state, month)).all().map((article) => article.id));
    state.shardSizes.delete(month);
    state.pinned.delete(month);
    state.cache.delete(month);
    state.dirtyMonths.delete(month);
  }
  state.recentFrom = recentFrom;
  // Out of the recent tier first: one deleted meanwhile is not read back, and must not stay behind.
  for (const id of leaving) state.recent.remove(id);
  for (let at = 0; at < leaving.length + joining.length; at += 1_000) {
    for (const article of await getArticles([...leaving, ...joining].slice(at, at + 1_000))) place(state, article);
  }
}

/**
 * Saves the tiers, brought up to date first, for instances to start from (the pipeline's step after each
 * ingest and lifecycle run): the shards of the archived months that changed, then the recent tier with the
 * archive's manifest (last, so it never names a shard not yet written).
 */
export async function saveSearchSnapshot(): Promise<SavedSnapshot> {
  const state = await currentTiers(0);
  const takenAt = state.readUpTo;
  await moveTierBoundary(state, recentTierStart(Date.now(), config.SEARCH_RECENT_DAYS));
  // A deleted article's month is unknown: every shard is read once to find it (deletions are rare).
  if (state.deletedIds.size > 0) for (const month of [...state.shardSizes.keys()]) await archiveShard(state, month);
  const shardsWritten: PublicationMonth[] = [];
  let shardBytesWritten = 0;
  for (const month of [...state.dirtyMonths].sort()) {
    if (!state.shardSizes.has(month)) continue;
    const shard = await archiveShard(state, month);
    const bytes = shard.toSnapshot(takenAt);
    await writeArchiveShard(month, bytes);
    state.shardSizes.set(month, { articles: shard.size, bytes: bytes.length });
    // Saved: from now on read back like any other shard, and dropped first when memory is short.
    state.pinned.delete(month);
    state.cache.set(month, shard, loadedShardBytes(bytes.length));
    shardsWritten.push(month);
    shardBytesWritten += bytes.length;
  }
  state.dirtyMonths.clear();
  state.archivedChanges.clear();
  state.deletedIds.clear();
  const shards = [...state.shardSizes].filter(([, size]) => size.articles > 0).map(([month, size]) => ({ month, ...size }));
  const bytes = state.recent.toSnapshot(takenAt, { recentFrom: state.recentFrom, shards });
  await writeSearchSnapshot(bytes);
  const archivedArticles = shards.reduce((sum, shard) => sum + shard.articles, 0);
  return {
    articles: state.recent.size + archivedArticles,
    bytes: bytes.length,
    takenAt: new Date(takenAt).toISOString(),
    recentFrom: state.recentFrom,
    archivedArticles,
    shardsWritten,
    shardBytesWritten,
  };
}
