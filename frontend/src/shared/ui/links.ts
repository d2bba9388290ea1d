import type { MouseEvent } from 'react';

/**
 * Whether a click on a link is the app's to handle: a plain left click. A click with a modifier (a new tab,
 * a new window, a download) or another button is left to the browser, which follows the link's href, the
 * same address a reader without JavaScript follows.
 */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && !event.defaultPrevented;
}
