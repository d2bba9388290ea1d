/**
 * Moderators' splits and joins of stories (domain/topics/story-links.ts): the article writes, their counters and
 * the decision, a labelled pair, in one transaction. The pairs are kept for good in one partition (a moderator
 * makes a few a day): the ingest reads the recent ones once per run, `npm run story-pairs` exports them all.
 */
import { createWriteTransaction, CustomAttributeType, Entity, type EntityItem } from 'electrodb';
import { Article, ArticleChange, type ArticleItem, changeNote } from './articles.ts';
import { articleCounterChanges, Counter, counterKey } from './table/counters.ts';
import { transactWithRetry } from './table/paging.ts';
import { keep, service, tableConfig } from './table/table.ts';

/** One side of a decided pair: what the same-event rule and its tuning read of a story. */
export interface PairStory {
  title: string;
  summary: string;
  publishedAt: string | null;
  sourceName: string;
  sourceUrl: string;
}

export const StoryDecision = new Entity({
  model: { entity: 'storyDecision', version: '1', service },
  attributes: {
    at: { type: 'string', required: true },
    /** The first report and the later report the moderator split from it (same: false) or joined to it (same: true). */
    firstId: { type: 'string', required: true },
    laterId: { type: 'string', required: true },
    same: { type: 'boolean', required: true },
    first: { type: CustomAttributeType<PairStory>('any'), required: true },
    later: { type: CustomAttributeType<PairStory>('any'), required: true },
    /** Who decided: user id, and e-mail when known. */
    by: { type: 'string', required: true },
    byEmail: { type: 'string' },
  },
  indexes: {
    byTime: {
      pk: { field: 'pk', composite: [], casing: keep },
      sk: { field: 'sk', composite: ['at', 'laterId'], casing: keep },
    },
  },
}, tableConfig);

export type StoryDecisionItem = EntityItem<typeof StoryDecision>;
export type NewStoryDecision = Omit<StoryDecisionItem, 'at'> & { at: string };

export const pairStoryOf = (article: ArticleItem): PairStory => ({
  title: article.title,
  summary: article.summary ?? '',
  publishedAt: article.originalPublishedAt ?? null,
  sourceName: article.sourceName,
  sourceUrl: article.sourceUrl,
});

/** The article writes of a split or join: everything the list indexes key on, so ElectroDB rebuilds their keys. */
const listKeys = (current: ArticleItem, isDuplicate: boolean) => ({ status: current.status, statusAt: current.statusAt, category: current.category, isDuplicate });

/**
 * Splits `later` from `first`: it leaves the cluster (counted and listed again, counters in the transaction)
 * and `first`'s "also covered by" loses it. Conditional on the cluster read and on the entry still being at
 * `entryIndex` (a concurrent append goes after it). `first` null: the first report is gone, only `later` is written.
 * False when anything changed meanwhile.
 */
export async function splitStory(later: ArticleItem, first: ArticleItem | null, entryIndex: number, decision: NewStoryDecision | null): Promise<boolean> {
  const next = { ...later, isDuplicate: false };
  const result = await transactWithRetry(() => createWriteTransaction({ article: Article, counter: Counter, articleChange: ArticleChange, storyDecision: StoryDecision }, ({ article, counter, articleChange, storyDecision }) => [
      article
        .patch({ id: later.id })
        .set(listKeys(later, false))
        .composite({ createdAt: later.createdAt })
        .remove(['clusterId', 'clusterReason', 'clusterJoinedBy'])
        .where(({ status, clusterId, isDuplicate }, { eq }) => `${eq(status, later.status)} AND ${eq(clusterId, later.clusterId ?? '')} AND ${eq(isDuplicate, true)}`)
        .commit(),
      ...(first && entryIndex >= 0
        ? [
            article
              .patch({ id: first.id })
              .data((attr, op) => op.remove((attr.alsoCoveredBy as unknown as Array<{ articleId: string }>)[entryIndex]))
              .where((attr, op) => op.eq((attr.alsoCoveredBy as unknown as Array<{ articleId: string }>)[entryIndex]!.articleId, later.id))
              .commit(),
          ]
        : []),
      ...articleCounterChanges(later, next).map((change) => counter.update(counterKey(change)).add({ value: change.by }).commit()),
      ...([later, ...(first ? [first] : [])].some((article) => article.status === 'published') ? [articleChange.put(changeNote(later.id)).commit(), ...(first ? [articleChange.put(changeNote(first.id)).commit()] : [])] : []),
      ...(decision ? [storyDecision.create(decision).commit()] : []),
    ])
    .go(), `Splitting article ${later.id} from ${first?.id ?? later.clusterId}`);
  return !result.canceled;
}

/**
 * Joins `later` (a story of its own, without later reports) to `first` (a first report): it becomes a later
 * report (not counted, not listed), `first`'s "also covered by" gains it. Conditional on both as read.
 */
export async function joinStory(later: ArticleItem, first: ArticleItem, decision: NewStoryDecision): Promise<boolean> {
  const next = { ...later, isDuplicate: true };
  const result = await transactWithRetry(() => createWriteTransaction({ article: Article, counter: Counter, articleChange: ArticleChange, storyDecision: StoryDecision }, ({ article, counter, articleChange, storyDecision }) => [
      article
        .patch({ id: later.id })
        .set({ ...listKeys(later, true), clusterId: first.id, clusterJoinedBy: decision.byEmail ?? decision.by })
        .remove(['clusterReason'])
        .composite({ createdAt: later.createdAt })
        // No first entry in "also covered by": it has no later reports of its own (none or an emptied list).
        .where(({ status, clusterId, isDuplicate, alsoCoveredBy }, { eq, notExists }) =>
          `${eq(status, later.status)} AND ${notExists(clusterId)} AND (${notExists(isDuplicate)} OR ${eq(isDuplicate, false)}) AND ${notExists((alsoCoveredBy as unknown as Array<{ articleId: string }>)[0]!)}`)
        .commit(),
      article
        .patch({ id: first.id })
        .append({ alsoCoveredBy: [{ articleId: later.id, sourceName: later.sourceName, sourceUrl: later.sourceUrl, title: later.title }] })
        .where(({ status, clusterId }, { eq, notExists }) => `${eq(status, first.status)} AND ${notExists(clusterId)}`)
        .commit(),
      ...articleCounterChanges(later, next).map((change) => counter.update(counterKey(change)).add({ value: change.by }).commit()),
      ...([later, first].some((article) => article.status === 'published') ? [articleChange.put(changeNote(later.id)).commit(), articleChange.put(changeNote(first.id)).commit()] : []),
      storyDecision.create(decision).commit(),
    ])
    .go(), `Joining article ${later.id} to ${first.id}`);
  return !result.canceled;
}

/** The decisions since `since` (ISO), oldest first: one Query of the one partition. */
export async function storyDecisionsSince(since: string): Promise<StoryDecisionItem[]> {
  const { data } = await StoryDecision.query.byTime({}).gte({ at: since }).go({ pages: 'all' });
  return data;
}
