import { randomUUID } from 'node:crypto';
import pLimit from 'p-limit';
import { bulkTarget, manualStatusChange, type BULK_ACTIONS, type ManualStatus } from '#domain/content/article-admin.ts';
import type { CategorySlug } from '#domain/content/categories.ts';
import { titleHash, urlHash } from '#domain/content/dedup.ts';
import { readTimeMinutes, sanitiseHtml, toPlainText } from '#domain/content/normalise.ts';
import { simhash } from '#domain/content/simhash.ts';
import { seedCatalogueTopic, storyTopics } from '#domain/topics/story-topics.ts';
import { taggedStoryTopics } from '#domain/topics/topic-overrides.ts';
import { topicIndexChanges } from '#domain/reader/topic-stories.ts';
import { regenerateSummary } from '#domain/content/summaries.ts';
import type { Caller } from '#domain/common/caller.ts';
import { claimHashes, deleteArticle, editArticle, setSummary, type ArticleEdit } from '#store/article-edits.ts';
import { changeArticleStatus, createArticle, getArticle, isKnownHash, setFeatured, type ArticleItem, type StatusChange } from '#store/articles.ts';
import { getArticles } from '#store/article-lists.ts';
import { recordAudit } from '#store/audit.ts';
import { applyTopicIndexChanges } from '#store/topic-stories.ts';
import { HttpError, notFound } from '#core/errors.ts';
import { topicOverrides } from './topic-overrides.ts';

/**
 * The console's article editing: create, edit, delete, feature, bulk actions and summary regeneration, each
 * checked against duplicates and concurrent changes and audited. The admin API's handlers validate the input
 * and call these.
 */

/** Bulk and regenerate work on a few articles at once: each is its own transaction. */
const WRITE_CONCURRENCY = 4;

/** What the editor sends for a new article, validated. */
export interface NewArticle {
  title: string;
  sourceUrl: string;
  sourceName?: string | undefined;
  summary?: string | undefined;
  content: string;
  category: CategorySlug;
  tags: string[];
  author?: string | undefined;
  imageUrl?: string | undefined;
  status: ManualStatus;
}

/** The fields an edit changes; the others stay. */
export type ArticleChanges = { [K in keyof NewArticle]?: NewArticle[K] | undefined };

export async function existingArticle(id: string): Promise<ArticleItem> {
  const article = await getArticle(id);
  if (!article) throw notFound('Article not found');
  return article;
}

/** The 409 of a URL or title another article (live or purged) already has. */
function duplicateError(kinds: ReadonlyArray<'url' | 'title'>): HttpError {
  const fieldErrors: Record<string, string[]> = {};
  if (kinds.includes('url')) fieldErrors.sourceUrl = ['An article with this URL already exists (or was purged)'];
  if (kinds.includes('title')) fieldErrors.title = ['An article with this title already exists (or was purged)'];
  return new HttpError(409, 'This article is a duplicate of an existing one', { fieldErrors });
}

/** The summary as typed, or made from the content as the ingest makes it. */
function summaryOf(summary: string | undefined, title: string, content: string): string {
  if (summary) return summary;
  const made = regenerateSummary({ title, content });
  return made.summary ?? '';
}

/** What the audit keeps of an article: the fields the console edits. */
function auditView(article: Partial<ArticleItem>) {
  const { title, status, category, sourceUrl, sourceName, summary, author, imageUrl, tags, isFeatured, adminStatus } = article;
  return { title, status, category, sourceUrl, sourceName, summary, author, imageUrl, tags, isFeatured, adminStatus };
}

/** Only the fields that differ, before and after. */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return { before: Object.fromEntries(keys.map((key) => [key, before[key]])), after: Object.fromEntries(keys.map((key) => [key, after[key]])) };
}

