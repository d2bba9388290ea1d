/**
 * A written page's own stylesheet (docs/decisions/first-screen-html.md): the shell inlines the site's whole
 * stylesheet (33 KB, 6.7 KB with brotli), which took the home page's HTML past the first round trip of a new
 * connection (about 14 KB). A written page keeps inline only the rules its markup uses, chosen by Beasties (the
 * maintained fork of Critters: it matches every rule's selectors against the page, keeping @media, pseudo-classes
 * and the keyframes kept rules use), and names the whole file, which the app's entry loads once the page is painted,
 * before the app starts (frontend/src/app/full-stylesheet.ts). Without JavaScript the file comes through <noscript>.
 */
import Beasties from 'beasties';
import { FIRST_SCREEN_STYLE_ATTRIBUTE, STYLESHEET_ATTRIBUTE } from '#domain/reader/first-screen-style.ts';
import { logger } from '#core/logger.ts';

const SHELL_STYLE = new RegExp(`<style ${STYLESHEET_ATTRIBUTE}="(/[^"<>]+\\.css)">([\\s\\S]*?)</style>`);

// Inline styles only (the shell links none), nothing merged, no font preloads; its log is silent, a miss is ours to see.
const beasties = new Beasties({ external: false, reduceInlineStyles: true, mergeStylesheets: false, fonts: false, keyframes: 'critical', compress: true, logLevel: 'silent' });

/**
 * The page with its inline stylesheet cut to the rules its markup uses, or as it was when it has no whole
 * stylesheet of the shell's (a shell built otherwise, the dev server's). Only the `<style>` changes: Beasties
 * reads the page, but what it serialises is not used, so the markup React hydrates is byte for byte the one rendered.
 */
export async function withFirstScreenCss(page: string): Promise<string> {
  const shellStyle = SHELL_STYLE.exec(page);
  if (!shellStyle) return page;
  const [whole, file] = shellStyle as unknown as [string, string];
  let rules: string | undefined;
  try {
    rules = SHELL_STYLE.exec(await beasties.process(page))?.[2];
  } catch (error) {
    // The whole stylesheet draws the page too, one round trip later: never a page unwritten (and its batch retried) for this.
    logger.warn('first-screen rules not chosen; the page keeps the whole stylesheet', { error: error instanceof Error ? error.message : String(error) });
  }
  if (rules === undefined) return page;
  return page.replace(whole, () => `<style ${FIRST_SCREEN_STYLE_ATTRIBUTE}="${file}">${rules}</style><noscript><link rel="stylesheet" href="${file}"></noscript>`);
}
