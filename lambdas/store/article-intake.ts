import { randomUUID } from 'node:crypto';
import { createWriteTransaction, CustomAttributeType, Entity } from 'electrodb';
import { statusSortTime } from '#domain/content/article-status.ts';
import { NEAR_DUPLICATE_WINDOW_DAYS } from '#domain/content/simhash.ts';
import { Article, ArticleChange, ArticleHash, changeNote, Fingerprint, knownStoryOf, type CreateResult, type NewArticle } from './articles.ts';
import { articleCounterChanges, Counter, COUNTER_SCOPES, counterKey } from './table/counters.ts';
import { expiresInDays } from './table/ids.ts';
import { isConditionalWriteFailure, transactWithRetry } from './table/paging.ts';
import { keep, service, tableConfig } from './table/table.ts';

/**
 * The intake of a feed's new stories, written once each and lean (docs/decisions/lean-ingest-write.md):
 * the dedup records are claimed with conditional Puts (tiny items, no index copies), the article is one
 * plain Put with its final status, and the status counters move once per batch. A ledger written before
 * the batch and deleted in the transaction that moves the counters makes a crash in between harmless:
 * whoever settles a ledger left behind counts the articles it finds and releases the claims of the others.
 */

/** One planned article of a ledger: its id, the dedup records it claims and the counters it counts in. */
export interface IntakeEntry {
  articleId: string;
  urlHash: string;
  titleHash: string;
  counters: string[];
}

export const IntakeLedger = new Entity({
  model: { entity: 'intakeLedger', version: '1', service },
  attributes: {
    feedId: { type: 'string', required: true },
    createdAt: { type: 'string', required: true },
    id: { type: 'string', required: true },
    entries: { type: CustomAttributeType<IntakeEntry[]>('any'), required: true },
  },
  indexes: {
    // One partition: a ledger lives only while its batch is written (rarely longer), so it holds a handful.
    byFeed: {
      pk: { field: 'pk', composite: [], casing: keep },
      sk: { field: 'sk', composite: ['feedId', 'createdAt', 'id'], casing: keep },
    },
  },
}, tableConfig);

/**
 * A ledger this old was left by a write that stopped (a crash, a timeout): longer than any fetch
 * invocation runs (the fetch function's timeout is 5 minutes), so its writer is gone.
 */
export const UNSETTLED_AFTER_MS = 15 * 60_000;

/** Of these dedup hashes, the ones a stored story (live, purged or deleted) already holds: BatchGet, no write. */
export async function knownHashes(kind: 'url' | 'title', values: readonly string[]): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const { data } = await ArticleHash.get([...new Set(values)].map((value) => ({ kind, value }))).go({ concurrency: 4 });
  return new Set(data.map((hash) => hash.value));
}

/**
 * Claims a dedup record for an article; false when another story holds it. A refused claim is read back: when
 * the first attempt took effect but its answer was lost, the SDK's retry meets our own claim, which is ours.
 */
async function claim(kind: 'url' | 'title', value: string, articleId: string): Promise<boolean> {
  try {
    await ArticleHash.create({ kind, value, articleId }).go({ response: 'none' });
    return true;
  } catch (error) {
    if (!isConditionalWriteFailure(error)) throw error;
    const { data: holder } = await ArticleHash.get({ kind, value }).go({ consistent: true, attributes: ['articleId'] });
    return holder?.articleId === articleId;
  }
}

/** Gives a claim back, only if this article still holds it. */
async function release(kind: 'url' | 'title', value: string, articleId: string): Promise<void> {
  try {
    await ArticleHash.delete({ kind, value }).where((attr, { eq }) => eq(attr.articleId, articleId)).go({ response: 'none' });
  } catch (error) {
    if (!isConditionalWriteFailure(error)) throw error;
  }
}

/** Counter names summed over the counted articles: one ADD per name, whatever the batch's size. */
function summed(entries: readonly IntakeEntry[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const entry of entries) for (const name of entry.counters) totals.set(name, (totals.get(name) ?? 0) + 1);
  return totals;
}

type Ledger = { feedId: string; createdAt: string; id: string };

