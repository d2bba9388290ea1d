import { describe, expect, it } from 'vitest';
import { changesWrittenPages, storyIdOf, storyPath, writtenPageKey, WRITTEN_LIST_PAGES } from '#domain/reader/site-pages.ts';
import { composePage, pagesToWrite, pictureCopiesToMake, rewriteAllPages, storiesAfter, STORIES_MADE_AHEAD, writeListPages, type PathRenderer, type RewrittenStory, type WrittenPageStore } from '../../lambdas/services/site-pages.ts';
import { COPIES_MADE_AHEAD, resizedImageUrl } from '#domain/content/resized-images.ts';
import { firstScreenStateScript, readFirstScreenState } from '#web/app/first-screen-state.ts';

const ID = '0b7c2f4e-9a1d-4c3b-8e2f-1a2b3c4d5e6f';

describe('a story\'s own address', () => {
  it('reads its headline, then its id; the id alone finds it', () => {
    expect(storyPath({ id: ID, title: 'Instagram changes Reels payouts for Indian creators!' })).toBe(`/story/instagram-changes-reels-payouts-for-indian-creators-${ID}`);
    expect(storyPath({ id: ID, title: '¿¿??' })).toBe(`/story/${ID}`);
    expect(storyIdOf(`instagram-changes-${ID}`)).toBe(ID);
    expect(storyIdOf(ID.toUpperCase())).toBe(ID);
    expect(storyIdOf('instagram-changes')).toBeNull();
  });
});

describe('the picture copies made as a story is published', () => {
  const picture = 'https://publisher.example.in/photos/fund.jpg';
  const story = (fields: Record<string, unknown> = {}) => ({ id: ID, title: 'A headline', status: 'published', category: 'platform-updates', relevanceScore: 90, imageUrl: picture, ...fields });
  const copies = (imageUrl: string) => COPIES_MADE_AHEAD.map(([width, shape]) => resizedImageUrl({ id: ID, imageUrl }, width, shape));

  it('are its first readers\' copies, for a story made public or a public story whose picture was replaced', () => {
    expect(pictureCopiesToMake([{ before: story({ status: 'pending' }), after: story() }])).toEqual(copies(picture));
    expect(pictureCopiesToMake([{ after: story() }])).toEqual(copies(picture));
    const replaced = 'https://publisher.example.in/photos/fund-v2.jpg';
    expect(pictureCopiesToMake([{ before: story(), after: story({ imageUrl: replaced }) }])).toEqual(copies(replaced));
    // The phone card's band and the standard shape, 480 to 960: what ArticleImage's srcset offers first readers.
    expect(copies(picture).some((path) => path?.includes('720b-'))).toBe(true);
  });

  it('are none for a change readers do not see, a story taken down, a draft, or a story without a picture of its own', () => {
    expect(pictureCopiesToMake([{ before: story(), after: story({ title: 'Edited' }) }])).toEqual([]);
    expect(pictureCopiesToMake([{ before: story(), after: story({ status: 'archived' }) }])).toEqual([]);
    expect(pictureCopiesToMake([{ before: story(), after: undefined }])).toEqual([]);
    expect(pictureCopiesToMake([{ after: story({ status: 'pending' }) }])).toEqual([]);
    expect(pictureCopiesToMake([{ after: story({ imageUrl: null }) }, { after: story({ imageUrl: '/images/fallback/influencer.svg' }) }])).toEqual([]);
  });

  it('are the newest pictured stories\' alone in a burst, so the next batch\'s pages are not held back', () => {
    const burst = Array.from({ length: STORIES_MADE_AHEAD + 5 }, (_, n) => ({
      after: story({ id: `0b7c2f4e-9a1d-4c3b-8e2f-${String(n).padStart(12, '0')}`, originalPublishedAt: new Date(Date.UTC(2026, 10, 1, n)).toISOString() }),
    }));
    // A story without a picture takes no place among them.
    const made = pictureCopiesToMake([{ after: story({ id: 'no-picture', imageUrl: null, originalPublishedAt: '2027-01-01T00:00:00.000Z' }) }, ...burst]);
    expect(made).toHaveLength(STORIES_MADE_AHEAD * COPIES_MADE_AHEAD.length);
    const ids = new Set(made.map((path) => path.split('/')[2]));
    expect(ids).toEqual(new Set(burst.slice(-STORIES_MADE_AHEAD).map(({ after }) => after.id)));
  });
});