export async function createEditedArticle(admin: Caller, body: NewArticle): Promise<ArticleItem> {
  const at = new Date().toISOString();
  const content = sanitiseHtml(body.content);
  const summary = summaryOf(body.summary, body.title, content);
  const status = body.status;
  const manual = manualStatusChange({ adminStatus: undefined }, status, at);
  const result = await createArticle(
    {
      id: randomUUID(),
      title: body.title,
      summary,
      content,
      category: body.category,
      tags: body.tags,
      sourceUrl: body.sourceUrl,
      sourceName: body.sourceName ?? new URL(body.sourceUrl).hostname.replace(/^www\./, ''),
      ...(body.author ? { author: body.author } : {}),
      ...(body.imageUrl ? { imageUrl: body.imageUrl } : {}),
      readTimeMinutes: readTimeMinutes(toPlainText(content) || summary),
      originalPublishedAt: at,
      status,
      // A draft waits for the classifier like any draft; any other status is the admin's decision.
      adminStatus: status === 'draft' ? 'unclassified' : status === 'published' ? 'approved' : 'rejected',
      ...(manual.set as Partial<ArticleItem>),
      urlHash: urlHash(body.sourceUrl),
      titleHash: titleHash(body.title),
      simhash: simhash(`${body.title} ${summary}`),
      topics: taggedStoryTopics(storyTopics(body.title, summary), seedCatalogueTopic, await topicOverrides()),
    },
    { at },
  );
  if (!result.created) {
    const [url, title] = await Promise.all([isKnownHash('url', urlHash(body.sourceUrl)), isKnownHash('title', titleHash(body.title))]);
    throw duplicateError([...(url ? ['url' as const] : []), ...(title ? ['title' as const] : [])]);
  }
  await recordAudit(admin, { action: 'article.create', target: result.article.id, after: auditView(result.article) });
  return result.article;
}

const CHANGED_MEANWHILE = 'The article changed meanwhile: reload it and try again';

export async function updateEditedArticle(admin: Caller, id: string, body: ArticleChanges): Promise<ArticleItem> {
  const current = await existingArticle(id);
  if (current.status === 'purged') throw new HttpError(409, 'A purged article cannot be edited');
  const edit: ArticleEdit = {};
  if (body.title !== undefined && body.title !== current.title) Object.assign(edit, { title: body.title, titleHash: titleHash(body.title) });
  if (body.sourceUrl !== undefined && body.sourceUrl !== current.sourceUrl) Object.assign(edit, { sourceUrl: body.sourceUrl, urlHash: urlHash(body.sourceUrl) });
  if (body.sourceName !== undefined) edit.sourceName = body.sourceName;
  if (body.content !== undefined) {
    edit.content = sanitiseHtml(body.content);
    edit.readTimeMinutes = readTimeMinutes(toPlainText(edit.content) || current.title);
  }
  if (body.summary !== undefined) edit.summary = summaryOf(body.summary, edit.title ?? current.title, edit.content ?? current.content ?? '');
  // A new headline or summary may name other entities: the story is tagged again, as the ingest tags it.
  if (edit.title !== undefined || (edit.summary !== undefined && edit.summary !== current.summary)) {
    edit.topics = taggedStoryTopics(storyTopics(edit.title ?? current.title, edit.summary ?? current.summary), seedCatalogueTopic, await topicOverrides());
  }
  if (body.category !== undefined) edit.category = body.category;
  if (body.tags !== undefined) edit.tags = body.tags;
  if (body.author !== undefined) edit.author = body.author;
  if (body.imageUrl !== undefined) edit.imageUrl = body.imageUrl;

  const taken = await claimHashes(current.id, { url: edit.urlHash, title: edit.titleHash });
  if (taken.length) throw duplicateError(taken);

  const statusChanges = body.status !== undefined && body.status !== current.status;
  const changed = statusChanges
    ? await changeArticleStatus(current, statusChangeOf(current, body.status as ManualStatus, edit))
    : await editArticle(current, edit);
  if (!changed) throw new HttpError(409, CHANGED_MEANWHILE);
  const updated = await existingArticle(current.id);
  // The topics' lists follow a re-tag here: the stream consumer keeps them only when a story comes or goes (a
  // filter on every edit of a published story would also wake it for each tally fold). Idempotent, as the consumer's.
  if (edit.topics && !statusChanges) await applyTopicIndexChanges(topicIndexChanges(current, updated));
  await recordAudit(admin, { action: statusChanges ? 'article.edit+status' : 'article.edit', target: current.id, ...changedFields(auditView(current), auditView(updated)) });
  return updated;
}

/** A status change through changeArticleStatus (counters move in its transaction), with the editor's fields. */
function statusChangeOf(current: ArticleItem, target: ManualStatus | 'purged', edit: ArticleEdit = {}): StatusChange {
  const manual = manualStatusChange(current, target, new Date().toISOString());
  const { category, ...fields } = edit;
  return {
    status: manual.status,
    at: manual.at,
    ...(category ? { category } : {}),
    set: { ...fields, ...manual.set } as StatusChange['set'],
    ...(manual.remove ? { remove: manual.remove as StatusChange['remove'] } : {}),
  };
}

