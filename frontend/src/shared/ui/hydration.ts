import { createContext, createElement, startTransition, useContext, useEffect, useState, useSyncExternalStore, type ReactNode, type RefObject } from 'react';

/**
 * A written page (docs/decisions/first-screen-html.md) is rendered on the server and hydrated in the browser:
 * the browser's first render must produce the server's markup exactly. So what a component reads from the
 * browser (the session, the theme, the clock) goes through these hooks: while hydrating they answer what the
 * server knew, and the render after, what the browser knows.
 *
 * That second render is a transition, started once the page has hydrated: React renders it in slices, between
 * which the browser stays responsive. (useSyncExternalStore's server snapshot would do the same in one forced,
 * blocking render of every reader, with the page's passive effects flushed in the same task: on a slow phone
 * the home page's longest task, docs/benchmarks.md.)
 */

/** Set in the browser before hydrating a written page; a page the app renders itself knows the browser at once. */
let hydratingWrittenPage = false;
/** When the written page was rendered: the server sets it before rendering, the browser from the page before hydrating. */
let pageRenderedAt = 0;

/** The server calls it before rendering a page, the browser before hydrating one. */
export function setPageRenderedAt(at: number): void {
  pageRenderedAt = at;
  if (typeof window !== 'undefined') hydratingWrittenPage = true;
}

const inBrowser = () => typeof window !== 'undefined';
/** False on the server; in the browser, true unless a provider says the page is still hydrating. */
const Hydrated = createContext<boolean>(inBrowser());

/** Above every reader of the hooks below: false while a written page hydrates, then true (as a transition). */
export function HydrationProvider({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(() => inBrowser() && !hydratingWrittenPage);
  useEffect(() => {
    if (!hydrated) {
      startTransition(() => setHydrated(true));
      return;
    }
    // Said on the page once every control answers (the browser tests wait for it: test/support/browser.ts).
    document.documentElement.dataset.app = 'ready';
  }, [hydrated]);
  return createElement(Hydrated.Provider, { value: hydrated }, children);
}

/** False on the server and while hydrating; true in every browser render after (and in a page the app rendered itself). */
export function useHydrated(): boolean {
  return useContext(Hydrated);
}

/** The clock moves the shown times on once a minute. */
const MINUTE_MS = 60_000;
/** The same value all through a minute, as a snapshot must be. */
const thisMinute = () => Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;
function subscribeToMinutes(changed: () => void): () => void {
  const timer = setInterval(changed, MINUTE_MS);
  return () => clearInterval(timer);
}

/** Now, to the minute, for relative times ("3 hours ago"): the page's render time until hydrated. */
export function useNow(): Date {
  const hydrated = useHydrated();
  // The same snapshot for hydration as after it: the written page's time comes from `hydrated`, not from here.
  const minute = useSyncExternalStore(subscribeToMinutes, thisMinute, thisMinute);
  return new Date(hydrated ? minute : pageRenderedAt || minute);
}

/**
 * A field of a written page can be typed into before the app starts (app/first-paint.ts: the page is painted
 * first): once the app has taken over the field, what was typed becomes the component's value instead of being
 * wiped by the app's first render.
 */
export function useTypedBeforeStart(field: RefObject<HTMLInputElement | null>, value: string, take: (typed: string) => void): void {
  useEffect(() => {
    const typed = field.current?.value ?? '';
    if (typed && typed !== value) take(typed);
    // Once, when the app takes over the field: later the component owns the value.
  }, []);
}
