/*
 * Creator News Hub service worker: the app shell and hashed assets from cache, recent pages and the
 * reader API's answers from the network first with the last copy kept for offline reading.
 * The version names the caches; a new version drops the old ones (reader spec: cache version 2.1.0).
 */
const VERSION = '2.1.0';
const SHELL_CACHE = `cnh-shell-${VERSION}`;
const PAGES_CACHE = `cnh-pages-${VERSION}`;
const API_CACHE = `cnh-api-${VERSION}`;
// The signed-in reader's saved articles, for reading offline; the page deletes it on sign-out.
const SAVED_CACHE = `cnh-saved-${VERSION}`;
const SHELL = ['/', '/manifest.webmanifest', '/favicon.svg', '/icon-192.png'];
const RECENT_PAGES = 20;
const RECENT_ANSWERS = 50;
// The API answers under /api on the site's origin (CloudFront, and the local runtime alike).
const READER_API = /^\/api\/(articles|categories|widgets|trending-keywords)(\/|$)/;
const BOOKMARKS = '/api/me/bookmarks';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  const current = new Set([SHELL_CACHE, PAGES_CACHE, API_CACHE, SAVED_CACHE]);
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => !current.has(name)).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

async function keepRecent(cacheName, limit) {
  const cache = await caches.open(cacheName);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - limit)).map((key) => cache.delete(key)));
}

async function networkFirst(request, cacheName, limit, fallbackUrl) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const cache = await caches.open(cacheName);
      await cache.put(request, response.clone());
      void keepRecent(cacheName, limit);
    }
    return response;
  } catch (error) {
    const cached = (await caches.match(request)) ?? (fallbackUrl ? await caches.match(fallbackUrl) : undefined);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await (await caches.open(SHELL_CACHE)).put(request, response.clone());
  return response;
}

/**
 * The bookmarks list from the network when there is one, else the last copy; each fresh list also keeps
 * every saved article's page, so the dialog opens offline too.
 */
async function savedArticles(request) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const cache = await caches.open(SAVED_CACHE);
      await cache.put(request, response.clone());
      const { items = [] } = await response.clone().json();
      await Promise.all(
        items.map(async ({ id }) => {
          const url = new URL(`../articles/${encodeURIComponent(id)}`, new URL(request.url)).href;
          if (await cache.match(url)) return;
          const article = await fetch(url).catch(() => null);
          if (article?.ok) await cache.put(url, article);
        }),
      );
    }
    return response;
  } catch (error) {
    const cached = await caches.match(request, { cacheName: SAVED_CACHE });
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, PAGES_CACHE, RECENT_PAGES, '/'));
  } else if (url.origin === self.location.origin && url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else if (url.origin === self.location.origin && url.pathname === '/config.json') {
    event.respondWith(networkFirst(request, SHELL_CACHE, 100));
  } else if (url.origin === self.location.origin && url.pathname === BOOKMARKS) {
    event.respondWith(savedArticles(request));
  } else if (url.origin === self.location.origin && READER_API.test(url.pathname)) {
    event.respondWith(networkFirst(request, API_CACHE, RECENT_ANSWERS));
  }
});

/*
 * Web push (issue #37): the server sends JSON { title, body, url, tag, kind } (lambdas/domain/reader/push.ts
 * PushMessage), encrypted for this browser. It is shown as a notification; a click opens its page of the site
 * (a story's own page for breaking news), in a tab of the site already open when there is one.
 */
self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof message.title === 'string' && message.title ? message.title : 'Creator News Hub';
  const url = typeof message.url === 'string' && message.url.startsWith('/') && !message.url.startsWith('//') ? message.url : '/';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      tag: typeof message.tag === 'string' ? message.tag : undefined,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin && 'navigate' in client);
      if (open) return open.navigate(target).then((client) => (client ?? open).focus());
      return self.clients.openWindow(target);
    }),
  );
});
