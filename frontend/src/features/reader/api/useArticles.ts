import { useQuery } from '@tanstack/react-query';
import { ApiError } from '#web/shared/api/client.ts';
import { articleListQuery, LIST_REFRESH_MS } from './articleQueries.ts';
import type { StoryTopic } from '#domain/topics/topic-links.ts';
import type { Article, ArticleQuery } from './articles.ts';

export interface ArticlesState {
  items: Article[];
  total: number;
  /** More may match in archived months the page did not read: the count is "at least". */
  totalIsLowerBound: boolean;
  pages: number;
  /** The topics a search names (their pages are offered beside the results); none without a search. */
  topics: StoryTopic[];
  loading: boolean;
  error: string | null;
  /** Whether asking again can succeed: not after the server refused the query itself (a 4xx other than 429). */
  retryable: boolean;
  retry: () => void;
}

/**
 * What the reader is told when the list fails: the server's own words when it refused the query (too long a
 * search, say: asking again cannot help), else the spec's "Failed to fetch articles" (section 8) with Try Again.
 */
function listFailure(error: unknown): { message: string; retryable: boolean } {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
    const fieldMessage = Object.values(error.fieldErrors).flat()[0];
    return { message: fieldMessage ?? error.message, retryable: false };
  }
  return { message: 'Failed to fetch articles', retryable: true };
}

/**
 * One page of the public list for a query; asked for again on focus and every 180 s while the tab is
 * visible. A failed background refresh keeps the cards shown and says nothing; the reader's Try Again is
 * the retry.
 */
export function useArticles(query: ArticleQuery): ArticlesState {
  const list = useQuery({ ...articleListQuery(query), refetchInterval: LIST_REFRESH_MS, retry: false });
  const failure = list.isLoadingError ? listFailure(list.error) : null;
  return {
    items: list.data?.items ?? [],
    total: list.data?.total ?? 0,
    totalIsLowerBound: list.data?.totalIsLowerBound ?? false,
    pages: list.data?.pages ?? 0,
    topics: list.data?.topics ?? [],
    // A Try Again shows the skeletons again while it asks.
    loading: list.isPending || (list.isLoadingError && list.isFetching),
    error: failure?.message ?? null,
    retryable: failure?.retryable ?? true,
    retry: () => void list.refetch(),
  };
}
