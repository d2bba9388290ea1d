import { randomUUID } from 'node:crypto';
import pLimit from 'p-limit';
import * as z from '#domain/common/validation.ts';
import {
  ADMIN_PAGE_SIZES,
  ADMIN_SORTS,
  BULK_ACTIONS,
  bulkTarget,
  DEFAULT_ADMIN_PAGE_SIZE,
  MANUAL_STATUSES,
  manualStatusChange,
  MAX_BULK_IDS,
  type ManualStatus,
} from '#domain/content/article-admin.ts';
import { ARTICLE_STATUSES } from '#domain/content/article-status.ts';
import { CATEGORY_SLUGS } from '#domain/content/categories.ts';
import { titleHash, urlHash } from '#domain/content/dedup.ts';
import { readTimeMinutes, sanitiseHtml, toPlainText } from '#domain/content/normalise.ts';
import { simhash } from '#domain/content/simhash.ts';
import { regenerateSummary, SUMMARY_PROBLEMS } from '#domain/content/summaries.ts';
import { visibleText } from '#domain/common/text.ts';
import { httpUrl } from '#domain/content/urls.ts';
import { claimHashes, deleteArticle, editArticle, listAdminArticles, listSummaryProblems, setSummary, type ArticleEdit } from '#store/article-admin.ts';
import { changeArticleStatus, createArticle, getArticle, getArticles, isKnownHash, setFeatured, type ArticleItem, type StatusChange } from '#store/articles.ts';
import { recordAudit } from '#store/audit.ts';
import { COUNTER_SCOPES, readCounters } from '#store/counters.ts';
import { signedInCaller, type Caller } from '#shared/platform/auth.ts';
import { HttpError, notFound } from '#shared/core/errors.ts';
import { route } from '#shared/platform/router.ts';

/** Bulk and regenerate work on a few articles at once: each is its own transaction. */
const WRITE_CONCURRENCY = 4;

const pageSizeParam = z._default(z.pipe(z.coerce.number(), z.int()).check(z.refine((size) => (ADMIN_PAGE_SIZES as readonly number[]).includes(size), { message: `Page size must be one of ${ADMIN_PAGE_SIZES.join(', ')}` })), DEFAULT_ADMIN_PAGE_SIZE);
const pageParam = z._default(z.pipe(z.coerce.number(), z.int()).check(z.minimum(1), z.maximum(100_000)), 1);
/** A select left on "all" arrives as an empty value: treated as no filter. */
const blankAsMissing = (value: unknown) => (value === '' || value === 'all' ? undefined : value);

const listQuery = z.object({
  search: z.optional(z.string().check(z.maxLength(200))),
  status: z.pipe(z.transform(blankAsMissing), z.optional(z.enum(ARTICLE_STATUSES))),
  category: z.pipe(z.transform(blankAsMissing), z.optional(z.enum(CATEGORY_SLUGS))),
  sort: z.pipe(z.transform(blankAsMissing), z._default(z.enum(ADMIN_SORTS), 'latest')),
  page: pageParam,
  pageSize: pageSizeParam,
});

/** Article counts per status, from the counters kept in every write (duplicates not counted). */
async function statusCounts(): Promise<Record<string, number>> {
  const counters = await readCounters(COUNTER_SCOPES.articles);
  return Object.fromEntries(ARTICLE_STATUSES.map((status) => [status, counters[`status#${status}`] ?? 0]));
}

export const listArticles = route({ query: listQuery }, async ({ query }) => {
  const [page, counts] = await Promise.all([listAdminArticles(query), statusCounts()]);
  return { ...page, counts };
});

const params = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });

async function existing(id: string): Promise<ArticleItem> {
  const article = await getArticle(id);
  if (!article) throw notFound('Article not found');
  return article;
}

/** The whole article for the detail dialog and the editor (keys and internal sort fields left out). */
function toDetail(article: ArticleItem) {
  const { urlHash: _url, titleHash: _title, simhash: _simhash, reviewSort: _sort, statusAt: _at, ...rest } = article;
  return {
    ...rest,
    summary: article.summary ?? '',
    content: article.content ?? '',
    tags: article.tags ?? [],
    isFeatured: article.isFeatured ?? false,
    isDuplicate: article.isDuplicate ?? false,
    relevanceScore: article.relevanceScore ?? 0,
    mlConfidenceScore: article.mlConfidenceScore ?? 0,
    /** The dialog shows confidence as 0-100 %. */
    mlConfidencePercent: Math.round((article.mlConfidenceScore ?? 0) * 1000) / 10,
    mlRelevanceScore: article.mlRelevanceScore ?? null,
    qualityScore: article.qualityScore ?? null,
    indiaRelevance: article.indiaRelevance ?? null,
    keywordMatches: article.keywordMatches ?? null,
    blocklistFlags: article.blocklistFlags ?? [],
    sourceAttribution: article.sourceAttribution ?? null,
    rejectionReason: article.rejectionReason ?? null,
  };
}

export const getOne = route({ params }, async ({ params }) => toDetail(await existing(params.id)));

/** One line of text a person typed: invisible and control characters out, trimmed. */
const line = (max: number, required = 'This field must be text') =>
  z.pipe(z.pipe(z.string({ error: required }), z.transform((value) => visibleText(value))), z.string().check(z.maxLength(max, `At most ${max} characters`)));

const urlField = z.pipe(z.string({ error: 'Enter an absolute http(s) URL' }), z.transform((value, context) => {
  const url = httpUrl(value);
  if (!url) {
    context.issues.push({ code: 'custom', message: 'Enter an absolute http(s) URL', input: value });
    return z.NEVER;
  }
  return url;
}));

