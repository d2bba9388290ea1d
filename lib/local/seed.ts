import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './settings.ts';

interface SeedArticle {
  title: string;
  category: string;
  tags: string[];
  hoursAgo: number;
  relevanceScore: number;
  mlConfidenceScore: number;
  status: 'published' | 'draft' | 'rejected';
  adminStatus?: 'pending_review' | 'auto_rejected';
  reviewPriority?: 'HIGH' | 'MEDIUM' | 'LOW';
  summary: string;
  sourceName: string;
  sourceUrl: string;
  isFeatured?: boolean;
}

/**
 * Fills a new local table with the fixture articles, through the same store functions the pipeline
 * uses (hashes and counters included). Imported only after the environment points at the stand-ins.
 */
export async function seedArticles(now = new Date()): Promise<number> {
  const { createArticle } = await import('../../lambdas/store/articles.ts');
  const { urlHash, titleHash } = await import('../../lambdas/domain/dedup.ts');
  const { qualityScore } = await import('../../lambdas/domain/quality.ts');
  const { normaliseCategory } = await import('../../lambdas/domain/categories.ts');
  const { reviewSortKey } = await import('../../lambdas/domain/article-status.ts');
  const file = path.join(repoRoot, 'test', 'fixtures', 'seed-articles.json');
  const { articles } = JSON.parse(readFileSync(file, 'utf8')) as { articles: SeedArticle[] };
  let created = 0;
  for (const seed of articles) {
    const at = new Date(now.getTime() - seed.hoursAgo * 3_600_000).toISOString();
    const result = await createArticle({
      id: randomUUID(),
      title: seed.title,
      summary: seed.summary,
      content: seed.summary,
      category: normaliseCategory(seed.category),
      tags: seed.tags,
      sourceName: seed.sourceName,
      sourceUrl: seed.sourceUrl,
      status: seed.status,
      adminStatus: seed.adminStatus ?? 'auto_approved',
      reviewPriority: seed.reviewPriority,
      reviewSort: seed.reviewPriority ? reviewSortKey(seed.reviewPriority, seed.relevanceScore) : undefined,
      isFeatured: seed.isFeatured ?? false,
      relevanceScore: seed.relevanceScore,
      mlConfidenceScore: seed.mlConfidenceScore,
      qualityScore: qualityScore(seed.mlConfidenceScore, seed.relevanceScore),
      originalPublishedAt: at,
      publishedAt: seed.status === 'published' ? at : undefined,
      urlHash: urlHash(seed.sourceUrl),
      titleHash: titleHash(seed.title),
    }, { at });
    if (result.created) created += 1;
  }
  return created;
}
