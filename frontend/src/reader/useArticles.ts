import { useCallback, useEffect, useState } from 'react';
import { fetchArticles, type Article } from '../api/articles.ts';

export interface ArticlesState {
  items: Article[];
  loading: boolean;
  error: string | null;
  hasMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

/** Newest published articles, a page at a time, following the API's cursor. */
export function useArticles(category: string | undefined, pageSize: number): ArticlesState {
  const [items, setItems] = useState<Article[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  const load = useCallback(
    async (from: string | null, signal: { cancelled: boolean }) => {
      setLoading(true);
      setError(null);
      try {
        const page = await fetchArticles({ category, limit: pageSize, cursor: from });
        if (signal.cancelled) return;
        setItems((current) => (from ? [...current, ...page.items] : page.items));
        setCursor(page.cursor);
        setHasMore(page.cursor !== null);
      } catch (caught) {
        if (!signal.cancelled) setError(caught instanceof Error ? caught.message : 'Failed to fetch articles');
      } finally {
        if (!signal.cancelled) setLoading(false);
      }
    },
    [category, pageSize],
  );

  useEffect(() => {
    const signal = { cancelled: false };
    void load(null, signal);
    return () => {
      signal.cancelled = true;
    };
  }, [load, attempt]);

  return {
    items,
    loading,
    error,
    hasMore,
    loadMore: () => void load(cursor, { cancelled: false }),
    retry: () => setAttempt((n) => n + 1),
  };
}
