import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchArticles, type Article, type ArticleList, type ArticleQuery } from './articles.ts';
import { ApiError } from '../../../app/api/client.ts';

export interface ArticlesState {
  items: Article[];
  total: number;
  pages: number;
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

/** Reader spec section 9: the list refreshes every 180 s while the tab is visible. */
const REFRESH_MS = 180_000;

/** One page of the public list for a query; refetched when the query changes, on focus and periodically. */
export function useArticles(query: ArticleQuery): ArticlesState {
  const [list, setList] = useState<ArticleList | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<{ message: string; retryable: boolean } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify(query);
  const latestKey = useRef(key);
  latestKey.current = key;

  const load = useCallback(async (quiet: boolean) => {
    const requested = key;
    if (!quiet) setLoading(true);
    try {
      const answer = await fetchArticles(JSON.parse(requested) as ArticleQuery);
      if (latestKey.current !== requested) return;
      setList(answer);
      setError(null);
    } catch (failure) {
      if (latestKey.current === requested && !quiet) setError(listFailure(failure));
    } finally {
      if (latestKey.current === requested) setLoading(false);
    }
  }, [key]);

  useEffect(() => {
    void load(false);
  }, [load, attempt]);

  useEffect(() => {
    const refresh = () => document.visibilityState === 'visible' && void load(true);
    const timer = setInterval(refresh, REFRESH_MS);
    window.addEventListener('focus', refresh);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', refresh);
    };
  }, [load]);

  return {
    items: list?.items ?? [],
    total: list?.total ?? 0,
    pages: list?.pages ?? 0,
    loading,
    error: error?.message ?? null,
    retryable: error?.retryable ?? true,
    retry: () => setAttempt((n) => n + 1),
  };
}
