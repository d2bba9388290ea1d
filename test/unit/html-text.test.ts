import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFeed } from '#adapters/feed-parse.ts';
import { sanitiseHtml, toPlainText } from '#domain/content/normalise.ts';
import { storedHtmlText } from '#domain/common/html-text.ts';
import { loadCorpus } from '../bench/feed-corpus.ts';

/**
 * storedHtmlText reads only what sanitiseHtml writes; on that it must say exactly what the full parser
 * (toPlainText) says, or a reader's article shows other text than the pipeline measured.
 */
describe('plain text of stored article HTML', () => {
  const fragment = fc.oneof(
    fc.constantFrom(
      '<p>', '</p>', '<br>', '<br/>', '<strong>', '</strong>', '<a href="https://pub.example/x?a=1&b=2" title="say &quot;hi&quot;">', '</a>',
      '<img src="https://pub.example/i.png" alt="a > b">', '<script>alert(1)</script>', '<!-- note -->', '<style>p{}</style>',
      '<div class="x">', '</div>', '<ul><li>', '</li></ul>', '<h2>', '</h2>', '<pre><code>', '</code></pre>', '<iframe src="x"></iframe>',
      '&amp;', '&lt;', '&gt;', '&quot;', '&#39;', '&nbsp;', '&copy;', '&#8217;', '&#x1F3A5;', '&amp;amp;', '&bogus;', '&', '<', '>', '"', "'",
      ' ', '\n', '\t', 'क्रिएटर', '₹', 'Tom & Jerry', '1 < 2', '<notatag', '</p', '<<p>>',
    ),
    fc.string({ maxLength: 12 }),
  );
  const feedHtml = fc.array(fragment, { maxLength: 40 }).map((parts) => parts.join(''));

  it('equals the parser on everything the sanitiser writes', () => {
    fc.assert(
      fc.property(feedHtml, (html) => {
        const stored = sanitiseHtml(html, 'https://pub.example/feed');
        expect(storedHtmlText(stored)).toBe(toPlainText(stored));
      }),
      { numRuns: 2000 },
    );
  });

  it('equals the parser on every item of the real feed corpus', async () => {
    let compared = 0;
    for (const file of loadCorpus()) {
      const parsed = await parseFeed(file.body, file.contentType).catch(() => undefined);
      for (const item of parsed?.items ?? []) {
        const stored = sanitiseHtml(item.contentEncoded ?? item.content ?? item.summary ?? '', 'https://corpus.example.org/feed');
        expect(storedHtmlText(stored)).toBe(toPlainText(stored));
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(1500);
  }, 60_000);

  it('keeps block boundaries as spaces and decodes the four entities once', () => {
    expect(storedHtmlText('<p>One.</p><p>Two &amp;amp; three &lt;4&gt; &quot;q&quot;</p>')).toBe('One. Two &amp; three <4> "q"');
  });
});
