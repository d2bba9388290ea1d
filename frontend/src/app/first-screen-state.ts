import type { DehydratedState } from '@tanstack/react-query';

/** The script element of a written page that carries what it was rendered from. */
export const FIRST_SCREEN_STATE_ID = 'first-screen-state';

/** What a written page was rendered from: the answers of its reads (TanStack Query's dehydrated cache) and when. */
export interface FirstScreenState {
  renderedAt: number;
  queries: DehydratedState;
}

/** The state as a script element's text: JSON with `<` escaped, so no text in it can close the element. */
export function firstScreenStateScript(state: FirstScreenState): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${FIRST_SCREEN_STATE_ID}">${json}</script>`;
}

/** The written page's state, or null for the app's plain shell (or a state that does not parse). */
export function readFirstScreenState(document: Document): FirstScreenState | null {
  const text = document.getElementById(FIRST_SCREEN_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as Partial<FirstScreenState>;
    return typeof state.renderedAt === 'number' && state.queries ? { renderedAt: state.renderedAt, queries: state.queries } : null;
  } catch {
    return null;
  }
}
