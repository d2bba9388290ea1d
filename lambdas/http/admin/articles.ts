import * as z from '#domain/common/validation.ts';
import { ADMIN_PAGE_SIZES, ADMIN_SORTS, BULK_ACTIONS, DEFAULT_ADMIN_PAGE_SIZE, MANUAL_STATUSES, MAX_BULK_IDS } from '#domain/content/article-admin.ts';
import { ARTICLE_STATUSES } from '#domain/content/article-status.ts';
import { CATEGORY_SLUGS } from '#domain/content/categories.ts';
import { toPlainText } from '#domain/content/normalise.ts';
import { SUMMARY_PROBLEMS } from '#domain/content/summaries.ts';
import { visibleText } from '#domain/common/text.ts';
import { httpUrl } from '#domain/content/urls.ts';
import { listAdminArticles, listSummaryProblems } from '#store/read-models/admin-article-list.ts';
import { type ArticleItem } from '#store/articles.ts';
import { getArticleWithTally } from '#store/article-tallies.ts';
import { notFound } from '#core/errors.ts';
import { signedInCaller } from '#platform/auth.ts';
import { route } from '#platform/router.ts';
import { joinToStory, splitFromStory } from '../../services/story-links.ts';
import { bulkArticleAction, createEditedArticle, deleteEditedArticle, featureArticle, regenerateArticleSummaries, updateEditedArticle } from '../../services/article-editing.ts';

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

/** The page, its exact total and the articles per status (the counters kept in every write, duplicates not counted). */
export const listArticles = route({ query: listQuery }, ({ query }) => listAdminArticles(query));

const params = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });

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

/** One article for the console's detail, its views and shares exact (the tally not yet folded in included). */
export const getOne = route({ params }, async ({ params }) => {
  const article = await getArticleWithTally(params.id);
  if (!article) throw notFound('Article not found');
  return toDetail(article);
});

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

export const createOne = route({ body: createBody }, async ({ body, caller }) => toDetail(await createEditedArticle(signedInCaller(caller), body)));

export const updateOne = route({ params, body: updateBody }, async ({ params, body, caller }) => toDetail(await updateEditedArticle(signedInCaller(caller), params.id, body)));

export const deleteOne = route({ params }, async ({ params, caller }) => deleteEditedArticle(signedInCaller(caller), params.id));

export const featureOne = route({ params, body: z.object({ featured: z.boolean() }) }, async ({ params, body, caller }) => featureArticle(signedInCaller(caller), params.id, body.featured));

const ids = z.pipe(z.array(z.string().check(z.minLength(1), z.maxLength(100))).check(z.minLength(1, 'Select at least one article'), z.maxLength(MAX_BULK_IDS, `At most ${MAX_BULK_IDS} articles at once`)), z.transform((list) => [...new Set(list)]));

const bulkBody = z.object({ ids, action: z.enum(BULK_ACTIONS), status: z.optional(z.enum(MANUAL_STATUSES)) }).check(z.refine((body) => body.action !== 'set-status' || body.status !== undefined, { message: 'set-status needs a status', path: ['status'] }));

export const bulkAction = route({ body: bulkBody }, async ({ body, caller }) => bulkArticleAction(signedInCaller(caller), body.ids, body.action, body.status));

export const listSummaries = route(
  { query: z.object({ problem: z.pipe(z.transform(blankAsMissing), z.optional(z.enum(SUMMARY_PROBLEMS))), page: pageParam, pageSize: pageSizeParam }) },
  async ({ query }) => listSummaryProblems(query),
);

export const regenerateSummaries = route({ body: z.object({ ids }) }, async ({ body, caller }) => regenerateArticleSummaries(signedInCaller(caller), body.ids));

/** A moderator makes a later report a story of its own again (the ingest keeps them apart from then on). */
export const splitOne = route({ params }, async ({ params, caller }) => splitFromStory(signedInCaller(caller), params.id));

/** A moderator makes a story a later report of another story's first report. */
export const joinOne = route({ params, body: z.object({ storyId: z.pipe(line(100, 'Give the id of the story to join'), z.string().check(z.minLength(1, 'Give the id of the story to join'))) }) }, async ({ params, body, caller }) =>
  joinToStory(signedInCaller(caller), params.id, body.storyId),
);

/** Article Management and the Summary Manager. */
export const articleRoutes = {
  'GET /admin/articles': listArticles,
  'POST /admin/articles': createOne,
  'GET /admin/articles/{id}': getOne,
  'PUT /admin/articles/{id}': updateOne,
  'DELETE /admin/articles/{id}': deleteOne,
  'PUT /admin/articles/{id}/featured': featureOne,
  'POST /admin/articles/{id}/split': splitOne,
  'POST /admin/articles/{id}/join': joinOne,
  'POST /admin/article-actions': bulkAction,
  'GET /admin/summaries': listSummaries,
  'POST /admin/summaries/regenerate': regenerateSummaries,
};
