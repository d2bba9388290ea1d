import { adminCall, type ApiAnswer } from '../../shell/api.ts';
import type { SummaryProblem } from '#domain/content/summaries.ts';

export type { SummaryProblem };

export const PROBLEM_LABELS: Record<SummaryProblem, string> = {
  missing: 'Missing',
  'same-as-title': 'Same as title',
  'too-short': 'Too short',
  markup: 'Contains markup',
};

/** The list (GET /admin/summaries), with the articles per problem whatever the filter. */
export type SummaryList = ApiAnswer<'GET /admin/summaries'>;
export type SummaryRow = SummaryList['items'][number];
export type RegenerateResult = ApiAnswer<'POST /admin/summaries/regenerate'>;

export const fetchSummaries = (query: { problem: SummaryProblem | ''; page: number; pageSize: number }) => adminCall('GET /admin/summaries', { query });
export const regenerateSummaries = (ids: string[]) => adminCall('POST /admin/summaries/regenerate', { body: { ids } });
