/**
 * The console's writes to an article (edit, delete, new summary, claimed hashes) and the list index's
 * backfill: every write that moves an article between counted states moves its counters in the same
 * transaction. The console's lists are read-models/admin-article-list.ts.
 */
import { ConditionalCheckFailedException } from '#adapters/dynamodb.ts';
import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createWriteTransaction } from 'electrodb';
import type { ArticleStatus } from '#domain/content/article-status.ts';
import { Article, ArticleChange, ArticleHash, type ArticleItem, changeNote } from './articles.ts';
import { articleCounterChanges, Counter, counterKey } from './table/counters.ts';
import { documentClient, tableName } from './table/client.ts';
import { transactWithRetry } from './table/paging.ts';
import { failedOnCondition } from './table/condition-failures.ts';

/** The public list reads change notes: any write to a published article leaves one. */
const notesFor = (...articles: Array<{ status: ArticleStatus }>) => articles.some((article) => article.status === 'published');

/**
 * Deletes an article: its status counters move down in the same transaction, conditional on the status
 * read, and its dedup hashes stay (as after a purge) so no feed brings the story back.
 * Returns false when the article changed or went meanwhile.
 */
export async function deleteArticle(current: ArticleItem): Promise<boolean> {
  const result = await transactWithRetry(() => createWriteTransaction({ article: Article, counter: Counter, articleChange: ArticleChange }, ({ article, counter, articleChange }) => [
      article.delete({ id: current.id }).where(({ status }, { eq }) => eq(status, current.status)).commit(),
      ...articleCounterChanges(current, undefined).map((change) => counter.update(counterKey(change)).add({ value: change.by }).commit()),
      ...(notesFor(current) ? [articleChange.put(changeNote(current.id)).commit()] : []),
    ])
    .go(), `Deleting article ${current.id}`);
  return !result.canceled;
}

/** Editable fields of an article (the editor's, status aside). */
export type ArticleEdit = Partial<Pick<ArticleItem, 'title' | 'summary' | 'content' | 'category' | 'tags' | 'author' | 'imageUrl' | 'sourceUrl' | 'sourceName' | 'readTimeMinutes' | 'urlHash' | 'titleHash' | 'topics'>>;

/**
 * Edits an article in its status (a status change goes through changeArticleStatus instead): its order
 * within the status (statusAt) is kept, so an edit does not reset the lifecycle's clock; a category change
 * moves the published-per-category counters in the same transaction. Conditional on the status read.
 */
export async function editArticle(current: ArticleItem, edit: ArticleEdit): Promise<boolean> {
  const next = { ...current, ...edit };
  const result = await transactWithRetry(() => createWriteTransaction({ article: Article, counter: Counter, articleChange: ArticleChange }, ({ article, counter, articleChange }) => [
      article
        .patch({ id: current.id })
        // Every composite of the indexes the category is part of, so ElectroDB rebuilds those keys.
        .set({ ...edit, status: current.status, statusAt: current.statusAt, category: next.category, isDuplicate: current.isDuplicate ?? false })
        .composite({ createdAt: current.createdAt })
        .where(({ status }, { eq }) => eq(status, current.status))
        .commit(),
      ...articleCounterChanges(current, next).map((change) => counter.update(counterKey(change)).add({ value: change.by }).commit()),
      ...(notesFor(current) ? [articleChange.put(changeNote(current.id)).commit()] : []),
    ])
    .go(), `Editing article ${current.id}`);
  return !result.canceled;
}

/**
 * Claims the dedup hashes of an edited URL or title for an article (old ones stay: the feed that brought
 * the original must not bring it back). Returns the kinds another article already holds; none -> claimed.
 */
export async function claimHashes(articleId: string, hashes: { url?: string | undefined; title?: string | undefined }): Promise<Array<'url' | 'title'>> {
  const wanted = (['url', 'title'] as const).flatMap((kind) => (hashes[kind] ? [{ kind, value: hashes[kind] as string }] : []));
  const known = await Promise.all(wanted.map(({ kind, value }) => ArticleHash.get({ kind, value }).go()));
  const taken = wanted.filter((_, index) => known[index]?.data && known[index].data.articleId !== articleId).map(({ kind }) => kind);
  if (taken.length) return taken;
  const missing = wanted.filter((_, index) => !known[index]?.data);
  if (missing.length === 0) return [];
  const result = await transactWithRetry(() => createWriteTransaction({ articleHash: ArticleHash }, ({ articleHash }) => missing.map(({ kind, value }) => articleHash.create({ kind, value, articleId }).commit()))
    .go(), `Claiming hashes for article ${articleId}`);
  return result.canceled ? missing.map(({ kind }) => kind) : [];
}

