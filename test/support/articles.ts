import { randomUUID } from 'node:crypto';
import { titleHash, urlHash } from '#domain/content/dedup.ts';
import type { NewArticle } from '#store/articles.ts';

let sequence = 0;

/** The publisher every test-made article names, so tests can tell them from the fixture feeds' stories. */
export const TEST_SOURCE_NAME = 'Test Source';

/** A unique article for tests; override what the test is about. */
export function testArticle(overrides: Partial<NewArticle> = {}): NewArticle {
  sequence += 1;
  const id = randomUUID();
  const title = overrides.title ?? `Test story ${sequence} ${id.slice(0, 8)} about creator payouts`;
  const sourceUrl = overrides.sourceUrl ?? `https://example.com/test/${id}`;
  return {
    id,
    title,
    summary: 'A test article.',
    content: 'A test article about the creator economy.',
    category: 'creator-economy',
    tags: ['test'],
    sourceName: TEST_SOURCE_NAME,
    sourceUrl,
    status: 'published',
    adminStatus: 'auto_approved',
    relevanceScore: 70,
    mlConfidenceScore: 0.8,
    originalPublishedAt: new Date(Date.now() - sequence * 60_000).toISOString(),
    ...overrides,
    urlHash: urlHash(sourceUrl),
    titleHash: titleHash(title),
  };
}
