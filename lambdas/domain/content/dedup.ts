import { createHash } from 'node:crypto';

/** Query parameters that only track a click and never change what a URL points at. */
const TRACKING_PARAMS = /^(utm_\w+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|igshid|ref|ref_src|cmpid|ncid|ocid|_hsenc|_hsmi|yclid)$/i;

/**
 * The canonical form of an article URL: lower-case host without "www.", no fragment, no tracking
 * parameters, remaining parameters sorted, no trailing slash. Two links to one story hash alike.
 */
export function canonicalUrl(raw: string): string {
  const url = new URL(raw.trim());
  url.hash = '';
  url.hostname = url.hostname.toLowerCase().replace(/^www\./, '');
  const kept = [...url.searchParams.entries()].filter(([name]) => !TRACKING_PARAMS.test(name)).sort(([a], [b]) => a.localeCompare(b));
  url.search = kept.length ? `?${new URLSearchParams(kept).toString()}` : '';
  if (url.protocol === 'http:') url.protocol = 'https:';
  url.pathname = url.pathname.replace(/\/+$/, '') || '/';
  return url.toString();
}

/** Title reduced to its words: case, accents, punctuation and spacing do not make a new story. */
export function normaliseTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function urlHash(raw: string): string {
  return sha256(canonicalUrl(raw));
}

export function titleHash(title: string): string {
  return sha256(normaliseTitle(title));
}
