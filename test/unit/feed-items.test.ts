import { describe, expect, it } from 'vitest';
import { nextCheckAfterFailure, nextCheckAfterSuccess, parseRetryAfter } from '#domain/content/feed-schedule.ts';
import { chooseImage, durationSeconds, extractAuthor, normaliseItem, readTimeMinutes, sanitiseHtml, toPlainText, type FeedItem } from '#domain/content/normalise.ts';
import { hammingDistance, NEAR_DUPLICATE_DISTANCE, simhash } from '#domain/content/simhash.ts';
import { parseFeed } from '#adapters/feed-parse.ts';

const context = { sourceName: 'Social Samosa', sourceDomain: 'socialsamosa.com' };

describe('author extraction', () => {
  it('takes the feed author unless it is Unknown or the publisher itself', () => {
    expect(extractAuthor({ creator: 'Priya Sharma' }, context, '')).toBe('Priya Sharma');
    expect(extractAuthor({ creator: 'Unknown' }, context, 'By Rahul Verma, Mumbai')).toBe('Rahul Verma');
    expect(extractAuthor({ creator: 'Social Samosa Team' }, context, '')).toBe('Social Samosa');
  });

  it('reads "written by", "First Last reports" and a trailing dash name, never "Read More"', () => {
    expect(extractAuthor({}, context, 'Written by Neha Iyer for the weekend edition')).toBe('Neha Iyer');
    expect(extractAuthor({}, context, 'Arjun Mehta reports on creator payouts')).toBe('Arjun Mehta');
    expect(extractAuthor({}, context, 'Creator payouts rise — Kavya Nair')).toBe('Kavya Nair');
    expect(extractAuthor({ creator: 'Read More' }, context, 'Click Here')).toBe('Social Samosa');
  });
});

describe('image choice', () => {
  it('prefers the largest thumbnail and refuses placeholders and tracking pixels', () => {
    const item: FeedItem = {
      mediaThumbnails: [
        { $: { url: 'https://x.example.com/small.jpg', width: '320', height: '180' } },
        { $: { url: 'https://x.example.com/large.jpg', width: '1280', height: '720' } },
        { $: { url: 'https://x.example.com/placeholder.jpg', width: '4000', height: '4000' } },
      ],
    };
    expect(chooseImage(item, '', 'Anything', 'general')).toBe('https://x.example.com/large.jpg');
    const pixel: FeedItem = { mediaContent: [{ $: { url: 'https://x.example.com/p.gif', medium: 'image', width: '1', height: '1' } }] };
    expect(chooseImage(pixel, '', 'YouTube changes Shorts', 'platform-updates')).toBe('/images/fallback/youtube.svg');
    expect(chooseImage({}, '', 'Quarterly numbers', 'industry-insights')).toBe('/images/fallback/industry-insights.svg');
  });

  it('falls back through enclosures, media content and inline images in that order', () => {
    expect(chooseImage({ enclosure: { url: 'https://x.example.com/e.jpg', type: 'image/jpeg' }, mediaContent: [{ $: { url: 'https://x.example.com/m.jpg', medium: 'image' } }] }, '', 't', 'general')).toBe('https://x.example.com/e.jpg');
    expect(chooseImage({ mediaContent: [{ $: { url: 'https://x.example.com/m.jpg', medium: 'image' } }] }, '<img src="https://x.example.com/i.jpg">', 't', 'general')).toBe('https://x.example.com/m.jpg');
    expect(chooseImage({}, '<p><img src="https://x.example.com/i.jpg"></p>', 't', 'general')).toBe('https://x.example.com/i.jpg');
  });
});

