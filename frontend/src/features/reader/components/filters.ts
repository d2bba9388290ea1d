import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ARTICLE_SORTS, DATE_RANGES, MARKET_FOCUSES, QUALITY_FILTERS, type ArticleSort, type MarketFocus, type QualityFilter } from '#domain/reader/public-articles.ts';

/** What the filter bar and the search box choose; kept in the address so a list can be shared and reloaded. */
export interface Filters {
  search: string;
  category: string;
  sort: ArticleSort | '';
  quality: QualityFilter;
  market: MarketFocus;
  featured: boolean;
  /** Published within so many days; 0 for any time. */
  days: number;
  page: number;
}

/** Whether a text is one of the values (a type guard: a select's or the address's text narrowed without a cast). */
export const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T => values.some((each) => each === value);

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T => (isOneOf(values, value) ? value : fallback);

/** Reader spec section 2: market focus defaults to Indian. */
export const DEFAULT_MARKET: MarketFocus = 'indian';

export function readFilters(params: URLSearchParams): Filters {
  return {
    search: params.get('search') ?? '',
    category: params.get('category') ?? '',
    sort: params.has('sort') ? oneOf(ARTICLE_SORTS, params.get('sort'), 'latest') : '',
    quality: oneOf(QUALITY_FILTERS, params.get('quality'), 'all'),
    market: oneOf(MARKET_FOCUSES, params.get('market'), DEFAULT_MARKET),
    featured: params.get('featured') === 'true',
    days: (DATE_RANGES as readonly number[]).includes(Number(params.get('days'))) ? Number(params.get('days')) : 0,
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
}

function writeFilters(filters: Filters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.category) params.set('category', filters.category);
  if (filters.sort) params.set('sort', filters.sort);
  if (filters.quality !== 'all') params.set('quality', filters.quality);
  if (filters.market !== DEFAULT_MARKET) params.set('market', filters.market);
  if (filters.featured) params.set('featured', 'true');
  if (filters.days) params.set('days', String(filters.days));
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/**
 * The filters in the address, and a setter that goes back to page 1 unless the page is what changes.
 * React Router applies an address change in a transition, so until it commits the address still holds the
 * old filters: the filters just chosen are held meanwhile, or a controlled checkbox springs back for a frame
 * and a second change made before the commit would drop the first.
 */
export function useFilters(): [Filters, (change: Partial<Filters>) => void, () => void] {
  const [params, setParams] = useSearchParams();
  const [chosen, setChosen] = useState<Filters | null>(null);
  useEffect(() => setChosen(null), [params]);
  const fromAddress = useMemo(() => readFilters(params), [params]);
  const filters = chosen ?? fromAddress;
  const choose = useCallback(
    (next: Filters) => {
      setChosen(next);
      setParams(writeFilters(next));
    },
    [setParams],
  );
  const update = useCallback((change: Partial<Filters>) => choose({ ...filters, page: 1, ...change }), [choose, filters]);
  const clear = useCallback(() => choose({ ...readFilters(new URLSearchParams()), search: filters.search }), [choose, filters]);
  return [filters, update, clear];
}
