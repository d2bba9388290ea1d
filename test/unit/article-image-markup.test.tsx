import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RESIZED_WIDTH, resizedImageSrcSet, resizedImageUrl } from '#domain/content/resized-images.ts';
import { ArticleImage } from '#web/features/reader/components/articles/ArticleImage.tsx';

/** The card picture as the server writes it into a page (no browser: the component reads no window while rendering). */
const render = (imageUrl: string | null, priority = false) =>
  renderToStaticMarkup(
    <ArticleImage article={{ id: '0b7c3a52-5d1e-4a8e-9f53-2f7d0c1e9a10', imageUrl }} sizes="(max-width: 640px) 100vw, 400px" category="creator-economy" sourceName="Creator India" className="card-image" width={640} height={320} priority={priority} />,
  );

describe('an article picture in the page', () => {
  const article = { id: '0b7c3a52-5d1e-4a8e-9f53-2f7d0c1e9a10', imageUrl: 'https://publisher.example.in/photos/fund.jpg' };

  it('is the site\'s resized copies with their sizes and its box, never the publisher\'s file', () => {
    const html = render(article.imageUrl);
    expect(html).toContain(`src="${resizedImageUrl(article, DEFAULT_RESIZED_WIDTH)}"`);
    // HTML attribute names are case-insensitive (React writes srcSet as it is spelt in JSX).
    expect(html.toLowerCase()).toContain(`srcset="${resizedImageSrcSet(article)}"`);
    expect(html).toContain('sizes="(max-width: 640px) 100vw, 400px"');
    expect(html).toMatch(/width="640" height="320"/);
    expect(html).not.toContain('publisher.example.in');
  });

  it('is fetched first and at once on the first pictured card, lazily elsewhere', () => {
    expect(render(article.imageUrl, true)).toMatch(/loading="eager".*fetchPriority="high"/i);
    expect(render(article.imageUrl)).toMatch(/loading="lazy"/);
  });

  it('offers a band\'s copies where its box is a 3:1 band, the standard copies elsewhere', () => {
    const html = renderToStaticMarkup(
      <ArticleImage article={article} sizes="400px" band={{ media: '(max-width: 640px)', sizes: 'calc(100vw - 30px)' }} category="creator-economy" sourceName="Creator India" className="card-image" width={640} height={320} />,
    ).toLowerCase();
    expect(html).toMatch(/^<picture><source media="\(max-width: 640px\)" srcset="([^"]+)" sizes="calc\(100vw - 30px\)"\/><img /);
    expect(html).toContain(`srcset="${resizedImageSrcSet(article, 'band')}"`);
    expect(html).toContain(`srcset="${resizedImageSrcSet(article)}"`);
    expect(render(null)).not.toContain('<picture');
  });

  it('is the publisher band when the story has no picture of its own', () => {
    const html = render(null);
    expect(html).not.toContain('<img');
    expect(html).toContain('Creator India');
  });
});