describe('normalising an item', () => {
  it('sanitises HTML: no scripts, no event handlers, links open safely', () => {
    const clean = sanitiseHtml('<p onclick="x()">Hi <a href="https://a.example.com">a</a><script>alert(1)</script><img src="javascript:alert(1)"></p>');
    expect(clean).not.toMatch(/script|onclick|javascript:/);
    expect(clean).toContain('rel="noopener noreferrer nofollow"');
    expect(sanitiseHtml('<img src="https://a.example.com/i.jpg">')).toBe('<img src="https://a.example.com/i.jpg" alt="" />');
  });

  it('stores titles and summaries as text with entities decoded once', () => {
    const item = normaliseItem({ title: 'Tom &amp; Jerry &lt;3 brands &#8211; a <b>creator</b> story', link: 'https://a.example.com/x', contentSnippet: 'Fish &amp;amp; chips' }, context);
    expect(item?.title).toBe('Tom & Jerry <3 brands – a creator story');
    expect(item?.summary).toBe('Fish &amp; chips');
  });

  it('turns article HTML into plain text for the longer summary and key points: no tags, blocks kept apart', () => {
    const text = toPlainText('<p>Creators earn <strong>more</strong>.</p><p>Brands pay &amp; grow.<img src="https://a.example.com/i.jpg"></p><ul><li>One</li><li>Two</li></ul>');
    expect(text).toBe('Creators earn more. Brands pay & grow. One Two');
  });

  it('reads podcasts and videos, durations and read time', () => {
    const podcast = normaliseItem({ title: 'Ep 1', link: 'https://p.example.com/1', enclosure: { url: 'https://p.example.com/1.mp3', type: 'audio/mpeg' }, itunes: { duration: '41:20' } }, context);
    expect(podcast).toMatchObject({ contentType: 'podcast', podcastMetadata: { audioUrl: 'https://p.example.com/1.mp3', duration: 2480 } });
    const video = normaliseItem({ title: 'Watch', link: 'https://v.example.com/1', mediaContent: [{ $: { url: 'https://v.example.com/1.mp4', medium: 'video' } }] }, context);
    expect(video?.contentType).toBe('video');
    expect(durationSeconds('1:02:03')).toBe(3723);
    expect(readTimeMinutes('word '.repeat(401))).toBe(3);
    expect(readTimeMinutes('short')).toBe(1);
  });

  it('strips tracking from the link, maps legacy categories, and never dates an item in the future', () => {
    const now = new Date('2026-11-22T00:00:00.000Z');
    const item = normaliseItem({ title: 'T', link: 'https://www.x.example.com/a/?utm_source=rss#top', categories: ['Campaigns'], isoDate: '2030-01-01T00:00:00.000Z' }, context, now);
    expect(item).toMatchObject({ sourceUrl: 'https://x.example.com/a', categoryHint: 'brand-partnerships', originalPublishedAt: now.toISOString() });
    expect(normaliseItem({ title: '', link: 'https://x.example.com' }, context)).toBeNull();
    expect(normaliseItem({ title: 'No link' }, context)).toBeNull();
  });
});

