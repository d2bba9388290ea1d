import { siteConfig } from '../api/config.ts';

/**
 * Feed autodiscovery: <link rel="alternate"> for the site's RSS, Atom and JSON feeds, which the API serves
 * (its address is in /config.json, so the links are added once that is read). Browsers and reader
 * extensions find them in the page.
 */
export async function addFeedLinks(): Promise<void> {
  const { apiUrl } = await siteConfig();
  const base = apiUrl.replace(/\/$/, '');
  const feeds = [
    { type: 'application/rss+xml', file: 'rss.xml', title: 'Creator News Hub (RSS)' },
    { type: 'application/atom+xml', file: 'atom.xml', title: 'Creator News Hub (Atom)' },
    { type: 'application/feed+json', file: 'feed.json', title: 'Creator News Hub (JSON Feed)' },
  ];
  for (const feed of feeds) {
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.type = feed.type;
    link.title = feed.title;
    link.href = `${base}/feeds/all/${feed.file}`;
    document.head.append(link);
  }
}
