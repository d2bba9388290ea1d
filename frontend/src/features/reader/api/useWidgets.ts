import { useCallback, useEffect, useState } from 'react';
import type { Widgets } from '#domain/reader/widgets.ts';
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

export function useWidgets(): WidgetState {
  const [data, setData] = useState<Widgets | null>(null);
  const [loading, setLoading] = useState(true);
  const [failures, setFailures] = useState(0);

  const refresh = useCallback(() => {
    setLoading(true);
    fetchWidgets().then(
      (answer) => {
        setData(answer);
        setFailures(0);
        setLoading(false);
      },
      () => {
        setFailures((count) => Math.min(WIDGET_FAILURE_CAP, count + 1));
        setLoading(false);
      },
    );
  }, []);

  useEffect(() => {
    // The widgets wait until the browser is idle: the article list comes first.
    const idle = typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(() => refresh(), { timeout: 2000 }) : undefined;
    const fallback = idle === undefined ? window.setTimeout(refresh, 200) : undefined;
    const timer = setInterval(() => document.visibilityState === 'visible' && refresh(), WIDGET_REFRESH_MS);
    return () => {
      if (idle !== undefined) window.cancelIdleCallback(idle);
      window.clearTimeout(fallback);
      clearInterval(timer);
    };
  }, [refresh]);

  return { data, loading, failures, refresh };
}
