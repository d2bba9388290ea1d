// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { HEADLINE_MAX, listHead, storyHead, storyJsonLd, type StoryHeadArticle } from '#domain/reader/page-head.ts';
import { storyPath } from '#domain/reader/site-pages.ts';

const SITE = 'https://creators.example';
const HOSTILE = `</script><script>alert(1)</script> "Quotes" & 'apostrophes' <b>bold</b>`;

const story = (fields: Partial<StoryHeadArticle> = {}): StoryHeadArticle => ({
  id: '0b8f7d4e-1111-4222-8333-944455556666',
  title: 'YouTube changes Shorts revenue sharing for Indian creators',
  summary: 'YouTube will share more of its Shorts advertising revenue with creators in India from next month.',
  category: 'platform-updates',
  sourceUrl: 'https://news.publisher.example/2026/youtube-shorts?ref=feed',
  sourceName: 'Publisher Daily',
  author: null,
  imageUrl: 'https://cdn.publisher.example/shorts.jpg',
  publishedAt: '2026-03-02T08:30:00.000Z',
  ...fields,
});

/** The head's tags as a browser reads them. */
function parseHead(html: string): Document {
  const document = new DOMParser().parseFromString(`<!doctype html><html><head>${html}</head><body></body></html>`, 'text/html');
  return document;
}

const metaOf = (document: Document, key: string) => document.head.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content');

describe('storyHead', () => {
  it('keeps a hostile headline inert: one script, JSON only, the text said as written', () => {
    const html = storyHead(story({ title: HOSTILE, summary: HOSTILE, sourceName: `Pub "&" <Co>` }), SITE);
    // No raw markup of the headline in the HTML: every < of it is escaped, in tags and in the JSON.
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('</script><script>');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const document = parseHead(html);
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.getAttribute('type')).toBe('application/ld+json');
    expect(document.head.querySelectorAll('b')).toHaveLength(0);
    expect(document.title).toBe(`${HOSTILE} · Creator News Hub`);
    expect(metaOf(document, 'og:title')).toBe(HOSTILE);
    const data = JSON.parse(scripts[0]?.textContent ?? '') as { headline: string; description: string; author: Array<{ name: string }> };
    expect(data.headline).toBe(HOSTILE);
    expect(data.author[0]?.name).toBe(`Pub "&" <Co>`);
  });

  it('has a JSON-LD NewsArticle with every property Google recommends for Article', () => {
    const document = parseHead(storyHead(story(), SITE));
    const data = JSON.parse(document.head.querySelector('script[type="application/ld+json"]')?.textContent ?? '') as Record<string, unknown>;
    const canonical = `${SITE}${storyPath(story())}`;
    // https://developers.google.com/search/docs/appearance/structured-data/article (Recommended properties)
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: story().title,
      image: ['https://cdn.publisher.example/shorts.jpg'],
      datePublished: '2026-03-02T08:30:00.000Z',
      dateModified: '2026-03-02T08:30:00.000Z',
      author: [{ '@type': 'Organization', name: 'Publisher Daily', url: 'https://news.publisher.example' }],
      publisher: { '@type': 'Organization', name: 'Creator News Hub', logo: { '@type': 'ImageObject', url: `${SITE}/icon-512.png` } },
      mainEntityOfPage: { '@type': 'WebPage', '@id': canonical },
      url: canonical,
      isBasedOn: 'https://news.publisher.example/2026/youtube-shorts?ref=feed',
      articleSection: 'Platform Updates',
      inLanguage: 'en',
    });
  });

  it('names a feed\'s author as a Person, keeps the headline within 110 characters, and falls back to the category\'s picture', () => {
    const long = `${'Creators '.repeat(20)}end`;
    const data = storyJsonLd(story({ title: long, author: 'Asha Rao', imageUrl: null, category: 'creator-economy' }), SITE) as { headline: string; author: unknown; image: string[] };
    expect(data.headline.length).toBeLessThanOrEqual(HEADLINE_MAX);
    expect(data.headline.endsWith('…')).toBe(true);
    expect(data.author).toEqual([{ '@type': 'Person', name: 'Asha Rao' }]);
    expect(data.image).toEqual([`${SITE}/images/fallback/creator-economy.svg`]);
  });

  it('points canonical and og:url at the story\'s absolute address (storyPath), with Open Graph and a Twitter card', () => {
    const document = parseHead(storyHead(story({ imageUrl: '/images/own.jpg' }), `${SITE}/`));
    const canonical = document.head.querySelector('link[rel="canonical"]')?.getAttribute('href');
    expect(canonical).toBe(`${SITE}${storyPath(story())}`);
    expect(canonical).toMatch(/^https:\/\/creators\.example\/story\/youtube-changes-shorts-revenue-sharing-for-indian-creators-0b8f7d4e-/);
    expect(metaOf(document, 'og:url')).toBe(canonical);
    expect(metaOf(document, 'og:type')).toBe('article');
    expect(metaOf(document, 'og:site_name')).toBe('Creator News Hub');
    expect(metaOf(document, 'og:image')).toBe(`${SITE}/images/own.jpg`);
    expect(metaOf(document, 'og:description')).toBe(story().summary);
    expect(metaOf(document, 'description')).toBe(story().summary);
    expect(metaOf(document, 'twitter:card')).toBe('summary_large_image');
  });

  it('never links an image or source that is not http(s)', () => {
    const html = storyHead(story({ imageUrl: 'javascript:alert(1)', sourceUrl: 'javascript:alert(2)' }), SITE);
    expect(html).not.toContain('javascript:');
  });
});

describe('listHead', () => {
  it('gives the home page its title and a canonical without ?page=1', () => {
    const document = parseHead(listHead({ kind: 'home', page: 1 }, SITE));
    expect(document.title).toBe('Creator News Hub: creator economy and influencer marketing news, India first');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE}/`);
    expect(metaOf(document, 'og:type')).toBe('website');
    expect(metaOf(document, 'og:image')).toBe(`${SITE}/icon-512.png`);
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
  });

  it('names a category\'s page and its page number, canonical with ?page=n past the first', () => {
    const second = parseHead(listHead({ kind: 'category', slug: 'regulations-ethics', page: 2 }, SITE));
    expect(second.title).toBe('Regulations & Ethics news (page 2) · Creator News Hub');
    expect(second.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE}/categories/regulations-ethics?page=2`);
    expect(metaOf(second, 'description')).toMatch(/ASCI/);
    const first = parseHead(listHead({ kind: 'category', slug: 'regulations-ethics', page: 1 }, SITE));
    expect(first.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE}/categories/regulations-ethics`);
  });
});
