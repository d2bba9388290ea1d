import type { DynamoDBStreamEvent } from 'aws-lambda';
import { renderFirstScreen, type CallAnswerer } from '#web/app/prerender.tsx';
import { HttpError } from '#core/errors.ts';
import { logger } from '#core/logger.ts';
import { config } from '#core/config.ts';
import { listHead, storyHead, type StoryHeadArticle } from '#domain/reader/page-head.ts';
import { WRITTEN_PAGE_CACHE_CONTROL } from '#domain/reader/site-routes.ts';
import { deleteSitePage, putSitePage, readSiteShell } from '#adapters/site-bucket.ts';
import { askSiteFor } from '#adapters/site-requests.ts';
import { answerPublicRoute, type RouteHandler } from '#platform/router.ts';
import { withRunMetrics } from '#platform/run-metrics.ts';
import { streamItem, type StreamImage } from '#store/table/table.ts';
import { publicArticleIndex } from '../services/article-search.ts';
import { pageRewriteOf, savePageRewrite, type PageRewriteItem } from '#store/page-rewrites.ts';
import { newId } from '#store/table/ids.ts';
import { pagesToWrite, pictureCopiesToMake, rewriteAllPages, storiesAfter, writeChangedPages, type ArticleChange, type PathRenderer, type WrittenPageStore } from '../services/site-pages.ts';
import { getPublicArticle } from '../http/articles/get-article.ts';
import { listArticles } from '../http/articles/list-articles.ts';
import { listCategories } from '../http/articles/categories.ts';

/**
 * The reads a written page makes, answered by the API's own route handlers in process (the `articles`
 * function's public routes): the written page shows what the API would answer.
 */
const PAGE_READS: Record<string, RouteHandler> = {
  'GET /articles': listArticles,
  'GET /articles/{id}': getPublicArticle,
  'GET /categories': listCategories,
};

const answer: CallAnswerer = (key, request) => {
  const handler = PAGE_READS[key];
  if (!handler) return Promise.reject(new Error(`A written page does not read ${key}`));
  return answerPublicRoute('articles', key, handler, request);
};

const store: WrittenPageStore = {
  put: (key, html) => putSitePage(key, html, WRITTEN_PAGE_CACHE_CONTROL),
  remove: deleteSitePage,
  shell: readSiteShell,
};

/** The story a story page shows (the API's answer), or null when it is not public. */
async function publicStory(id: string): Promise<StoryHeadArticle | null> {
  try {
    return (await answer('GET /articles/{id}', { params: { id } })) as StoryHeadArticle;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return null;
    throw error;
  }
}

/** Renders a written page, noting what the list answered (its page count) and whether a story is public. */
const render: PathRenderer = async (target) => {
  let head: string;
  if (target.kind === 'story') {
    const story = await publicStory(target.story.id);
    if (!story) return { markup: '', stateScript: '', head: '', listPages: null, found: false };
    head = storyHead(story, config.SITE_URL);
  } else {
    head = listHead({ ...target.list, page: target.page }, config.SITE_URL);
  }
  let listPages: number | null = null;
  const noting: CallAnswerer = async (key, request) => {
    const answered = await answer(key, request);
    if (key === 'GET /articles' && answered && typeof answered === 'object' && 'pages' in answered) listPages = Number(answered.pages);
    return answered;
  };
  const rendered = await renderFirstScreen(target.path, noting, Date.now());
  return { markup: rendered.markup, stateScript: rendered.stateScript, head: `${head}\n${rendered.headLinks}`, listPages, found: true };
};

/** What the deploy and the local runtime send (lib/constructs/site.ts); `storiesPerPart` makes parts smaller (tests). */
type RewriteAllEvent = { rewriteAll: true; storiesPerPart?: number };
type SitePagesEvent = DynamoDBStreamEvent | RewriteAllEvent;

/**
 * A part of the rewrite of every page stops starting stories after this long. Parts after the first run in the
 * stream's batches, and a shard's next batch (a story just published) waits for the part before it: a minute keeps
 * that wait short, far inside the function's 300 s with a batch's own pages on top. At about 20 ms a story
 * (docs/benchmarks.md) a part writes some 3,000; the recent tier holds tens of thousands at the ingest's pace.
 */
const REWRITE_PART_MS = 60_000;
const STORIES_PER_PART = 20_000;

