import { Article, type ArticleItem } from '../articles.ts';
import { Alert } from '../alerts.ts';
import { PipelineRun, type PipelineRunItem } from '../pipeline-runs.ts';

/** Reads behind the console dashboard: each a Query on a key, counted page by page. */

/** Articles we published at or after `since` (publishedAt), among those whose original date is at most `lookbackDays` older. */
export async function countPublishedSince(since: string, lookbackDays = 30): Promise<number> {
  const from = new Date(Date.parse(since) - lookbackDays * 86_400_000).toISOString();
  const { data } = await Article.query
    .byStatus({ status: 'published' })
    .gte({ statusAt: from })
    .where(({ publishedAt, isDuplicate }, { gte, eq }) => `${gte(publishedAt, since)} AND ${eq(isDuplicate, false)}`)
    .go({ pages: 'all', attributes: ['id'] });
  return data.length;
}

export async function countAlertsSince(since: string): Promise<number> {
  const { data } = await Alert.query.byCreated({}).gte({ createdAt: since }).go({ pages: 'all', attributes: ['id'] });
  return data.length;
}

/** A state machine's recorded runs that started at or after `since`, newest first. */
export async function runsSince(machine: string, since: string): Promise<PipelineRunItem[]> {
  const { data } = await PipelineRun.query.byMachine({ machine }).gte({ startedAt: since }).go({ pages: 'all', order: 'desc' });
  return data;
}

/** Articles the classifier auto-rejected that are still drafts (Manual Controls' clean-up). */
export async function listAutoRejectedDrafts(): Promise<ArticleItem[]> {
  const { data } = await Article.query
    .byAdminStatus({ adminStatus: 'auto_rejected' })
    .where(({ status }, { eq }) => eq(status, 'draft'))
    .go({ pages: 'all' });
  return data;
}

/** The whole review queue's priorities and relevance (a few hundred items at most), for its stats. */
export async function reviewQueueScores(): Promise<Array<{ reviewPriority?: string | undefined; relevanceScore?: number | undefined }>> {
  const { data } = await Article.query.byAdminStatus({ adminStatus: 'pending_review' }).go({ pages: 'all', attributes: ['id', 'reviewPriority', 'relevanceScore'] });
  return data;
}