/**
 * Moves the counters of the stored articles and deletes the ledger, in one transaction conditional on the
 * ledger: the writer and a later settler can never both count it.
 */
async function settle(ledger: Ledger, counted: readonly IntakeEntry[]): Promise<boolean> {
  const totals = [...summed(counted)];
  const result = await transactWithRetry(() => createWriteTransaction({ intakeLedger: IntakeLedger, counter: Counter }, ({ intakeLedger, counter }) => [
      intakeLedger.delete(ledger).where((attr, { exists }) => exists(attr.id)).commit(),
      ...totals.map(([name, by]) => counter.update(counterKey({ scope: COUNTER_SCOPES.articles, name, by })).add({ value: by }).commit()),
    ])
    .go(), `Settling the intake ledger ${ledger.id}`);
  return !result.canceled;
}

/** What storing a batch did, item by item (in the batch's order). */
export type IntakeResult = CreateResult;

/**
 * Stores a feed's new stories, each written once: claims its URL and title hashes (a story another feed
 * claimed meanwhile is a duplicate and costs only the claim), then the articles with their final status, their
 * fingerprints and the change notes the public list needs, in batches (an article's id is new, so its Put needs
 * no condition). The counters move once for the batch. `concurrency`: claims in flight at once.
 */
export async function storeNewArticles(feedId: string, batch: readonly NewArticle[], options: { at?: string; concurrency?: <T>(write: () => Promise<T>) => Promise<T> } = {}): Promise<IntakeResult[]> {
  if (batch.length === 0) return [];
  const changedAt = options.at ?? new Date().toISOString();
  const items = batch.map((input) => ({ ...input, statusAt: statusSortTime(input.status, { ...input, changedAt }) }));
  const entries: IntakeEntry[] = items.map((item) => ({
    articleId: item.id,
    urlHash: item.urlHash,
    titleHash: item.titleHash,
    counters: articleCounterChanges(undefined, item).map((change) => change.name),
  }));
  const ledger = { feedId, createdAt: new Date().toISOString(), id: randomUUID() };
  // A Put, not a create: the id is new, and a retry of a Put whose answer was lost must not fail the batch.
  await IntakeLedger.put({ ...ledger, entries }).go({ response: 'none' });

  const claimBoth = async (item: (typeof items)[number]): Promise<boolean> => {
    // The URL first, then the title, one after the other: two feeds racing on one story meet on the same first
    // claim, so one of them wins both (claimed at once, each could win one and both would drop the story).
    if (!(await claim('url', item.urlHash, item.id))) return false;
    if (await claim('title', item.titleHash, item.id)) return true;
    await release('url', item.urlHash, item.id);
    return false;
  };
  const claims = await Promise.allSettled(items.map((item) => (options.concurrency ? options.concurrency(() => claimBoth(item)) : claimBoth(item))));
  const won = items.filter((_, index) => {
    const outcome = claims[index];
    return outcome?.status === 'fulfilled' && outcome.value;
  });
  let failure = claims.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected')?.reason as unknown;
  try {
    await writeStories(won, changedAt);
  } catch (error) {
    failure ??= error;
  }
  if (failure !== undefined) {
    // Which stories were stored is read back, as a later settler would: they count, and the others give their
    // claims back so the feed's next poll stores them (if this fails too, the ledger left behind does it later).
    await settleLedger({ ...ledger, entries });
    throw failure;
  }
  const stored = new Set(won.map((item) => item.id));
  await settle(ledger, entries.filter((entry) => stored.has(entry.articleId)));
  return items.map((item): IntakeResult => {
    if (!stored.has(item.id)) return { created: false, reason: 'duplicate' };
    // The stored item, defaults applied, without reading it back: ElectroDB formats the put and parses it.
    const { Item } = Article.create(item).params() as { Item: Record<string, unknown> };
    const { data } = Article.parse({ Item });
    if (!data) throw new Error(`Article ${item.id} could not be formatted`);
    return { created: true, article: data };
  });
}

