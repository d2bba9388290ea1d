/**
 * The written page first, the app after (docs/decisions/first-screen-html.md): the app's script (React, the
 * router, the reader's screens) is fetched and evaluated only once the browser has painted the page and its first
 * picture. Earlier, on a phone's network its download shared the line with that picture, the page's largest paint,
 * and its evaluation held the main thread while the picture waited for a frame. The page is readable and its
 * links work before the app runs.
 */

/**
 * At most this long for the first picture: the app never waits on a picture that is slow or never comes (its
 * controls, Save, Like, Share and the search's suggestions, answer only once it runs).
 */
const FIRST_PICTURE_WAIT_MS = 1000;
/** A frame may never come (a tab opened in the background paints nothing): the app starts after this anyway. */
const FRAME_WAIT_MS = 100;

function firstPictureShown(page: Document): Promise<void> {
  const picture = page.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
  if (!picture || picture.complete) return Promise.resolve();
  return new Promise((resolve) => {
    picture.addEventListener('load', () => resolve(), { once: true });
    picture.addEventListener('error', () => resolve(), { once: true });
    setTimeout(resolve, FIRST_PICTURE_WAIT_MS);
  });
}

/** Resolves after the next frame has been painted (a task queued from requestAnimationFrame runs after it). */
function afterNextFrame(page: Document): Promise<void> {
  if (page.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, FRAME_WAIT_MS);
  });
}

/** Resolves at a reader's first touch, click, key or focus: they want the page's controls now, not after the picture. */
function firstInteraction(page: Document): Promise<void> {
  return new Promise((resolve) => {
    for (const type of ['pointerdown', 'keydown', 'focusin'] as const) page.addEventListener(type, () => resolve(), { capture: true, once: true, passive: true });
  });
}

/** Resolves once the page as served, with its first picture, has been on screen for a frame, or the reader acts. */
export async function afterFirstPaint(page: Document): Promise<void> {
  await Promise.race([firstPictureShown(page).then(() => afterNextFrame(page)), firstInteraction(page)]);
}