/** The editor's fields (title 5-300 characters; URLs absolute http(s); content sanitised as the ingest does). */
const editorFields = {
  title: z.pipe(line(300, 'Title is required'), z.string().check(z.minLength(5, 'Title must be at least 5 characters'))),
  sourceUrl: urlField,
  sourceName: z.pipe(line(100), z.string().check(z.minLength(1, 'Source name cannot be blank'))),
  summary: z.pipe(z.string().check(z.maxLength(5000)), z.transform((value) => visibleText(toPlainText(value), { multiline: false }))),
  content: z.string().check(z.maxLength(200_000)),
  category: z.enum(CATEGORY_SLUGS),
  tags: z.array(z.pipe(line(50), z.string().check(z.minLength(1)))).check(z.maxLength(10)),
  author: line(100),
  imageUrl: z.union([z.literal(''), urlField]),
  status: z.enum(MANUAL_STATUSES),
};

const createBody = z.object({
  ...editorFields,
  sourceName: z.optional(editorFields.sourceName),
  summary: z.optional(editorFields.summary),
  content: z._default(editorFields.content, ''),
  category: z._default(editorFields.category, 'general'),
  tags: z._default(editorFields.tags, []),
  author: z.optional(editorFields.author),
  imageUrl: z.optional(editorFields.imageUrl),
  status: z._default(editorFields.status, 'draft'),
});

const updateBody = z.partial(z.object(editorFields));

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

export const createOne = route({ body: createBody }, async ({ body, caller }) => {
  const admin = signedInCaller(caller);
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
    },
    { at },
  );
  if (!result.created) {
    const [url, title] = await Promise.all([isKnownHash('url', urlHash(body.sourceUrl)), isKnownHash('title', titleHash(body.title))]);
    throw duplicateError([...(url ? ['url' as const] : []), ...(title ? ['title' as const] : [])]);
  }
  await recordAudit(admin, { action: 'article.create', target: result.article.id, after: auditView(result.article) });
  return toDetail(result.article);
});

const CHANGED_MEANWHILE = 'The article changed meanwhile: reload it and try again';

export const updateOne = route({ params, body: updateBody }, async ({ params, body, caller }) => {
  const admin = signedInCaller(caller);
  const current = await existing(params.id);
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
  const updated = await existing(current.id);
  await recordAudit(admin, { action: statusChanges ? 'article.edit+status' : 'article.edit', target: current.id, ...changedFields(auditView(current), auditView(updated)) });
  return toDetail(updated);
});

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

export const deleteOne = route({ params }, async ({ params, caller }) => {
  const admin = signedInCaller(caller);
  const current = await existing(params.id);
  if (!(await deleteArticle(current))) throw new HttpError(409, CHANGED_MEANWHILE);
  await recordAudit(admin, { action: 'article.delete', target: current.id, before: auditView(current) });
  return { id: current.id, deleted: true };
});

export const featureOne = route({ params, body: z.object({ featured: z.boolean() }) }, async ({ params, body, caller }) => {
  const admin = signedInCaller(caller);
  const current = await existing(params.id);
  if (current.status === 'purged') throw new HttpError(409, 'A purged article cannot be featured');
  const before = current.isFeatured ?? false;
  if (before !== body.featured) {
    await setFeatured(current.id, body.featured);
    await recordAudit(admin, { action: 'article.featured', target: current.id, before: { isFeatured: before }, after: { isFeatured: body.featured } });
  }
  return { id: current.id, isFeatured: body.featured };
});

const ids = z.pipe(z.array(z.string().check(z.minLength(1), z.maxLength(100))).check(z.minLength(1, 'Select at least one article'), z.maxLength(MAX_BULK_IDS, `At most ${MAX_BULK_IDS} articles at once`)), z.transform((list) => [...new Set(list)]));

const bulkBody = z.object({ ids, action: z.enum(BULK_ACTIONS), status: z.optional(z.enum(MANUAL_STATUSES)) }).check(z.refine((body) => body.action !== 'set-status' || body.status !== undefined, { message: 'set-status needs a status', path: ['status'] }));

type Outcome = { id: string; ok: true } | { id: string; ok: false; reason: string };

/** One article of a bulk action: its own transaction (counters with it) and its own audit entry. */
async function applyBulk(admin: Caller, article: ArticleItem, action: (typeof BULK_ACTIONS)[number], status: ManualStatus | undefined): Promise<Outcome> {
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

export const bulkAction = route({ body: bulkBody }, async ({ body, caller }) => {
  const admin = signedInCaller(caller);
  const { done, notDone } = await eachArticle(body.ids, (article) => applyBulk(admin, article, body.action, body.status));
  return { succeeded: done, failed: notDone };
});

export const listSummaries = route(
  { query: z.object({ problem: z.pipe(z.transform(blankAsMissing), z.optional(z.enum(SUMMARY_PROBLEMS))), page: pageParam, pageSize: pageSizeParam }) },
  async ({ query }) => listSummaryProblems(query),
);

export const regenerateSummaries = route({ body: z.object({ ids }) }, async ({ body, caller }) => {
  const admin = signedInCaller(caller);
  const { done, notDone } = await eachArticle(body.ids, async (article): Promise<Outcome> => {
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
});

/** Article Management and the Summary Manager. */
export const articleRoutes = {
  'GET /admin/articles': listArticles,
  'POST /admin/articles': createOne,
  'GET /admin/articles/{id}': getOne,
  'PUT /admin/articles/{id}': updateOne,
  'DELETE /admin/articles/{id}': deleteOne,
  'PUT /admin/articles/{id}/featured': featureOne,
  'POST /admin/article-actions': bulkAction,
  'GET /admin/summaries': listSummaries,
  'POST /admin/summaries/regenerate': regenerateSummaries,
};
