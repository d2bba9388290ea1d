/**
 * The pages written when content changes (docs/decisions/first-screen-html.md): which pages a change
 * rewrites, and each page put together from the deployed shell (index.html, whose hashed asset names it
 * keeps), its head and the app's own first render. The rendering itself (React on the server, answering the
 * app's reads with the API's routes) is handed in by the entry point, which may reach the front end.
 */
import { isPublicArticle } from '#domain/reader/public-articles.ts';
import { COPIES_MADE_AHEAD, hasPublisherImage, resizedImageUrl } from '#domain/content/resized-images.ts';
import { changesWrittenPages, storyPath, writtenPageKey, WRITTEN_LIST_PAGES } from '#domain/reader/site-pages.ts';
import { isCategorySlug, PUBLIC_CATEGORY_SLUGS, type CategorySlug } from '#domain/content/categories.ts';
import { logger } from '#core/logger.ts';
import { withFirstScreenCss } from './first-screen-css.ts';

/** One path rendered as the app first renders it. */
export interface RenderedPath {
  /** The markup of the app's root element. */
  markup: string;
  /** The script element with the answers the markup was rendered from. */
  stateScript: string;
  /** The head's tags for this page (title, description, canonical, Open Graph, structured data). */
  head: string;
  /** For a list: how many pages the list has. */
  listPages: number | null;
  /** For a story: false when it is not (or no longer) public. */
  found: boolean;
}

/** A page the writer writes: one page of a list of stories, or a story's own page; `path` is its address. */
export type WrittenPath =
  | { kind: 'list'; list: StoryList; page: number; path: string }
  | { kind: 'story'; story: { id: string; title: string }; path: string };

/** Renders one written page of the site. */
export type PathRenderer = (target: WrittenPath) => Promise<RenderedPath>;

