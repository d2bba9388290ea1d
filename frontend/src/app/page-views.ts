import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { apiAddress, siteConfig } from '#web/shared/api/config.ts';

/**
 * Privacy-friendly page views: on each reader route change, one beacon to POST /page-views
 * with the pathname (no query, no fragment; e-mail- and token-looking segments masked) and the referrer
 * (the server keeps only an external referrer's domain). No cookie, no id, nothing stored in the browser.
 * Sent after the page has rendered and while the browser is idle: never in the home page's critical path.
 */
const mask = (path: string) =>
  path
    .split('/')
    .map((segment) => (segment.includes('@') || segment.includes('%40') ? ':email' : /^(?=.*\d)[\w\-.~%]{20,}$/.test(segment) && !/^[\da-f]{8}-([\da-f]{4}-){3}[\da-f]{12}$/i.test(segment) ? ':token' : segment))
    .join('/')
    .slice(0, 300);

let lastPath: string | undefined;
let firstView = true;

function send(path: string): void {
  // The document's referrer only describes how the reader arrived: later route changes are internal.
  const referrer = firstView ? document.referrer : '';
  firstView = false;
  void siteConfig()
    .then(({ apiUrl }) => {
      const url = apiAddress(apiUrl, '/page-views').toString();
      const body = JSON.stringify({ path, referrer });
      // A string body is sent as text/plain: a simple cross-origin request, no preflight, no credentials.
      if (!navigator.sendBeacon?.(url, body)) void fetch(url, { method: 'POST', body, keepalive: true, credentials: 'omit' }).catch(() => undefined);
    })
    .catch(() => undefined);
}

/** Paths counted but not sent yet: sent when the browser is idle, or at once when the page goes away. */
const pending: string[] = [];
const flush = () => {
  for (const path of pending.splice(0)) send(path);
};
if (typeof window !== 'undefined') window.addEventListener('pagehide', flush);

/** Counts one view per pathname change of the reader site (the console is not counted). */
export function usePageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const path = mask(pathname);
    if (path === lastPath) return;
    lastPath = path;
    pending.push(path);
    // Idle, but within 2 s: a busy page must not hold a view back until the reader leaves.
    if (window.requestIdleCallback) window.requestIdleCallback(flush, { timeout: 2000 });
    else window.setTimeout(flush, 1);
  }, [pathname]);
}