describe('the written page that answers a path', () => {
  it('is the home page, a category\'s or a story\'s, page by page', () => {
    expect(writtenPageKey('/', null)).toBe('pages/home/1.html');
    expect(writtenPageKey('/', '2')).toBe('pages/home/2.html');
    expect(writtenPageKey('/categories/platform-updates', null)).toBe('pages/categories/platform-updates/1.html');
    expect(writtenPageKey('/categories/platform-updates/', '3')).toBe('pages/categories/platform-updates/3.html');
    expect(writtenPageKey(`/story/some-headline-${ID}`, null)).toBe(`pages/story/${ID}.html`);
    expect(writtenPageKey(`/story/${ID}`, null)).toBe(`pages/story/${ID}.html`);
  });

  it('exists for the pages the writer writes and no others (the function\'s written-out limit is WRITTEN_LIST_PAGES)', () => {
    expect(writtenPageKey('/', String(WRITTEN_LIST_PAGES))).not.toBeNull();
    expect(writtenPageKey('/', String(WRITTEN_LIST_PAGES + 1))).toBeNull();
    for (const page of ['0', '-1', '01', 'x', '2.5', '']) expect(writtenPageKey('/', page), page).toBeNull();
    // A story has one page; an address that is not a story or list is the app's.
    expect(writtenPageKey(`/story/${ID}`, '2')).toBeNull();
    for (const path of ['/bookmarks', '/categories', '/categories/a/b', '/story/not-an-id', '/categories/../admin']) expect(writtenPageKey(path, null), path).toBeNull();
  });

  it('is a plain function CloudFront can run: no imports or module constants in its source', () => {
    const source = writtenPageKey.toString();
    const run = new Function(`${source}; return writtenPageKey;`)() as typeof writtenPageKey;
    expect(run('/', '2')).toBe('pages/home/2.html');
    expect(source.replace(/\/\/.*$/gm, '')).not.toMatch(/\bimport\b|WRITTEN_LIST_PAGES|SITE_PAGES_PREFIX/);
  });
});

const published = (fields: Record<string, unknown> = {}) => ({ id: ID, title: 'A headline', status: 'published', category: 'platform-updates', relevanceScore: 90, ...fields });

describe('what a change rewrites', () => {
  it('a story published: its page, the home page\'s list and its category\'s', () => {
    expect(pagesToWrite([{ before: published({ status: 'pending' }), after: published() }])).toEqual({
      lists: [{ kind: 'home' }, { kind: 'category', slug: 'platform-updates' }],
      stories: [{ id: ID, title: 'A headline', public: true }],
    });
  });

  it('a story archived or deleted: its page removed, the lists rewritten', () => {
    for (const after of [published({ status: 'archived' }), undefined]) {
      const pages = pagesToWrite([{ before: published(), after }]);
      expect(pages.stories).toEqual([{ id: ID, title: 'A headline', public: false }]);
      expect(pages.lists).toHaveLength(2);
    }
  });

  it('a story moved to another category: both categories\' lists', () => {
    const pages = pagesToWrite([{ before: published(), after: published({ category: 'brand-partnerships' }) }]);
    expect(pages.lists).toEqual([{ kind: 'home' }, { kind: 'category', slug: 'platform-updates' }, { kind: 'category', slug: 'brand-partnerships' }]);
  });

  it('nothing for a view counted, or a draft edited', () => {
    expect(pagesToWrite([{ before: published({ viewsCount: 3 }), after: published({ viewsCount: 4 }) }])).toEqual({ lists: [], stories: [] });
    expect(pagesToWrite([{ before: published({ status: 'pending' }), after: published({ status: 'pending', title: 'Edited' }) }])).toEqual({ lists: [], stories: [] });
    expect(changesWrittenPages(published({ viewsCount: 3 }), published({ viewsCount: 9 }))).toBe(false);
    expect(changesWrittenPages(published(), published({ title: 'Edited' }))).toBe(true);
  });
});

const SHELL = '<!doctype html><html><head><title>Creator News Hub</title><script type="module" src="/assets/app-1.js"></script></head><body><div id="root"><!--first-screen--><header>x</header><!--/first-screen--></div></body></html>';

describe('a written page', () => {
  it('is the deployed shell with the page\'s head, the app\'s render in the root and its answers after it', () => {
    const page = composePage(SHELL, { head: '<title>A &amp; B</title>', markup: '<main>cards</main>', stateScript: '<script type="application/json" id="first-screen-state">{}</script>' });
    expect(page).toContain('<title>A &amp; B</title>');
    expect(page).toContain('<div id="root"><main>cards</main></div><script type="application/json"');
    expect(page).toContain('/assets/app-1.js');
    expect(page).not.toContain('first-screen-->');
    // A `$&` in the markup is text, not a replacement pattern.
    expect(composePage(SHELL, { head: '', markup: 'price $& more', stateScript: '' })).toContain('price $& more');
  });

  it('is refused when the shell has no markers (a page without its render is worse than the shell)', () => {
    expect(() => composePage('<html><title>x</title><div id="root"></div></html>', { head: '', markup: '', stateScript: '' })).toThrow(/first-screen markers/);
  });

  it('carries its answers in a script no headline can close', () => {
    const script = firstScreenStateScript({ renderedAt: 5, queries: { mutations: [], queries: [{ queryKey: ['x'], queryHash: 'x', state: { data: '</script><script>alert(1)</script>' } }] } as never });
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    const body = script.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '');
    const document = { getElementById: () => ({ textContent: body }) } as unknown as Document;
    expect(readFirstScreenState(document)?.queries.queries[0]?.state.data).toBe('</script><script>alert(1)</script>');
  });
});