/** Where written pages go: the site's bucket on AWS, the object store's locally. */
export interface WrittenPageStore {
  put(key: string, html: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** The deployed app shell (index.html). */
  shell(): Promise<string>;
}

/** A list of stories with pages of its own: the home page's, or a category's. */
export type StoryList = { kind: 'home' } | { kind: 'category'; slug: CategorySlug };

const listPath = (list: StoryList) => (list.kind === 'home' ? '/' : `/categories/${list.slug}`);
const pageQuery = (page: number) => (page > 1 ? `?page=${page}` : '');
const keyOf = (path: string, page: number | null) => {
  const key = writtenPageKey(path, page === null || page === 1 ? null : String(page));
  if (!key) throw new Error(`No written page answers ${path} (page ${page})`);
  return key;
};

/** The shell's root element, whose markers enclose what it shows before the script runs (frontend/index.html). */
const ROOT_ELEMENT = /<div id="root"><!--first-screen-->[\s\S]*?<!--\/first-screen--><\/div>/;
const TITLE = /<title>[\s\S]*?<\/title>/;

/**
 * A written page: the shell with the page's head in place of its title, the app's first render in its root
 * and the answers beside it. A shell without the markers is refused: a page without its render is worse
 * than the shell alone.
 */
export function composePage(shell: string, rendered: Pick<RenderedPath, 'markup' | 'stateScript' | 'head'>): string {
  if (!ROOT_ELEMENT.test(shell) || !TITLE.test(shell)) throw new Error('The site shell (index.html) has no <title> or no root element with first-screen markers');
  // The root holds the app's render alone (hydration reads every node in it); the answers follow it.
  return shell.replace(TITLE, () => rendered.head).replace(ROOT_ELEMENT, () => `<div id="root">${rendered.markup}</div>${rendered.stateScript}`);
}

/** A written page as stored: composed, its inline stylesheet cut to the rules its markup uses (first-screen-css.ts). */
const writtenPage = (shell: string, rendered: Pick<RenderedPath, 'markup' | 'stateScript' | 'head'>) => withFirstScreenCss(composePage(shell, rendered));

/**
 * Writes a list's pages, 1 to as many as it has (at most WRITTEN_LIST_PAGES), and removes the written pages
 * beyond its end (a list that shrank). Returns how many were written.
 */
export async function writeListPages(list: StoryList, render: PathRenderer, store: WrittenPageStore, shell: string): Promise<number> {
  const path = listPath(list);
  const renderPage = (page: number) => render({ kind: 'list', list, page, path: `${path}${pageQuery(page)}` });
  const first = await renderPage(1);
  await store.put(keyOf(path, 1), await writtenPage(shell, first));
  const pages = Math.min(Math.max(first.listPages ?? 1, 1), WRITTEN_LIST_PAGES);
  for (let page = 2; page <= pages; page += 1) await store.put(keyOf(path, page), await writtenPage(shell, await renderPage(page)));
  for (let page = pages + 1; page <= WRITTEN_LIST_PAGES; page += 1) await store.remove(keyOf(path, page));
  return pages;
}

/** Writes a story's page, or removes it when the story is not public (any more). */
export async function writeStoryPage(story: { id: string; title: string }, render: PathRenderer, store: WrittenPageStore, shell: string): Promise<'written' | 'removed'> {
  const path = storyPath(story);
  const rendered = await render({ kind: 'story', story, path });
  if (!rendered.found) {
    await store.remove(keyOf(path, null));
    return 'removed';
  }
  await store.put(keyOf(path, null), await writtenPage(shell, rendered));
  return 'written';
}

export async function removeStoryPage(story: { id: string; title: string }, store: WrittenPageStore): Promise<void> {
  await store.remove(keyOf(storyPath(story), null));
}

/** An article as the table stream shows it before and after a change. */
export interface ArticleChange {
  before?: Record<string, unknown> | undefined;
  after?: Record<string, unknown> | undefined;
}

/** What a batch of article changes rewrites. */
export interface PagesToWrite {
  lists: StoryList[];
  stories: Array<{ id: string; title: string; public: boolean }>;
}

const isPublic = (image: Record<string, unknown> | undefined) =>
  Boolean(image) && isPublicArticle(image as { status: string; category: string; isDuplicate?: boolean; relevanceScore?: number });

/**
 * The pages a batch of article changes touches: a story that is or was public has its page written or
 * removed, and the home page's list and its category's (both categories' when it moved) are rewritten. A
 * change readers cannot see (a view counted, a draft edited) rewrites nothing.
 */
export function pagesToWrite(changes: readonly ArticleChange[]): PagesToWrite {
  const categories = new Set<CategorySlug>();
  const stories = new Map<string, { id: string; title: string; public: boolean }>();
  for (const { before, after } of changes) {
    const wasPublic = isPublic(before);
    const nowPublic = isPublic(after);
    if (!wasPublic && !nowPublic) continue;
    if (wasPublic && nowPublic && !changesWrittenPages(before, after)) continue;
    const latest = (after ?? before) as Record<string, unknown>;
    for (const image of [before, after]) if (image && isCategorySlug(String(image.category))) categories.add(image.category as CategorySlug);
    stories.set(String(latest.id), { id: String(latest.id), title: String(latest.title ?? ''), public: nowPublic });
  }
  if (stories.size === 0) return { lists: [], stories: [] };
  return { lists: [{ kind: 'home' }, ...[...categories].map((slug) => ({ kind: 'category' as const, slug }))], stories: [...stories.values()] };
}

/**
 * Stories per batch whose copies are made ahead, the newest first: the page writer's batch ends when they are made
 * (asked for while its pages are written), so a burst (an ingest publishing dozens) must not hold the next batch's
 * pages back; the home page's first screen shows about this many. `npm run bench -- site-pages` measures the lag (docs/benchmarks.md).
 */
export const STORIES_MADE_AHEAD = 8;

/**
 * The site paths of the picture copies to make ahead for a batch of changes: a story just made public, or a public
 * story whose picture was replaced, the newest STORIES_MADE_AHEAD of them. Each copy is made on its first request and
 * kept a year at the edge, so asking for it once as the story is published spares its first readers the resize
 * (docs/decisions/resized-images.md).
 */
export function pictureCopiesToMake(changes: readonly ArticleChange[]): string[] {
  const pictured: Array<{ id: string; imageUrl: string | null; publishedAt: string }> = [];
  for (const { before, after } of changes) {
    if (!after || !isPublic(after)) continue;
    const imageUrl = typeof after.imageUrl === 'string' ? after.imageUrl : null;
    if (!hasPublisherImage(imageUrl) || (isPublic(before) && before?.imageUrl === imageUrl)) continue;
    pictured.push({ id: String(after.id), imageUrl, publishedAt: String(after.originalPublishedAt ?? after.createdAt ?? '') });
  }
  const newest = pictured.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt)).slice(0, STORIES_MADE_AHEAD);
  const paths = new Set<string>();
  for (const picture of newest) {
    for (const [width, shape] of COPIES_MADE_AHEAD) {
      const path = resizedImageUrl(picture, width, shape);
      if (path) paths.add(path);
    }
  }
  return [...paths];
}

