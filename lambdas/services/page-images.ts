import { pageImage } from '#domain/content/page-image.ts';
import { fetchPageHead } from '#adapters/page-head.ts';

/**
 * Share pictures for new items whose feed gave none: the article page's `og:image` / `twitter:image`, read
 * from its `<head>` with one polite GET per item. Any failure (slow, huge, refused, not a page, no usable
 * picture) leaves the item as it was.
 */
export interface PageImageOptions {
  timeoutMs: number;
  maxBytes: number;
  /** Least time between two requests to one host. */
  gapMs: number;
  /** Time all of one feed's pages may take together; the items after it keep their fallback. */
  budgetMs: number;
  maxRedirects: number;
}

export const PAGE_IMAGE_DEFAULTS: PageImageOptions = { timeoutMs: 5_000, maxBytes: 256 * 1024, gapMs: 500, budgetMs: 20_000, maxRedirects: 3 };

/** When each host may next be asked: kept for the function's life, so pacing holds across feeds and runs. */
const nextTurn = new Map<string, number>();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForTurn(host: string, gapMs: number): Promise<void> {
  const now = Date.now();
  const at = Math.max(now, nextTurn.get(host) ?? 0);
  nextTurn.set(host, at + gapMs);
  if (at > now) await sleep(at - now);
}

/**
 * The share picture of each page, by page address (pages that gave none are absent). Each host's pages are
 * asked one at a time, no more often than once per gapMs (hosts side by side), until the budget is spent.
 */
export async function pageImages(pageUrls: readonly string[], options: PageImageOptions = PAGE_IMAGE_DEFAULTS): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const deadline = Date.now() + options.budgetMs;
  const byHost = new Map<string, string[]>();
  for (const pageUrl of new Set(pageUrls)) {
    const host = new URL(pageUrl).host;
    byHost.set(host, [...(byHost.get(host) ?? []), pageUrl]);
  }
  await Promise.all(
    [...byHost].map(async ([host, pages]) => {
      for (const pageUrl of pages) {
        await waitForTurn(host, options.gapMs);
        const left = deadline - Date.now();
        if (left <= 0) return;
        const page = await fetchPageHead(pageUrl, { ...options, timeoutMs: Math.min(options.timeoutMs, left) });
        const image = page.kind === 'ok' ? pageImage(page.head, page.url) : null;
        if (image) found.set(pageUrl, image);
      }
    }),
  );
  return found;
}
