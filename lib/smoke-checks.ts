import { SECURITY_HEADERS } from './site-headers.ts';

/** One check's outcome, printed by bin/smoke.ts. */
export interface SmokeResult {
  name: string;
  ok: boolean;
  ms: number;
  detail: string;
}

/** Directives of the site's CSP (lib/site-headers.ts) a deployed or local page must carry. */
export const CONTENT_SECURITY_DIRECTIVES_REQUIRED = ["default-src 'self'", "frame-ancestors 'none'", "base-uri 'self'", "form-action 'self'"];

/** The feed types a feed reader looks for in a page's `<link rel="alternate">` tags (RSS, Atom, JSON Feed). */
export const FEED_TYPES = ['application/rss+xml', 'application/atom+xml', 'application/feed+json'] as const;
const TIMEOUT_MS = 15_000;

class CheckFailed extends Error {}

function fail(message: string): never {
  throw new CheckFailed(message);
}

async function get(url: string, accept = '*/*'): Promise<{ response: Response; body: string }> {
  const response = await fetch(url, { headers: { accept }, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
  return { response, body: await response.text() };
}

function expectStatus(response: Response, status: number, what: string): void {
  if (response.status !== status) fail(`${what} answered ${response.status}, expected ${status}`);
}

function json<T>(body: string, what: string): T {
  try {
    return JSON.parse(body) as T;
  } catch {
    return fail(`${what} is not JSON: ${body.slice(0, 80)}`);
  }
}

/** The `<link rel="alternate">` feed links of an HTML page, as a feed reader discovers them. */
export function feedLinksIn(html: string, base: string): Array<{ type: string; href: string }> {
  const links: Array<{ type: string; href: string }> = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const attribute = (name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
    if (attribute('rel')?.toLowerCase() !== 'alternate') continue;
    const type = attribute('type')?.toLowerCase() ?? '';
    const href = attribute('href');
    if ((FEED_TYPES as readonly string[]).includes(type) && href) links.push({ type, href: new URL(href, base).href });
  }
  return links;
}

/**
 * The checks, in order; each is timed and reported as it finishes. Later checks use what earlier ones
 * found (the home page's HTML, an article for the share page).
 */
export async function runSmokeChecks(site: string, report: (result: SmokeResult) => void = () => undefined): Promise<SmokeResult[]> {
  const api = `${site}/api`;
  const results: SmokeResult[] = [];
  const check = async (name: string, run: () => Promise<string>) => {
    const started = performance.now();
    let result: SmokeResult;
    try {
      result = { name, ok: true, ms: 0, detail: await run() };
    } catch (error) {
      result = { name, ok: false, ms: 0, detail: error instanceof CheckFailed ? error.message : `request failed: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}` };
    }
    result.ms = Math.round(performance.now() - started);
    results.push(result);
    report(result);
  };

  let homeHtml = '';
  let homeHeaders: Headers | undefined;
  await check('home page', async () => {
    const { response, body } = await get(`${site}/`, 'text/html');
    expectStatus(response, 200, 'GET /');
    if (!response.headers.get('content-type')?.includes('text/html')) fail(`GET / is ${response.headers.get('content-type')}, not HTML`);
    if (!/<div id="root"/.test(body)) fail('GET / has no app root (<div id="root">)');
    homeHtml = body;
    homeHeaders = response.headers;
    return `${body.length} bytes of HTML`;
  });

  await check('home page feed links', async () => {
    if (!homeHtml) fail('no home page to read');
    // Feed readers and crawlers read the served HTML without running its script: the links must be in it.
    const links = feedLinksIn(homeHtml, `${site}/`);
    if (!links.length) fail('the served HTML has no <link rel="alternate"> feed links (RSS, Atom, JSON Feed); links added by script are invisible to feed readers');
    for (const link of links) {
      const { response, body } = await get(link.href, link.type);
      expectStatus(response, 200, `feed ${link.href}`);
      if (link.type === 'application/feed+json') json(body, `feed ${link.href}`);
      else if (!/<(rss|feed)\b/.test(body)) fail(`feed ${link.href} is not ${link.type}`);
    }
    return `${links.length} feeds, each served: ${links.map((link) => link.type.replace('application/', '')).join(', ')}`;
  });

  await check('security headers and CSP', async () => {
    if (!homeHeaders) fail('no home page to read');
    const headers = homeHeaders;
    const csp = headers.get('content-security-policy');
    if (!csp) fail('no Content-Security-Policy header');
    const missing = CONTENT_SECURITY_DIRECTIVES_REQUIRED.filter((directive) => !csp.split(';').some((part) => part.trim().startsWith(directive)));
    if (missing.length) fail(`CSP lacks ${missing.join(', ')}`);
    if (/'unsafe-eval'/.test(csp)) fail("CSP allows 'unsafe-eval'");
    for (const [name, expected] of Object.entries(SECURITY_HEADERS)) {
      const value = headers.get(name);
      if (value?.toLowerCase() !== expected.toLowerCase()) fail(`${name} is ${value ?? 'missing'}, expected ${expected}`);
    }
    // HSTS means something over HTTPS only (browsers ignore it over HTTP, as on a local runtime).
    if (site.startsWith('https:') && !/max-age=\d{7,}/.test(headers.get('strict-transport-security') ?? '')) fail('no Strict-Transport-Security of at least a few months');
    return `CSP and ${Object.keys(SECURITY_HEADERS).length} headers${site.startsWith('https:') ? ' and HSTS' : ''} as the stack sets them`;
  });

  await check('/config.json', async () => {
    const { response, body } = await get(`${site}/config.json`, 'application/json');
    expectStatus(response, 200, 'GET /config.json');
    const config = json<Record<string, unknown>>(body, '/config.json');
    const missing = ['apiUrl', 'region', 'userPoolId', 'userPoolClientId', 'contactEmail', 'siteUrl'].filter((key) => typeof config[key] !== 'string' || !config[key]);
    if (missing.length) fail(`/config.json lacks ${missing.join(', ')}`);
    if (!String(config.apiUrl).endsWith('/api')) fail(`/config.json's apiUrl ${String(config.apiUrl)} is not the site's /api`);
    return `region ${String(config.region)}, pool ${String(config.userPoolId)}`;
  });

  let articleId: string | undefined;
  await check('API: articles', async () => {
    const { response, body } = await get(`${api}/articles?limit=5`, 'application/json');
    expectStatus(response, 200, 'GET /api/articles');
    const { items } = json<{ items?: Array<{ id: string }> }>(body, '/api/articles');
    if (!Array.isArray(items)) fail('/api/articles has no items list');
    articleId = items[0]?.id;
    return items.length ? `${items.length} articles on the first page` : 'no articles yet (the first ingest runs within 30 minutes of a deploy)';
  });

  await check('API: categories', async () => {
    const { response, body } = await get(`${api}/categories`, 'application/json');
    expectStatus(response, 200, 'GET /api/categories');
    const parsed = json<unknown>(body, '/api/categories');
    const list = Array.isArray(parsed) ? parsed : (parsed as { items?: unknown[] }).items;
    if (!Array.isArray(list) || !list.length) fail('/api/categories lists no category');
    return `${list.length} categories`;
  });

  await check('API: feeds', async () => {
    const { response, body } = await get(`${api}/feeds/all/rss.xml`, 'application/rss+xml');
    expectStatus(response, 200, 'GET /api/feeds/all/rss.xml');
    if (!/<rss\b/.test(body)) fail('/api/feeds/all/rss.xml is not RSS');
    return `RSS with ${(body.match(/<item>/g) ?? []).length} items`;
  });

  await check('API: sitemap', async () => {
    const { response, body } = await get(`${api}/sitemap.xml`, 'application/xml');
    expectStatus(response, 200, 'GET /api/sitemap.xml');
    if (!/<sitemapindex\b/.test(body)) fail('/api/sitemap.xml is not a sitemap index');
    return `${(body.match(/<sitemap>/g) ?? []).length} sitemap files`;
  });

  await check('share page', async () => {
    if (!articleId) fail('no article to share yet (run again after the first ingest)');
    const { response, body } = await get(`${api}/share/${encodeURIComponent(articleId)}`, 'text/html');
    expectStatus(response, 200, `GET /api/share/${articleId}`);
    if (!/property="og:title"/.test(body)) fail('the share page has no og:title for link previews');
    return `article ${articleId} with its preview tags`;
  });

  await check('console route', async () => {
    const { response, body } = await get(`${site}/admin`, 'text/html');
    expectStatus(response, 200, 'GET /admin');
    if (!/<div id="root"/.test(body)) fail('GET /admin does not serve the app');
    return 'the app answers /admin (it asks the operator to sign in)';
  });

  await check("guest's 401 on a signed-in route", async () => {
    const { response, body } = await get(`${api}/me`, 'application/json');
    expectStatus(response, 401, 'GET /api/me without a token');
    const { message } = json<{ message?: string }>(body, '/api/me');
    if (!message) fail('the 401 carries no message');
    return `401: ${message}`;
  });

  return results;
}
