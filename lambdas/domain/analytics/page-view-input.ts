/**
 * Page views: what the beacon may tell us, reduced to what we keep (path without secrets, referrer domain,
 * device class; bots are not counted).
 */

export const PAGE_VIEW_PATH_MAX = 300;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A path segment that looks like a secret: long letters/digits/_- with at least one digit (article ids, UUIDs, are kept). */
const TOKEN_LIKE = /^(?=.*\d)[A-Za-z0-9_\-.~%]{20,}$/;

/**
 * The path we count: the pathname only (no query, no fragment), an e-mail-looking segment as `:email`, a
 * token-looking one as `:token` (confirmation and unsubscribe links carry them), repeated slashes folded.
 */
export function cleanPath(raw: string): string {
  const pathname = raw.split(/[?#]/, 1)[0] ?? '/';
  const segments = pathname.split('/').map((segment) => {
    let decoded = segment;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      // keep it as sent
    }
    if (decoded.includes('@')) return ':email';
    if (!UUID.test(decoded) && TOKEN_LIKE.test(decoded)) return ':token';
    return segment;
  });
  const path = segments.join('/').replace(/\/{2,}/g, '/');
  return path.startsWith('/') ? path : `/${path}`;
}

/**
 * The domain of an external referrer ("www." dropped), or null for none, an unreadable one or one of our own
 * hosts (navigation inside the site counts as direct).
 */
export function referrerDomain(referrer: string | undefined | null, ownHosts: readonly string[]): string | null {
  if (!referrer) return null;
  let host: string;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    host = url.hostname.toLowerCase();
  } catch {
    return null;
  }
  const own = ownHosts.map((value) => value.toLowerCase().replace(/^www\./, ''));
  const bare = host.replace(/^www\./, '');
  if (!bare || own.includes(bare)) return null;
  return bare;
}

export type DeviceClass = 'mobile' | 'tablet' | 'desktop';

/**
 * Three classes from the User-Agent. A regex, not a parser: we only need these three, and the one parser
 * in node_modules (bowser) is a transitive dependency of the AWS SDK, not ours. Tablets first: iPad, Android
 * without "Mobile" (Google's convention for tablets), Kindle/Silk and the word "Tablet"; then phones.
 */
export function deviceClass(userAgent: string | undefined | null): DeviceClass {
  const ua = userAgent ?? '';
  if (/ipad|tablet|kindle|silk|playbook|(android(?!.*mobile))/i.test(ua)) return 'tablet';
  if (/mobi|iphone|ipod|android|windows phone|blackberry|opera mini/i.test(ua)) return 'mobile';
  return 'desktop';
}

/**
 * Crawlers and tools are not counted: "bot", "crawler", "spider", "slurp", link-preview fetchers and
 * command-line clients, or no User-Agent at all. A headless browser IS counted (decision): the word
 * "HeadlessChrome" marks automation of a real browser, our own end-to-end tests among it, and crawlers
 * that run one usually hide it; its views are classified like any browser's, by the rest of the UA.
 */
export function isBot(userAgent: string | undefined | null): boolean {
  const ua = (userAgent ?? '').trim();
  if (!ua) return true;
  return /bot\b|bot\/|crawler|crawling|spider|slurp|facebookexternalhit|embedly|preview|curl\/|wget\/|python-requests|httpclient|go-http-client|node-fetch|axios\//i.test(ua);
}
