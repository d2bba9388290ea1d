import { describe, expect, it } from 'vitest';
import { checkFeedUrl, feedUrlKey, isHealthyStatus, slugOf } from '#domain/content/feed-sources.ts';
import { escapeXml, OPML_MAX_OUTLINES, readOpml, writeOpml, type OpmlFeed } from '#domain/content/opml.ts';

describe('a feed address', () => {
  it('is an absolute http(s) URL without credentials', () => {
    expect(checkFeedUrl(' https://www.socialsamosa.com/feed/ ')).toEqual({ ok: true, url: 'https://www.socialsamosa.com/feed/' });
    for (const bad of ['javascript:alert(1)', 'data:text/xml,<rss/>', 'file:///etc/passwd', '/feed.xml', 'feed.xml', '', 42, 'https://user:pw@example.com/feed']) {
      expect(checkFeedUrl(bad).ok, String(bad)).toBe(false);
    }
  });

  it('is the same feed whatever its scheme, www., trailing slash or fragment; the query makes another', () => {
    const key = feedUrlKey('https://www.example.com/feed/');
    for (const same of ['http://example.com/feed', 'https://EXAMPLE.com/feed#top', 'https://www.example.com/feed//']) expect(feedUrlKey(same), same).toBe(key);
    expect(feedUrlKey('https://example.com/feed?format=atom')).not.toBe(key);
    expect(feedUrlKey('https://example.com:8443/feed')).not.toBe(key);
  });

  it('counts healthy and not-modified checks as healthy, anything else not', () => {
    expect(isHealthyStatus('healthy')).toBe(true);
    expect(isHealthyStatus('not-modified')).toBe(true);
    expect(isHealthyStatus('error')).toBe(false);
    expect(isHealthyStatus(null)).toBe(false);
  });

  it('makes slugs for ids', () => {
    expect(slugOf('Café Culture — Creators!')).toBe('cafe-culture-creators');
    expect(slugOf('www.socialsamosa.com')).toBe('www-socialsamosa-com');
  });
});

describe('OPML', () => {
  const feeds: OpmlFeed[] = [
    { name: 'Ampersand & "Quotes" <Tags> \u0007bell', url: 'https://example.com/feed?a=1&b=2', priority: 1, isIndian: true, active: true, specialization: "It's news" },
    { name: 'Paused', url: 'http://paused.example.com/rss', priority: 9, isIndian: false, active: false },
  ];

  it('writes what it reads back: names, addresses and our attributes', () => {
    const text = writeOpml(feeds, { title: 'Feeds & more', createdAt: new Date('2026-01-02T03:04:05Z') });
    expect(text).toContain('<opml version="2.0" xmlns:cnh="urn:x-creator-news-hub:opml">');
    expect(text).toContain('<title>Feeds &amp; more</title>');
    expect(text).toContain('<dateCreated>Fri, 02 Jan 2026 03:04:05 GMT</dateCreated>');
    expect(text).toContain('xmlUrl="https://example.com/feed?a=1&amp;b=2"');
    expect(text).not.toContain('\u0007');
    const read = readOpml(text);
    expect(read.invalid).toEqual([]);
    expect(read.feeds).toEqual([
      { name: 'Ampersand & "Quotes" <Tags> bell', url: 'https://example.com/feed?a=1&b=2', htmlUrl: undefined, priority: 1, isIndian: true, active: true, specialization: "It's news" },
      { name: 'Paused', url: 'http://paused.example.com/rss', htmlUrl: undefined, priority: 9, isIndian: false, active: false, specialization: undefined },
    ]);
  });

  it('reads other readers\' lists: folders, OPML 1.0, lower-case attributes, names from the host', () => {
    const read = readOpml(`\uFEFF<?xml version="1.0" encoding="utf-8"?>
<opml version="1.0"><head><title>Reader export</title></head><body>
  <outline text="Marketing" title="Marketing">
    <outline type="rss" title="Only a title" xmlurl="https://a.example.com/rss" htmlurl="https://a.example.com/"/>
    <outline type="rss" xmlUrl="https://www.b.example.com/atom.xml"/>
  </outline>
  <outline text="No address"/>
</body></opml>`);
    expect(read.feeds.map(({ name, url, htmlUrl }) => ({ name, url, htmlUrl }))).toEqual([
      { name: 'Only a title', url: 'https://a.example.com/rss', htmlUrl: 'https://a.example.com/' },
      { name: 'b.example.com', url: 'https://www.b.example.com/atom.xml', htmlUrl: undefined },
    ]);
  });

  it('reads our attributes by their prefix, whatever namespace URI an older export declared', () => {
    // The namespace exports carried before it became a URN (the project's first domain): those files still import.
    const read = readOpml(`<opml version="2.0" xmlns:cnh="https://creatornewshub.in/ns/opml"><body>
  <outline type="rss" text="Old export" xmlUrl="https://old.example.com/rss" cnh:priority="2" cnh:region="india" cnh:active="false"/>
</body></opml>`);
    expect(read.feeds).toEqual([{ name: 'Old export', url: 'https://old.example.com/rss', htmlUrl: undefined, priority: 2, isIndian: true, active: false, specialization: undefined }]);
  });

  it('lists the outlines whose address breaks the URL rule', () => {
    const read = readOpml('<opml version="2.0"><body><outline text="x" xmlUrl="javascript:alert(1)"/><outline text="y" xmlUrl="https://ok.example.com/feed"/></body></opml>');
    expect(read.invalid).toEqual([{ url: 'javascript:alert(1)', reason: 'Not an absolute http:// or https:// address' }]);
    expect(read.feeds).toHaveLength(1);
  });

  it('refuses what is not OPML, entity declarations and oversized lists', () => {
    const refuse = (text: string) => {
      try {
        readOpml(text);
        return null;
      } catch (error) {
        return { status: (error as { status: number }).status, message: (error as Error).message };
      }
    };
    expect(refuse('')?.status).toBe(400);
    expect(refuse('{"feeds": []}')?.status).toBe(400);
    expect(refuse('<rss version="2.0"><channel/></rss>')?.message).toMatch(/root element must be <opml>/);
    expect(refuse('<!DOCTYPE opml [<!ENTITY x SYSTEM "file:///etc/passwd">]><opml><body><outline text="&x;"/></body></opml>')?.message).toMatch(/DOCTYPE/);
    const many = `<opml><body>${'<outline text="a" xmlUrl="https://e.example.com/f"/>'.repeat(OPML_MAX_OUTLINES + 1)}</body></opml>`;
    expect(refuse(many)).toEqual({ status: 413, message: 'The OPML file has more than 2,000 outlines' });
    expect(refuse(`<opml><body><outline text="${'x'.repeat(1_000_001)}"/></body></opml>`)?.status).toBe(413);
  });

  it('escapes every character that could end an attribute or open markup', () => {
    expect(escapeXml(`<a href="x" onclick='y'>&</a>\n`)).toBe('&lt;a href=&quot;x&quot; onclick=&apos;y&apos;&gt;&amp;&lt;/a&gt;&#10;');
  });
});
