import { confidenceBucket } from '#domain/content/article-status.ts';

/**
 * Counts the articles in the table the slow way (every status page by page), to check the counters the
 * store keeps in its writes. Call useLocalAws() first.
 */
export async function countArticlesInTable() {
  const { listArticlesByStatus } = await import('#store/article-lists.ts');
  const byStatus: Record<string, number> = { draft: 0, published: 0, rejected: 0, archived: 0, purged: 0 };
  const byAdminStatus: Record<string, number> = {};
  const byConfidence: Record<string, number> = { high: 0, medium: 0, low: 0, failed: 0 };
  for (const status of Object.keys(byStatus) as Array<'draft' | 'published' | 'rejected' | 'archived' | 'purged'>) {
    let cursor: string | null = null;
    do {
      const page = await listArticlesByStatus(status, { limit: 200, cursor });
      for (const article of page.items.filter((item) => !item.isDuplicate)) {
        byStatus[status] = (byStatus[status] ?? 0) + 1;
        if (status === 'purged') continue;
        byAdminStatus[article.adminStatus] = (byAdminStatus[article.adminStatus] ?? 0) + 1;
        if (article.adminStatus !== 'unclassified') {
          const bucket = confidenceBucket(article.mlConfidenceScore ?? 0);
          byConfidence[bucket] = (byConfidence[bucket] ?? 0) + 1;
        }
      }
      cursor = page.cursor;
    } while (cursor);
  }
  return { byStatus, byAdminStatus, byConfidence };
}
