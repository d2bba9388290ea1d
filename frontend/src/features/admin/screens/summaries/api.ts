import type { ArticleStatus } from '#domain/content/article-status.ts';
import type { CategorySlug } from '#domain/content/categories.ts';
import { adminGet, adminPost } from '../../shell/api.ts';

/** The server's problem names (lambdas/domain/content/summaries.ts SUMMARY_PROBLEMS). */
export type SummaryProblem = 'missing' | 'same-as-title' | 'too-short' | 'markup';

export const PROBLEM_LABELS: Record<SummaryProblem, string> = {
  missing: 'Missing',
  'same-as-title': 'Same as title',
  'too-short': 'Too short',
  markup: 'Contains markup',
};

export interface SummaryRow {
  id: string;
  title: string;
  summary: string;
  status: ArticleStatus;
  category: CategorySlug;
  sourceName: string;
  createdAt: string;
  problems: SummaryProblem[];
}

export interface SummaryList {
  items: SummaryRow[];
  total: number;
  page: number;
  pageSize: number;
  pages: number;
  /** Articles per problem, whatever the filter. */
  counts: Record<SummaryProblem, number>;
}

export interface RegenerateResult {
  updated: string[];
  unchanged: Array<{ id: string; reason: string }>;
}

export const fetchSummaries = (query: { problem: SummaryProblem | ''; page: number; pageSize: number }) => adminGet<SummaryList>('/admin/summaries', { ...query });
export const regenerateSummaries = (ids: string[]) => adminPost<RegenerateResult>('/admin/summaries/regenerate', { ids });