/** Writes a new summary (leaving a change note when the public list shows the article). False if it went. */
export async function setSummary(current: ArticleItem, summary: string): Promise<boolean> {
  const result = await transactWithRetry(() => createWriteTransaction({ article: Article, articleChange: ArticleChange }, ({ article, articleChange }) => [
      article.patch({ id: current.id }).set({ summary }).commit(),
      ...(notesFor(current) ? [articleChange.put(changeNote(current.id)).commit()] : []),
    ])
    .go(), `Regenerating the summary of article ${current.id}`);
  return !result.canceled;
}

/**
 * The list index's keys for articles written before the index existed (a migration: the local runtime runs
 * it at every start, a deployed table once after the deploy that adds gsi4, `npm run backfill-list-index`).
 * Scans the articles without the keys, page by page, and sets only the keys (updatedAt stays), each write
 * conditional on the status scanned and on the keys still missing, so a concurrent change wins. Duplicates
 * are skipped: the index leaves them out. Returns how many articles it filled.
 */
export async function backfillListIndex(): Promise<number> {
  let filled = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: '#entity = :article AND attribute_not_exists(#listPk) AND (attribute_not_exists(#duplicate) OR #duplicate = :false)',
        ExpressionAttributeNames: { '#entity': '__edb_e__', '#listPk': 'gsi4pk', '#duplicate': 'isDuplicate' },
        ExpressionAttributeValues: { ':article': 'article', ':false': false },
        ExclusiveStartKey: start,
      }),
    );
    start = page.LastEvaluatedKey;
    for (const Item of page.Items ?? []) {
      const { data } = Article.parse({ Item });
      if (!data) continue;
      // ElectroDB formats the keys, as for any write of the article.
      const { Item: keyed } = Article.put(data).params() as { Item: Record<string, unknown> };
      try {
        await documentClient.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { pk: Item.pk, sk: Item.sk },
            UpdateExpression: 'SET #listPk = :pk, #listSk = :sk',
            ConditionExpression: '#status = :status AND attribute_not_exists(#listPk)',
            ExpressionAttributeNames: { '#listPk': 'gsi4pk', '#listSk': 'gsi4sk', '#status': 'status' },
            ExpressionAttributeValues: { ':pk': keyed.gsi4pk, ':sk': keyed.gsi4sk, ':status': data.status },
          }),
        );
        filled += 1;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }
  } while (start);
  return filled;
}

/**
 * Articles stored before topics were tagged (no `topics` attribute at all; a story tagged with none has an empty
 * list), a page at a time, for the topics backfill (services/topic-backfill.ts).
 */
export async function untaggedArticles(start?: Record<string, unknown>): Promise<{ articles: ArticleItem[]; next: Record<string, unknown> | undefined }> {
  const page = await documentClient.send(
    new ScanCommand({
      TableName: tableName,
      FilterExpression: '#entity = :article AND attribute_not_exists(#topics)',
      ExpressionAttributeNames: { '#entity': '__edb_e__', '#topics': 'topics' },
      ExpressionAttributeValues: { ':article': 'article' },
      ExclusiveStartKey: start,
    }),
  );
  const articles = (page.Items ?? []).flatMap((Item) => Article.parse({ Item }).data ?? []);
  return { articles, next: page.LastEvaluatedKey };
}

/** Gives an article its topics if it still has none (a second run, or an edit meanwhile, leaves it alone). */
export async function setTopicsIfUntagged(article: ArticleItem, topics: NonNullable<ArticleItem['topics']>): Promise<boolean> {
  try {
    await Article.patch({ id: article.id }).set({ topics }).where(({ topics: current }, { notExists }) => notExists(current)).go();
    return true;
  } catch (error) {
    if (failedOnCondition(error)) return false;
    throw error;
  }
}