describe('near-duplicate fingerprints', () => {
  const asciA = 'ASCI tightens influencer disclosure rules for virtual influencers The Advertising Standards Council of India has tightened disclosure guidelines for virtual influencers and AI-generated creator content in sponsored posts.';
  const asciB = 'ASCI updates disclosure guidelines covering virtual influencers and AI creators The Advertising Standards Council of India has tightened disclosure guidelines for virtual influencers and AI-generated creator content in sponsored posts.';
  const sebi = 'SEBI proposes rules for finfluencers giving investment advice SEBI has proposed rules for finfluencers, requiring creators who give investment advice on social media to register and disclose paid partnerships.';

  it('puts the same story from two publishers within the threshold, and different stories beyond it', () => {
    expect(hammingDistance(simhash(asciA), simhash(asciB))).toBeLessThanOrEqual(NEAR_DUPLICATE_DISTANCE);
    expect(hammingDistance(simhash(asciA), simhash(sebi))).toBeGreaterThan(NEAR_DUPLICATE_DISTANCE);
    expect(simhash(asciA)).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('feed schedule', () => {
  const now = new Date('2026-11-22T00:00:00.000Z');
  const minutesAfter = (date: Date) => (date.getTime() - now.getTime()) / 60_000;

  it('checks every 30 minutes, or later when the publisher asks', () => {
    expect(minutesAfter(nextCheckAfterSuccess(now))).toBe(30);
    expect(minutesAfter(nextCheckAfterSuccess(now, { maxAgeSeconds: 3600 }))).toBe(60);
    expect(minutesAfter(nextCheckAfterSuccess(now, { maxAgeSeconds: 60 }))).toBe(30);
  });

  it('backs off exponentially after failures, capped at a day, honouring Retry-After', () => {
    expect([1, 2, 3, 4, 10].map((failures) => minutesAfter(nextCheckAfterFailure(now, failures)))).toEqual([30, 60, 120, 240, 1440]);
    expect(minutesAfter(nextCheckAfterFailure(now, 1, { retryAfterSeconds: 7200 }))).toBe(120);
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter(new Date(now.getTime() + 60_000).toUTCString(), now)).toBe(60);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});

describe('the one URL rule', () => {
  const context = { sourceName: 'Pub', sourceDomain: 'pub.example', feedUrl: 'https://pub.example/news/feed.xml' };
  it('keeps absolute http(s) URLs, resolves relative ones against the feed, refuses every other scheme', async () => {
    const { httpUrl } = await import('#domain/content/urls.ts');
    expect(httpUrl('https://a.example/x')).toBe('https://a.example/x');
    expect(httpUrl('/story/1', context.feedUrl)).toBe('https://pub.example/story/1');
    expect(httpUrl('story/1', context.feedUrl)).toBe('https://pub.example/news/story/1');
    expect(httpUrl('//cdn.example/i.png', context.feedUrl)).toBe('https://cdn.example/i.png');
    for (const bad of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'data:text/html,<script>x</script>', 'file:///etc/passwd', 'mailto:a@b.c', 'http://', '', null, 42, `https://a.example/${'x'.repeat(2100)}`]) {
      expect(httpUrl(bad, context.feedUrl), String(bad)).toBeNull();
    }
  });

  it('drops an item whose link is not http(s), and resolves a relative one', () => {
    expect(normaliseItem({ title: 'Creators', link: 'javascript:alert(1)' }, context)).toBeNull();
    expect(normaliseItem({ title: 'Creators', link: 'data:text/html,hi' }, context)).toBeNull();
    expect(normaliseItem({ title: 'Creators', link: '/2026/creators' }, context)?.sourceUrl).toBe('https://pub.example/2026/creators');
    // A bad link falls back to a usable guid.
    expect(normaliseItem({ title: 'Creators', link: 'javascript:x', guid: 'https://pub.example/g/1' }, context)?.sourceUrl).toBe('https://pub.example/g/1');
  });

  it('applies it to images, enclosures, comments and the links and images inside content', () => {
    const item = normaliseItem(
      {
        title: 'Creator story',
        link: 'https://pub.example/s',
        enclosure: { url: 'javascript:alert(1)', type: 'audio/mpeg' },
        comments: 'data:text/html,x',
        mediaThumbnails: [{ $: { url: '/img/thumb.jpg', width: '800', height: '450' } }, { $: { url: 'javascript:x', width: '900', height: '900' } }],
        mediaContent: [{ $: { url: 'data:image/png;base64,AAAA', medium: 'image' } }],
        contentEncoded: '<p><a href="/more">more</a> <a href="javascript:alert(1)">bad</a> <img src="../i/pic.png"> <img src="data:image/png;base64,AAAA"></p>',
      },
      context,
    );
    expect(item?.imageUrl).toBe('https://pub.example/img/thumb.jpg');
    expect(item?.mediaThumbnails).toEqual([{ url: 'https://pub.example/img/thumb.jpg', width: 800, height: 450 }]);
    expect(item?.enclosures).toEqual([]);
    expect(item?.mediaMetadata.mediaContent).toEqual([]);
    expect(item).not.toHaveProperty('commentsUrl');
    expect(item?.content).toContain('href="https://pub.example/more"');
    expect(item?.content).toContain('src="https://pub.example/i/pic.png"');
    expect(item?.content).not.toMatch(/javascript:|data:/);
    expect(sanitiseHtml('<a href="mailto:x@y.z">m</a>')).not.toContain('mailto:');
  });
});

describe('real-world feed shapes', () => {
  const feedContext = { sourceName: 'Pub', sourceDomain: 'pub.example', feedUrl: 'https://pub.example/news/feed.xml' };
  const rss = (items: string, prolog = '<?xml version="1.0" encoding="utf-8"?>') => `${prolog}<rss version="2.0"><channel><title>Pub</title>${items}</channel></rss>`;
  const parse = async (xml: string | Buffer, contentType = '', options = {}) => (await import('#adapters/feed-parse.ts')).parseFeed(typeof xml === 'string' ? Buffer.from(xml) : xml, contentType, options);

  it('cleans authors: no e-mails, URLs, line breaks or markup; long lists shortened; length capped', async () => {
    const { cleanAuthor } = await import('#domain/content/feed-author.ts');
    expect(cleanAuthor('jo.rao@pub.example (Jo Rao)')).toBe('Jo Rao');
    expect(cleanAuthor('Jo Rao <jo.rao@pub.example>')).toBe('Jo Rao');
    expect(cleanAuthor('noreply@blogger.com')).toBeNull();
    expect(cleanAuthor('Jo Rao https://pub.example/jo')).toBe('Jo Rao');
    expect(cleanAuthor('Asha Iyer, Ben Cole, Chitra Das, Dev Rao')).toBe('Asha Iyer, Ben Cole and others');
    expect(cleanAuthor('Tom McCarthy and Sam Morris')).toBe('Tom McCarthy and Sam Morris');
    expect(cleanAuthor('Jo\n  Rao')).toBe('Jo Rao');
    const long = cleanAuthor(`Jo ${'Verylongname '.repeat(10)}`);
    expect(long?.length).toBeLessThanOrEqual(80);
    expect(long).toMatch(/…$/);
    const item = normaliseItem({ title: 'T', link: 'https://pub.example/t', creator: '<b>Priya &amp; Rahul</b>' }, feedContext);
    expect(item).toMatchObject({ author: 'Priya & Rahul', sourceAttribution: { author: 'Priya & Rahul' } });
  });

  it('reads an <author> with child elements, an xhtml Atom title and other elements where text is expected', async () => {
    const parsed = await parse(
      rss('<item><title>Creators <![CDATA[&]]> brands</title><link>/a</link><author><name>Jo Rao</name><title>Editor</title></author><category domain="x"/><enclosure url="/e.mp3" type="audio/mpeg"/></item>'),
    );
    const [item] = parsed.items.map((feedItem) => normaliseItem(feedItem, feedContext));
    expect(item).toMatchObject({ title: 'Creators & brands', author: 'Jo Rao', sourceUrl: 'https://pub.example/a', podcastMetadata: { audioUrl: 'https://pub.example/e.mp3' } });
    const atom = await parse(
      '<feed xmlns="http://www.w3.org/2005/Atom"><title>Pub</title><entry><title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">Creator <b>payouts</b></div></title><link href="https://pub.example/p"/><author><name>Asha</name><email>a@pub.example</email></author></entry></feed>',
    );
    const entry = normaliseItem(atom.items[0]!, feedContext);
    expect(entry?.title).toMatch(/^Creator\s+payouts$/);
    expect(entry?.author).toBe('Asha');
    // Elements in text fields, as xml2js hands them over.
    const odd = normaliseItem({ title: { _: 'Odd', $: { type: 'text' } }, link: ['https://pub.example/o'], creator: { name: ['Jo'] }, enclosure: { url: 'https://pub.example/o.jpg', type: { _: 'image/jpeg' } } } as unknown as FeedItem, feedContext);
    expect(odd).toMatchObject({ title: 'Odd', sourceUrl: 'https://pub.example/o', author: 'Jo', imageUrl: 'https://pub.example/o.jpg' });
  });

  it('drops only the item whose normalising throws and counts it', async () => {
    const { normaliseItems } = await import('#domain/content/normalise.ts');
    const broken = {
      get title(): string {
        throw new Error('bad field');
      },
    };
    const result = normaliseItems([{ title: 'One', link: 'https://pub.example/1' }, broken, { title: 'No link' }, { title: 'Two', link: '/2' }], feedContext);
    expect(result.items.map((item) => item.title)).toEqual(['One', 'Two']);
    expect(result.skipped).toBe(1);
    expect(result.errors).toEqual([{ index: 1, error: 'bad field' }]);
  });

  it('decodes entities exactly once in stored text', async () => {
    const parsed = await parse(rss('<item><title>Tom &amp; Jerry &lt;3 &amp;amp; more</title><link>https://pub.example/t</link><description>Fish &amp;amp; chips</description></item>'));
    const item = normaliseItem(parsed.items[0]!, feedContext);
    expect(item?.title).toBe('Tom & Jerry <3 & more');
    expect(item?.summary).toBe('Fish & chips');
  });

  it('detects byte order marks and UTF-16 without one, whatever the declaration says', async () => {
    const xml = rss('<item><title>Café “creators”</title><link>https://pub.example/c</link></item>', '<?xml version="1.0" encoding="utf-8"?>');
    const utf16le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')]);
    const utf16beNoMark = Buffer.from(xml, 'utf16le').swap16();
    const utf8WithMark = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(xml)]);
    for (const body of [utf16le, utf16beNoMark, utf8WithMark]) {
      expect((await parse(body, 'text/xml; charset=iso-8859-1')).items[0]?.title).toBe('Café “creators”');
    }
  });

  it('decodes UTF-32 in both byte orders, with or without a mark, characters beyond the BMP included', async () => {
    const xml = rss('<item><title>Creators 🎥 “India”</title><link>https://pub.example/u</link></item>');
    const utf32 = (littleEndian: boolean, mark: boolean) => {
      const codePoints = [...(mark ? '\uFEFF' : '') + xml].map((char) => char.codePointAt(0)!);
      const bytes = Buffer.alloc(codePoints.length * 4);
      codePoints.forEach((codePoint, index) => (littleEndian ? bytes.writeUInt32LE(codePoint, index * 4) : bytes.writeUInt32BE(codePoint, index * 4)));
      return bytes;
    };
    for (const body of [utf32(true, true), utf32(false, true), utf32(true, false), utf32(false, false)]) {
      expect((await parse(body, 'text/xml; charset=utf-8')).items[0]?.title).toBe('Creators 🎥 “India”');
    }
    // Declared charsets the runtime's decoder knows are used; an unknown one falls back to the bytes.
    const { charsetOf } = await import('#adapters/feed-parse.ts');
    expect(charsetOf('text/xml; charset=x-no-such-charset', Buffer.from('<rss/>'))).toBe('utf-8');
    const cyrillic = Buffer.concat([Buffer.from('<?xml version="1.0" encoding="windows-1251"?>'), Buffer.from(rss('<item><title>\u00cd\u00ee\u00e2\u00ee\u00f1\u00f2\u00e8</title><link>https://pub.example/r</link></item>').replace(/^<\?xml[^>]*>/, ''), 'latin1')]);
    expect((await parse(cyrillic, '')).items[0]?.title).toBe('Новости');
  });

  it('checks a declared charset against the bytes: not UTF-8 is windows-1252, valid UTF-8 beats a declared Latin-1', async () => {
    const { charsetOf } = await import('#adapters/feed-parse.ts');
    // "Café “q”" in windows-1252: é is 0xE9, the quotes 0x93 and 0x94, none of them valid UTF-8.
    const latin = Buffer.from(rss('<item><title>Caf\u00e9 \u0093q\u0094</title><link>https://pub.example/c</link></item>'), 'latin1');
    expect(charsetOf('application/rss+xml; charset=utf-8', latin)).toBe('windows-1252');
    expect((await parse(latin, 'application/rss+xml; charset=utf-8')).items[0]?.title).toBe('Café “q”');
    const utf8 = Buffer.from(rss('<item><title>Café</title><link>https://pub.example/c</link></item>', '<?xml version="1.0" encoding="ISO-8859-1"?>'));
    expect(charsetOf('', utf8)).toBe('utf-8');
    expect(charsetOf('text/xml; charset=koi8-r', Buffer.from('<rss/>'))).toBe('koi8-r');
    // A declared UTF-16 on 8-bit bytes is a false declaration.
    expect(charsetOf('', Buffer.from('<?xml version="1.0" encoding="utf-16"?><rss/>'))).toBe('utf-8');
  });

  it('accepts <rss> without a version, reads an <rss> without a channel as empty, and refuses what is not a feed', async () => {
    const versionless = await parse('<rss><channel><title>Pub</title><item><title>Old style</title><link>https://pub.example/o</link></item></channel></rss>');
    expect(versionless.items.map((item) => item.title)).toEqual(['Old style']);
    expect((await parse('<rss version="2.0"></rss>')).items).toEqual([]);
    await expect(parse('<html><body>Not a feed</body></html>')).rejects.toThrow();
  });

  it('falls back to the lenient parser where rss-parser refuses (prefixed Atom)', async () => {
    const prefixed = '<a:feed xmlns:a="http://www.w3.org/2005/Atom"><a:title>Pub</a:title><a:entry><a:title>Prefixed</a:title><a:link href="/p"/><a:author><a:name>Jo</a:name></a:author></a:entry></a:feed>';
    await expect(parse(prefixed, '', { fallback: false })).rejects.toThrow();
    const parsed = await parse(prefixed);
    expect(parsed.parsedBy).toBe('feedsmith');
    expect(normaliseItem(parsed.items[0]!, feedContext)).toMatchObject({ title: 'Prefixed', sourceUrl: 'https://pub.example/p', author: 'Jo' });
  });
});

describe('summary text', () => {
  const withScript = '<p>UGC campaigns grow.</p><script>alert("stolen")</script><style>.x{color:red}</style><noscript>Enable JS</noscript><p>Brands pay creators more.</p>';

  it('never takes a script\'s or a style\'s text for words of the summary, as the feed parser delivers the item', async () => {
    const rss = `<?xml version="1.0"?><rss version="2.0"><channel><title>T</title><link>https://ugc.example.com/</link><description>d</description>
      <item><title>UGC campaigns grow</title><link>https://ugc.example.com/a</link><description><![CDATA[${withScript}]]></description></item></channel></rss>`;
    const parsed = await parseFeed(Buffer.from(rss), 'application/rss+xml');
    const item = normaliseItem(parsed.items[0]!, context);
    expect(item?.summary).toBe('UGC campaigns grow. Brands pay creators more.');
    expect(item?.content).not.toMatch(/alert|color:red/);
  });

  it('reads the summary from the item\'s HTML, whatever snippet a parser made of it', () => {
    const item = normaliseItem({ title: 'UGC campaigns grow', link: 'https://ugc.example.com/a', content: withScript, contentSnippet: 'UGC campaigns grow. alert("stolen") .x{color:red} Brands pay creators more.' }, context);
    expect(item?.summary).toBe('UGC campaigns grow. Brands pay creators more.');
  });
});
