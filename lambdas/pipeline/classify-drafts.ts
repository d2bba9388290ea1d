import pLimit from 'p-limit';
import { settleUnsettledIntakes } from '#store/article-intake.ts';
import { changeArticleStatus } from '#store/articles.ts';
import { listUnclassifiedDrafts } from '#store/article-lists.ts';
import { getFeedSource } from '#store/feeds.ts';
import { currentClassifier, decideArticle } from '../services/classification.ts';

export { currentModel } from '../services/classification.ts';

/** Status changes in flight at once. */
const WRITE_CONCURRENCY = 8;

export interface ClassifyStats {
  classified: number;
  published: number;
  queued: number;
  rejected: number;
  more: boolean;
  modelVersion: string;
}

/**
 * The backlog: drafts the fetch could not classify (the model failed to load, or the classify-only run's
 * drafts), scored in batches and published, queued or rejected each. New stories are normally classified as
 * they are fetched and stored once with their final status; first, writes a crashed fetch left unsettled
 * are counted (or their claims released), so nothing stays uncounted.
 */
export async function classifyDrafts(batchSize: number, now = new Date()): Promise<ClassifyStats> {
  await settleUnsettledIntakes(now);
  const classifier = await currentClassifier();
  const drafts = await listUnclassifiedDrafts(batchSize);
  const indianFeeds = new Map<string, boolean>();
  const stats: ClassifyStats = { classified: 0, published: 0, queued: 0, rejected: 0, more: drafts.cursor !== null, modelVersion: classifier.version };
  for (const feedId of new Set(drafts.items.map((article) => article.feedId).filter((id): id is string => Boolean(id)))) {
    indianFeeds.set(feedId, (await getFeedSource(feedId))?.isIndian ?? false);
  }
  const limit = pLimit(WRITE_CONCURRENCY);
  const classifyOne = async (article: (typeof drafts.items)[number]) => {
    const at = now.toISOString();
    const { outcome, status, category, set } = decideArticle(classifier, article, indianFeeds.get(article.feedId ?? '') ?? false, at);
    if (await changeArticleStatus(article, { status, category, set, at })) {
      stats.classified += 1;
      if (outcome === 'publish') stats.published += 1;
      if (outcome === 'review') stats.queued += 1;
      if (outcome === 'reject') stats.rejected += 1;
    }
  };
  await Promise.all(drafts.items.map((article) => limit(() => classifyOne(article))));
  return stats;
}
