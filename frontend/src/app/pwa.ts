/** Reader spec section 4: the app cache version; a stored version that differs clears every cache and reloads. */
export const APP_CACHE_VERSION = '2.1.0';
const VERSION_KEY = 'news-hub-cache-version';

/** Registers /sw.js once the page has loaded (production builds only: Vite's dev server must not be cached). */
export async function startOfflineSupport(): Promise<void> {
  const stored = localStorage.getItem(VERSION_KEY);
  localStorage.setItem(VERSION_KEY, APP_CACHE_VERSION);
  if (stored && stored !== APP_CACHE_VERSION && 'caches' in window) {
    await Promise.all((await caches.keys()).map((name) => caches.delete(name)));
    window.location.reload();
    return;
  }
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  // The app starts after the first paint (app/first-paint.ts), often after the load event has passed.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
