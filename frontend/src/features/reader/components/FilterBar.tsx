import { useId, useState } from 'react';
import type { ArticleSort, MarketFocus, QualityFilter } from '#domain/reader/public-articles.ts';
import { categoryName } from './articles/ArticleCard.tsx';
import { PUBLIC_CATEGORY_SLUGS } from '#domain/content/categories.ts';
import type { Filters } from './filters.ts';

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

/** A labelled select of the filter bar; options are [value, label] pairs. */
function SelectField<T extends string>({ id, label, value, options, onChange }: { id: string; label: string; value: T; options: ReadonlyArray<readonly [T, string]>; onChange: (value: T) => void }) {
  return (
    <div className="filter-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as T)}>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

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
          <SelectField
            id={`${id}-category`}
            label="Category"
            value={filters.category}
            options={[['', 'All categories'], ...PUBLIC_CATEGORY_SLUGS.map((slug): [string, string] => [slug, categoryName(slug)])]}
            onChange={(category) => onChange({ category })}
          />
        )}
        <SelectField id={`${id}-sort`} label="Sort" value={sort} options={sorts.map((value) => [value, SORT_LABELS[value]])} onChange={(value) => onChange({ sort: value })} />
        <SelectField id={`${id}-quality`} label="Quality" value={filters.quality} options={Object.entries(QUALITY_LABELS) as Array<[QualityFilter, string]>} onChange={(quality) => onChange({ quality })} />
        <SelectField id={`${id}-market`} label="Market focus" value={filters.market} options={Object.entries(MARKET_LABELS) as Array<[MarketFocus, string]>} onChange={(market) => onChange({ market })} />
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