/**
 * Writes the pages readers see first (docs/decisions/first-screen-html.md). From the table stream (filtered
 * to public articles' changes): the changed stories' pages, and the home page's and their categories' lists; then
 * the copies of a newly public (or replaced) picture its first readers will ask for.
 * Called with `{ rewriteAll: true }` after a deploy (the shell's asset names changed) and by the local
 * runtime at start: every list page and every recent story's page, in parts: a part that runs out of time saves
 * where it stopped (a `pageRewrite` item), and the stream brings the save back here for the next part. A failure
 * throws: the batch is retried, and writing a page twice writes the same page.
 */
async function handleEvent(event: SitePagesEvent): Promise<{ rewrite: string } | undefined> {
  if ('rewriteAll' in event) {
    const storiesPerPart = Math.min(STORIES_PER_PART, Math.max(1, Math.floor(Number(event.storiesPerPart) || STORIES_PER_PART)));
    const id = newId();
    await rewritePart({ id, status: 'running', startedAt: new Date().toISOString(), parts: 0, written: 0, listPages: 0, storiesPerPart });
    // The rewrite's id, for a caller that waits for its last part (the integration test reads its item).
    return { rewrite: id };
  }
  const changes: ArticleChange[] = [];
  const rewrites: PageRewriteItem[] = [];
  for (const record of event.Records) {
    const after = streamItem(record.dynamodb?.NewImage as StreamImage | undefined);
    if (after?.entity === 'pageRewrite') {
      const rewrite = pageRewriteOf(after.item);
      if (rewrite?.status === 'running') rewrites.push(rewrite);
      continue;
    }
    changes.push({ before: articleImage(record.dynamodb?.OldImage as StreamImage | undefined), after: articleImage(record.dynamodb?.NewImage as StreamImage | undefined) });
  }
  if (changes.length) await writeChanges(changes, event.Records.length);
  for (const rewrite of rewrites) await rewritePart(rewrite);
  return undefined;
}

async function writeChanges(changes: ArticleChange[], records: number): Promise<void> {
  // The index brought up to date now: the change that woke this function must be in the pages it writes.
  await publicArticleIndex(0);
  const pages = pagesToWrite(changes);
  logger.info('site pages to write', { records, lists: pages.lists.length, stories: pages.stories.length });
  // The copies are made (by the reader API's function) while the pages are written: neither waits for the other, and
  // the batch ends when both have. A copy that fails is made at its first reader's request; askSiteFor never throws.
  const copies = pictureCopiesToMake(changes);
  const made = copies.length > 0 ? askSiteFor(copies) : null;
  await writeChangedPages(pages, render, store);
  if (made) logger.info('picture copies made ahead', { asked: copies.length, ...(await made) });
}

/**
 * The next part of a rewrite: the lists first (in its first part, `parts` 0), then the stories after the last one
 * written. Its save is conditional on the part it continued from, so a stream record delivered twice runs no second chain.
 */
async function rewritePart(rewrite: Omit<PageRewriteItem, 'updatedAt' | 'expiresAt'>): Promise<void> {
  const index = await publicArticleIndex(0);
  const all = index.query({ limit: Number.MAX_SAFE_INTEGER }).items.map((article) => ({ id: article.id, title: article.title, publishedAt: article.publishedAt }));
  const cursor = rewrite.afterId && rewrite.afterPublishedAt ? { id: rewrite.afterId, publishedAt: rewrite.afterPublishedAt } : null;
  const stories = cursor ? storiesAfter(all, cursor) : all;
  const part = await rewriteAllPages(stories, render, store, { lists: rewrite.parts === 0, storiesAtMost: rewrite.storiesPerPart, deadline: Date.now() + REWRITE_PART_MS });
  const last = part.last ?? cursor;
  const saved = await savePageRewrite({
    ...rewrite,
    status: part.left > 0 ? 'running' : 'done',
    parts: rewrite.parts + 1,
    written: rewrite.written + part.stories,
    listPages: rewrite.listPages + part.listPages,
    ...(last ? { afterId: last.id, afterPublishedAt: last.publishedAt } : {}),
  });
  // A count operators can follow in the function's log while a rewrite goes on.
  logger.info('site pages rewrite part', { rewrite: rewrite.id, part: rewrite.parts + 1, written: rewrite.written + part.stories, left: part.left, saved });
}

function articleImage(image: StreamImage | undefined): Record<string, unknown> | undefined {
  const decoded = streamItem(image);
  return decoded?.entity === 'article' ? decoded.item : undefined;
}

/** The described function's entry: every invocation's duration and outcome are recorded (platform/run-metrics.ts). */
export const handler = withRunMetrics('site-pages', handleEvent);