export async function deleteEditedArticle(admin: Caller, id: string) {
  const current = await existingArticle(id);
  if (!(await deleteArticle(current))) throw new HttpError(409, CHANGED_MEANWHILE);
  await recordAudit(admin, { action: 'article.delete', target: current.id, before: auditView(current) });
  return { id: current.id, deleted: true };
}

export async function featureArticle(admin: Caller, id: string, featured: boolean) {
  const current = await existingArticle(id);
  if (current.status === 'purged') throw new HttpError(409, 'A purged article cannot be featured');
  const before = current.isFeatured ?? false;
  // The editor's decision, also when it confirms what the pipeline chose: the pipeline leaves it alone from now on.
  if (before !== featured || current.featuredBy !== 'editor') await setFeatured(current.id, featured, 'editor');
  if (before !== featured) await recordAudit(admin, { action: 'article.featured', target: current.id, before: { isFeatured: before }, after: { isFeatured: featured } });
  return { id: current.id, isFeatured: featured, featuredBy: 'editor' as const };
}

type BulkAction = (typeof BULK_ACTIONS)[number];

type Outcome = { id: string; ok: true } | { id: string; ok: false; reason: string };

/** One article of a bulk action: its own transaction (counters with it) and its own audit entry. */
async function applyBulk(admin: Caller, article: ArticleItem, action: BulkAction, status: ManualStatus | undefined): Promise<Outcome> {
  if (action === 'delete') {
    if (!(await deleteArticle(article))) return { id: article.id, ok: false, reason: CHANGED_MEANWHILE };
    await recordAudit(admin, { action: 'article.delete', target: article.id, before: auditView(article) });
    return { id: article.id, ok: true };
  }
  const target = bulkTarget(action, status);
  if (article.status === 'purged') return { id: article.id, ok: false, reason: 'A purged article cannot be changed' };
  // Already there: nothing to write (and a second purge or publish stamp would only rewrite the times).
  if (article.status === target) return { id: article.id, ok: true };
  if (!(await changeArticleStatus(article, statusChangeOf(article, target)))) return { id: article.id, ok: false, reason: CHANGED_MEANWHILE };
  await recordAudit(admin, {
    action: action === 'set-status' ? 'article.status' : `article.${action}`,
    target: article.id,
    before: { status: article.status },
    after: { status: target },
  });
  return { id: article.id, ok: true };
}

/** Runs `work` on each article of a selection (a few at a time), answering a missing one "Article not found". */
async function eachArticle(ids: readonly string[], work: (article: ArticleItem) => Promise<Outcome>) {
  const found = new Map((await getArticles(ids)).map((article) => [article.id, article]));
  const limit = pLimit(WRITE_CONCURRENCY);
  const outcomes = await Promise.all(
    ids.map((id) =>
      limit(async (): Promise<Outcome> => {
        const article = found.get(id);
        return article ? work(article) : { id, ok: false, reason: 'Article not found' };
      }),
    ),
  );
  return {
    done: outcomes.filter((outcome) => outcome.ok).map((outcome) => outcome.id),
    notDone: outcomes.flatMap((outcome) => (outcome.ok ? [] : [{ id: outcome.id, reason: outcome.reason }])),
  };
}

export async function bulkArticleAction(admin: Caller, ids: readonly string[], action: BulkAction, status: ManualStatus | undefined) {
  const { done, notDone } = await eachArticle(ids, (article) => applyBulk(admin, article, action, status));
  return { succeeded: done, failed: notDone };
}

export async function regenerateArticleSummaries(admin: Caller, ids: readonly string[]) {
  const { done, notDone } = await eachArticle(ids, async (article): Promise<Outcome> => {
    const { id } = article;
    if (article.status === 'purged') return { id, ok: false, reason: 'A purged article has no content' };
    const made = regenerateSummary(article);
    if (made.summary === null) return { id, ok: false, reason: made.reason };
    if (made.summary === (article.summary ?? '')) return { id, ok: false, reason: 'The summary already matches the content' };
    if (!(await setSummary(article, made.summary))) return { id, ok: false, reason: 'Article not found' };
    await recordAudit(admin, { action: 'article.summary', target: id, before: { summary: article.summary ?? '' }, after: { summary: made.summary } });
    return { id, ok: true };
  });
  return { updated: done, unchanged: notDone };
}