describe('a list\'s written pages', () => {
  it('are 1 to as many as the list has, at most WRITTEN_LIST_PAGES, and the ones beyond its end removed', async () => {
    const put: string[] = [];
    const removed: string[] = [];
    const store: WrittenPageStore = { put: async (key) => void put.push(key), remove: async (key) => void removed.push(key), shell: async () => SHELL };
    const rendered: string[] = [];
    const render: PathRenderer = async (target) => {
      rendered.push(target.path);
      return { markup: '<main></main>', stateScript: '', head: '<title>t</title>', listPages: 3, found: true };
    };
    expect(await writeListPages({ kind: 'category', slug: 'general' }, render, store, SHELL)).toBe(3);
    expect(rendered).toEqual(['/categories/general', '/categories/general?page=2', '/categories/general?page=3']);
    expect(put).toEqual(['pages/categories/general/1.html', 'pages/categories/general/2.html', 'pages/categories/general/3.html']);
    expect(removed).toHaveLength(WRITTEN_LIST_PAGES - 3);
    expect(removed[0]).toBe('pages/categories/general/4.html');
  });
});

describe('the rewrite of every page, in parts', () => {
  // Newest first, as the index lists them; two share a time, the larger id first.
  const stories: RewrittenStory[] = Array.from({ length: 10 }, (_, index) => ({
    id: `${ID.slice(0, -2)}${String(index === 5 ? 4 : 19 - index).padStart(2, '0')}`,
    title: `Story ${index}`,
    publishedAt: new Date(Date.UTC(2026, 10, 20) - (index === 5 ? 4 : index) * 3_600_000).toISOString(),
  }));
  const writer = () => {
    const put: string[] = [];
    const store: WrittenPageStore = { put: async (key) => void put.push(key), remove: async () => undefined, shell: async () => SHELL };
    const render: PathRenderer = async () => ({ markup: '<main></main>', stateScript: '', head: '<title>t</title>', listPages: 1, found: true });
    return { put, store, render, storyPages: () => put.filter((key) => key.startsWith('pages/story/')) };
  };

  it('goes on after the last story written, in the index\'s order, without skipping or repeating one', () => {
    expect(stories[4]!.publishedAt).toBe(stories[5]!.publishedAt);
    expect(storiesAfter(stories, stories[4]!)).toEqual(stories.slice(5));
    expect(storiesAfter(stories, stories[5]!)).toEqual(stories.slice(6));
    expect(storiesAfter(stories, stories[9]!)).toEqual([]);
    // A story published since the part stopped is newer: not in the rest (its own change writes its page).
    const newer = { id: ID, title: 'New', publishedAt: new Date(Date.UTC(2026, 10, 21)).toISOString() };
    expect(storiesAfter([newer, ...stories], stories[2]!)).toEqual(stories.slice(3));
  });

  it('writes the lists in its first part only, then stories until its cap, and says where it stopped', async () => {
    const { put, store, render, storyPages } = writer();
    const first = await rewriteAllPages(stories, render, store, { lists: true, storiesAtMost: 6, deadline: Number.POSITIVE_INFINITY });
    expect(first).toMatchObject({ stories: 6, left: 4, last: { id: stories[5]!.id, publishedAt: stories[5]!.publishedAt } });
    expect(first.listPages).toBeGreaterThan(1);
    expect(storyPages()).toHaveLength(6);
    const before = put.length;
    const rest = await rewriteAllPages(storiesAfter(stories, first.last!), render, store, { lists: false, storiesAtMost: 6, deadline: Number.POSITIVE_INFINITY });
    expect(rest).toMatchObject({ listPages: 0, stories: 4, left: 0, last: { id: stories[9]!.id } });
    expect(put.length - before).toBe(4);
    expect(new Set(storyPages()).size).toBe(10);
  });

  it('stops starting stories when its time is spent, but always writes some, so a chain of parts ends', async () => {
    const { store, render } = writer();
    let clock = 0;
    const spent = await rewriteAllPages(stories, render, store, { lists: false, storiesAtMost: 100, deadline: 0, now: () => clock });
    expect(spent.stories).toBeGreaterThan(0);
    expect(spent.left).toBe(10 - spent.stories);
    const timed = await rewriteAllPages(stories, render, store, { lists: false, storiesAtMost: 100, deadline: 2, now: () => (clock += 1) });
    expect(timed.stories).toBeGreaterThan(spent.stories);
    expect(timed.left).toBeGreaterThan(0);
  });
});
