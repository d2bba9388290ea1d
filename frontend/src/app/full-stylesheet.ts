/**
 * A written page carries inline only the rules its markup uses (lambdas/services/first-screen-css.ts); what the
 * app draws later (the article dialog, menus, toasts, an expanded card) needs the whole stylesheet, which the page
 * names. It is asked for once the page is painted, beside the app's chunk, and the app starts once it has loaded:
 * the rules already inline come again in the same order, so nothing on screen moves.
 */
import { FIRST_SCREEN_STYLE_ATTRIBUTE } from '#domain/reader/first-screen-style.ts';

/** At most this long for the file: a stylesheet that fails or hangs never keeps the page's controls dead. */
const STYLESHEET_WAIT_MS = 3000;

/** Loads the whole stylesheet a written page names, after its own rules; resolves at once on a page that names none (the shell, the dev server). */
export function loadWholeStylesheet(page: Document): Promise<void> {
  const firstScreen = page.querySelector(`style[${FIRST_SCREEN_STYLE_ATTRIBUTE}]`);
  const file = firstScreen?.getAttribute(FIRST_SCREEN_STYLE_ATTRIBUTE);
  if (!firstScreen || !file) return Promise.resolve();
  return new Promise((resolve) => {
    const link = page.createElement('link');
    link.rel = 'stylesheet';
    link.href = file;
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    setTimeout(resolve, STYLESHEET_WAIT_MS);
    firstScreen.after(link);
  });
}
