import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchArticles, type Article, type ArticleList, type ArticleQuery } from '../../api/articles.ts';

export interface ArticlesState {
  items: Article[];
  total: number;
  pages: number;
  loading: boolean;
  error: string | null;
  retry: () => void;
}

/** Reader spec section 9: the list refreshes every 180 s while the tab is visible. */
const REFRESH_MS = 180_000;

/** One page of the public list for a query; refetched when the query changes, on focus and periodically. */
export function useArticles(query: ArticleQuery): ArticlesState {
  const [list, setList] = useState<ArticleList | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
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
    } catch {
      // The reader is told what failed, in the spec's words (section 8), never the server's raw text.
      if (latestKey.current === requested && !quiet) setError('Failed to fetch articles');
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
    error,
    retry: () => setAttempt((n) => n + 1),
  };
}
