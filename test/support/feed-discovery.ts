import Parser from 'rss-parser';
import { XMLParser } from 'fast-xml-parser';
import { Window } from 'happy-dom';
import { expect } from 'vitest';
import { FEED_TYPES } from '../../lib/smoke-checks.ts';


/**
 * Reads the site's `/` as a feed reader does (the served HTML, no JavaScript run), finds the RSS, Atom and
 * JSON Feed links, fetches each and parses it. Returns the hrefs found, by type.
 */
export async function expectServedFeedLinks(siteUrl: string): Promise<Record<(typeof FEED_TYPES)[number], string>> {
  const response = await fetch(`${siteUrl}/`, { headers: { accept: 'text/html' } });
  expect(response.status).toBe(200);
  const html = await response.text();
  const window = new Window({ url: siteUrl, settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true } });
  window.document.write(html);
  const found = {} as Record<(typeof FEED_TYPES)[number], string>;
  for (const type of FEED_TYPES) {
    const links = [...window.document.querySelectorAll(`head link[rel="alternate"][type="${type}"]`)];
    expect(links, `one ${type} link in the served <head>`).toHaveLength(1);
    const href = links[0]!.getAttribute('href') ?? '';
    expect(links[0]!.getAttribute('title')).toBeTruthy();
    found[type] = new URL(href, `${siteUrl}/`).href;
  }
  await window.happyDOM.close();

  const body = async (url: string, contentType: string) => {
    const answer = await fetch(url);
    expect(answer.status, url).toBe(200);
    expect(answer.headers.get('content-type') ?? '').toContain(contentType);
    return answer.text();
  };
  const rss = await new Parser().parseString(await body(found['application/rss+xml'], 'application/rss+xml'));
  expect(rss.items.length).toBeGreaterThan(0);
  const atomText = await body(found['application/atom+xml'], 'application/atom+xml');
  const atom = new XMLParser({ ignoreAttributes: false }).parse(atomText) as { feed?: { entry?: unknown[]; title?: unknown } };
  expect(atom.feed?.title).toBeTruthy();
  expect(Array.isArray(atom.feed?.entry) && atom.feed.entry.length).toBeGreaterThan(0);
  const json = JSON.parse(await body(found['application/feed+json'], 'application/feed+json')) as { version?: string; items?: unknown[] };
  expect(json.version).toMatch(/^https:\/\/jsonfeed\.org\/version\//);
  expect(Array.isArray(json.items) && json.items.length).toBeGreaterThan(0);
  return found;
}