/** Writes what a batch of changes touches; returns the counts for the log. */
export async function writeChangedPages(pages: PagesToWrite, render: PathRenderer, store: WrittenPageStore): Promise<{ lists: number; listPages: number; stories: number; removed: number }> {
  const counts = { lists: 0, listPages: 0, stories: 0, removed: 0 };
  if (pages.lists.length === 0 && pages.stories.length === 0) return counts;
  const shell = await store.shell();
  for (const story of pages.stories) {
    if (!story.public) {
      await removeStoryPage(story, store);
      counts.removed += 1;
    } else if ((await writeStoryPage(story, render, store, shell)) === 'written') counts.stories += 1;
    else counts.removed += 1;
  }
  for (const list of pages.lists) {
    counts.listPages += await writeListPages(list, render, store, shell);
    counts.lists += 1;
  }
  logger.info('site pages written', counts);
  return counts;
}

/** A story of the rewrite of every page, in the search index's newest-first order. */
export type RewrittenStory = { id: string; title: string; publishedAt: string };
/** Where a rewrite stopped: the last story it wrote. */
export type RewriteCursor = Pick<RewrittenStory, 'id' | 'publishedAt'>;

/** The stories after the cursor in the index's newest-first order (time, then id, both descending). */
export function storiesAfter(stories: readonly RewrittenStory[], cursor: RewriteCursor): RewrittenStory[] {
  const at = Date.parse(cursor.publishedAt);
  return stories.filter((story) => {
    const time = Date.parse(story.publishedAt);
    return time < at || (time === at && story.id < cursor.id);
  });
}

/** Story pages rendered side by side: one's bucket write overlaps the next one's render. */
const STORIES_AT_ONCE = 4;

/**
 * One part of the rewrite of every page (after a deploy: the shell's asset names changed): the list pages when
 * `lists`, then the stories given, newest first, until `storiesAtMost` are written or the deadline passes (at least
 * one group of STORIES_AT_ONCE is written, so a chain of parts always ends). Returns the last story written and how
 * many are left, for the next part.
 */
export async function rewriteAllPages(
  stories: readonly RewrittenStory[],
  render: PathRenderer,
  store: WrittenPageStore,
  part: { lists: boolean; storiesAtMost: number; deadline: number; now?: () => number },
): Promise<{ listPages: number; stories: number; last: RewriteCursor | null; left: number }> {
  const now = part.now ?? Date.now;
  const shell = await store.shell();
  let listPages = 0;
  if (part.lists) {
    listPages += await writeListPages({ kind: 'home' }, render, store, shell);
    for (const slug of PUBLIC_CATEGORY_SLUGS) listPages += await writeListPages({ kind: 'category', slug }, render, store, shell);
  }
  const wanted = stories.slice(0, Math.max(1, part.storiesAtMost));
  let [done, written] = [0, 0];
  while (done < wanted.length && (done === 0 || now() < part.deadline)) {
    const group = wanted.slice(done, done + STORIES_AT_ONCE);
    const outcomes = await Promise.all(group.map((story) => writeStoryPage(story, render, store, shell)));
    written += outcomes.filter((outcome) => outcome === 'written').length;
    done += group.length;
  }
  const lastStory = stories[done - 1];
  const left = stories.length - done;
  logger.info('site pages rewritten', { listPages, stories: written, left });
  return { listPages, stories: written, last: lastStory ? { id: lastStory.id, publishedAt: lastStory.publishedAt } : null, left };
}
