import { useId, useState } from 'react';
import type { ArticleSort, MarketFocus, QualityFilter } from '#domain/public-articles.ts';
import { categoryName } from './ArticleCard.tsx';
import type { Filters } from './filters.ts';

/** Reader spec section 2: the filter bar's category choices. */
const FILTER_CATEGORIES = ['creator-economy', 'brand-partnerships', 'platform-updates', 'industry-insights'];

const SORT_LABELS: Record<ArticleSort, string> = {
  'best-match': 'Best match',
  latest: 'Latest',
  trending: 'Most Viewed',
  quality: 'Quality',
  relevance: 'Relevance',
  oldest: 'Oldest',
};

const QUALITY_LABELS: Record<QualityFilter, string> = { all: 'All quality', high: 'High', medium: 'Medium', low: 'Low' };
const MARKET_LABELS: Record<MarketFocus, string> = { all: 'Global and India', indian: 'India', global: 'Global' };

/** Category, sort, quality, market focus, featured only and Clear Filters; folded into a popover on small screens. */
export function FilterBar({ filters, onChange, onClear, showCategory = true }: { filters: Filters; onChange: (change: Partial<Filters>) => void; onClear: () => void; showCategory?: boolean }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const searching = filters.search.trim() !== '';
  const sort = filters.sort || (searching ? 'best-match' : 'latest');
  const sorts = (Object.keys(SORT_LABELS) as ArticleSort[]).filter((value) => value !== 'best-match' || searching);
  return (
    <div className="filter-bar">
      <button type="button" className="filter-toggle" aria-expanded={open} aria-controls="filter-panel" onClick={() => setOpen((value) => !value)}>
        Filters
      </button>
      <div id="filter-panel" className={open ? 'filter-panel open' : 'filter-panel'} role="group" aria-label="Filters">
        {showCategory && (
          <div className="filter-field">
            <label htmlFor={`${id}-category`}>Category</label>
            <select id={`${id}-category`} value={filters.category} onChange={(event) => onChange({ category: event.target.value })}>
              <option value="">All categories</option>
              {FILTER_CATEGORIES.map((slug) => (
                <option key={slug} value={slug}>
                  {categoryName(slug)}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="filter-field">
          <label htmlFor={`${id}-sort`}>Sort</label>
          <select id={`${id}-sort`} value={sort} onChange={(event) => onChange({ sort: event.target.value as ArticleSort })}>
            {sorts.map((value) => (
              <option key={value} value={value}>
                {SORT_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="filter-field">
          <label htmlFor={`${id}-quality`}>Quality</label>
          <select id={`${id}-quality`} value={filters.quality} onChange={(event) => onChange({ quality: event.target.value as QualityFilter })}>
            {(Object.keys(QUALITY_LABELS) as QualityFilter[]).map((value) => (
              <option key={value} value={value}>
                {QUALITY_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="filter-field">
          <label htmlFor={`${id}-market`}>Market focus</label>
          <select id={`${id}-market`} value={filters.market} onChange={(event) => onChange({ market: event.target.value as MarketFocus })}>
            {(Object.keys(MARKET_LABELS) as MarketFocus[]).map((value) => (
              <option key={value} value={value}>
                {MARKET_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <label className="checkbox">
          <input type="checkbox" checked={filters.featured} onChange={(event) => onChange({ featured: event.target.checked })} />
          Featured only
        </label>
        <button type="button" onClick={() => {
          onClear();
          setOpen(false);
        }}>
          Clear Filters
        </button>
      </div>
    </div>
  );
}
