import { pipelineFeaturedChanges } from '#domain/content/featured.ts';
import { publishedSince } from '#store/article-lists.ts';
import { setFeatured } from '#store/articles.ts';
import { setContentKeyword } from '#store/keywords.ts';

const CONTENT_KEYWORD_WINDOW_HOURS = 24;
const CONTENT_KEYWORDS_KEPT = 10;

/**
 * Featured: the best-quality articles of the last 48 hours that no editor decided about; the pipeline's
 * older featured flags are cleared (domain/content/featured.ts).
 * Content-based trending keywords: the keywords most matched by the last 24 hours' articles.
 */
export async function refreshHighlights(now = new Date()): Promise<{ featured: string[]; keywords: number }> {
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
  const recent = await publishedSince(hoursAgo(7 * 24));
  const changes = pipelineFeaturedChanges(recent, now);
  for (const change of changes) await setFeatured(change.id, change.isFeatured, 'pipeline');
  const featured = recent.filter((article) => changes.find((change) => change.id === article.id)?.isFeatured ?? article.isFeatured).map((article) => article.id);
  const counts = new Map<string, number>();
  for (const article of recent.filter((a) => a.statusAt >= hoursAgo(CONTENT_KEYWORD_WINDOW_HOURS))) {
    const matches = (article.keywordMatches ?? {}) as { primary?: string[]; secondary?: string[] };
    for (const keyword of [...(matches.primary ?? []), ...(matches.secondary ?? [])]) counts.set(keyword, (counts.get(keyword) ?? 0) + 1);
  }
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, CONTENT_KEYWORDS_KEPT);
  const at = now.toISOString();
  for (const [keyword, count] of top) await setContentKeyword(keyword, count, at);
  return { featured, keywords: top.length };
}