/** Writes claimed stories: articles, fingerprints and change notes in BatchWrites of 25, then the "also covered by" lists. */
async function writeStories(stories: ReadonlyArray<NewArticle & { statusAt: string }>, changedAt: string): Promise<void> {
  if (stories.length === 0) return;
  const fingerprints = stories.filter((story) => story.simhash).map((story) => ({ ...knownStoryOf(story), day: changedAt.slice(0, 10), expiresAt: expiresInDays(NEAR_DUPLICATE_WINDOW_DAYS + 1) }));
  const notes = stories.filter((story) => story.status === 'published').map((story) => changeNote(story.id));
  const written = await Promise.all([
    Article.put([...stories]).go({ concurrency: 4 }),
    fingerprints.length ? Fingerprint.put(fingerprints).go({ concurrency: 4 }) : { unprocessed: [] },
    notes.length ? ArticleChange.put(notes).go({ concurrency: 4 }) : { unprocessed: [] },
  ]);
  if (written.some((result) => result.unprocessed.length)) throw new Error('Some new stories were not written (unprocessed batch items)');
  // A later report of an event the site already has: listed under the first report, not as a card of its own.
  await Promise.all(stories.filter((story) => story.clusterId && story.clusterId !== story.id).map(coveredBy));
}

/** Lists a later report under the first one (which may have gone meanwhile: then there is nothing to list it under). */
async function coveredBy(item: NewArticle): Promise<void> {
  try {
    await Article.patch({ id: item.clusterId as string })
      .append({ alsoCoveredBy: [{ articleId: item.id, sourceName: item.sourceName, sourceUrl: item.sourceUrl, title: item.title }] })
      .go({ response: 'none' });
    await ArticleChange.put(changeNote(item.clusterId as string)).go({ response: 'none' });
  } catch (error) {
    if (!isConditionalWriteFailure(error)) throw error;
  }
}

/**
 * Settles the ledgers a stopped write left (all of them, or one feed's): counts the articles that were
 * stored, releases the dedup claims of those that were not (so the feed's next poll stores them), and
 * deletes the ledger with the counters in one transaction. Returns how many ledgers it settled.
 */
export async function settleUnsettledIntakes(now: Date, feedId?: string): Promise<number> {
  return (await settleIntakes(now, feedId)).settled;
}

/**
 * Settles one feed's ledgers older than UNSETTLED_AFTER_MS, and says how many younger ones it left: a writer
 * that stopped less than that ago (or one still running) holds their stories' claims, so a check of the feed
 * now skips those stories as known and must not take the feed's validators (ETag, Last-Modified), or the next
 * poll would be answered 304 and never bring them back.
 */
export async function settleFeedIntakes(now: Date, feedId: string): Promise<{ settled: number; pending: number }> {
  return settleIntakes(now, feedId);
}

async function settleIntakes(now: Date, feedId?: string): Promise<{ settled: number; pending: number }> {
  const before = new Date(now.getTime() - UNSETTLED_AFTER_MS).toISOString();
  const query = feedId ? IntakeLedger.query.byFeed({ feedId }) : IntakeLedger.query.byFeed({});
  const { data } = await query.go({ pages: 'all', consistent: true });
  // A partial sort key matches by prefix: feed "a" would also find feed "ab"'s ledgers.
  const mine = data.filter((ledger) => !feedId || ledger.feedId === feedId);
  const stale = mine.filter((ledger) => ledger.createdAt < before);
  let settled = 0;
  for (const ledger of stale) if (await settleLedger(ledger)) settled += 1;
  return { settled, pending: mine.length - stale.length };
}

/** Counts a ledger's stories that were stored, releases the claims of the others, and deletes it. */
async function settleLedger(ledger: Ledger & { entries: IntakeEntry[] }): Promise<boolean> {
  const ids = ledger.entries.map((entry) => entry.articleId);
  const { data: found } = await Article.get(ids.map((id) => ({ id }))).go({ consistent: true, concurrency: 4, attributes: ['id'] });
  const stored = new Set(found.map((article) => article.id));
  await Promise.all(
    ledger.entries.filter((entry) => !stored.has(entry.articleId)).map((entry) => Promise.all([release('url', entry.urlHash, entry.articleId), release('title', entry.titleHash, entry.articleId)])),
  );
  return settle(ledger, ledger.entries.filter((entry) => stored.has(entry.articleId)));
}
