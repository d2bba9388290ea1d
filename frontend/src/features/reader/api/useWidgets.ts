import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Widgets } from '#domain/reader/widgets.ts';
import { articleKeys } from './articleQueries.ts';
import { fetchWidgets } from './articles.ts';

/** Reader spec sections 4 and 9: after 3 failed refreshes in a row a widget stops offering retry. */
export const WIDGET_FAILURE_CAP = 3;
/** Widget data is refreshed every 5 minutes. */
const WIDGET_REFRESH_MS = 5 * 60_000;

export interface WidgetState {
  data: Widgets | null;
  loading: boolean;
  /** Failed refreshes in a row (0 after a success). */
  failures: number;
  refresh: () => void;
}

/** True once the browser is idle: the widgets wait for it, the article list comes first. */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const ready = () => setIdle(true);
    const handle = typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(ready, { timeout: 2000 }) : undefined;
    const fallback = handle === undefined ? window.setTimeout(ready, 200) : undefined;
    return () => {
      if (handle !== undefined) window.cancelIdleCallback(handle);
      window.clearTimeout(fallback);
    };
  }, []);
  return idle;
}

/**
 * The side widgets' data: asked for once the browser is idle, then every 5 minutes while the tab is
 * visible, and on the reader's refresh. Each failed fetch counts towards the cap; a success clears it.
 */
export function useWidgets(): WidgetState {
  const idle = useIdle();
  const widgets = useQuery({
    queryKey: articleKeys.widgets,
    queryFn: fetchWidgets,
    enabled: idle,
    refetchInterval: WIDGET_REFRESH_MS,
    refetchOnWindowFocus: false,
    // The widget's own Retry (n/3) is the retry.
    retry: false,
  });
  const [failures, setFailures] = useState(0);
  const { errorUpdatedAt, dataUpdatedAt } = widgets;
  // Answers from before this page was shown (the cache keeps them) do not count.
  const shownAt = useRef({ errorUpdatedAt, dataUpdatedAt });
  useEffect(() => {
    if (errorUpdatedAt > shownAt.current.errorUpdatedAt) setFailures((count) => Math.min(WIDGET_FAILURE_CAP, count + 1));
  }, [errorUpdatedAt]);
  useEffect(() => {
    if (dataUpdatedAt > shownAt.current.dataUpdatedAt) setFailures(0);
  }, [dataUpdatedAt]);

  return { data: widgets.data ?? null, loading: !idle || widgets.isFetching || widgets.isPending, failures, refresh: () => void widgets.refetch() };
}
