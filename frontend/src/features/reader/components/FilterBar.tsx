import { useId, useState } from 'react';
import type { ArticleSort, MarketFocus, QualityFilter } from '#domain/reader/public-articles.ts';
import { categoryName } from './articles/ArticleCard.tsx';
import { PUBLIC_CATEGORY_SLUGS } from '#domain/content/categories.ts';
import { isOneOf, type Filters } from './filters.ts';

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
  const values = options.map(([option]) => option);
  return (
    <div className="filter-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const chosen = event.target.value;
          if (isOneOf(values, chosen)) onChange(chosen);
        }}
      >
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The filter panel's id: the control that opens it (its own Filters button, or the search box's) names it. */
export const FILTER_PANEL_ID = 'filter-panel';

/** Whether the panel shows without being asked for: on a wide screen yes, on a phone (a popover there) no. */
export const filtersShownAtFirst = () => typeof window === 'undefined' || !window.matchMedia('(max-width: 640px)').matches;

/**
 * Category, sort, quality, market focus, featured only and Clear Filters; folded into a popover on small
 * screens. Its own Filters button opens it there; a page whose search box has the Filters button passes
 * `control` (open state and setter) and the bar shows no button of its own.
 */
export function FilterBar({ filters, onChange, onClear, showCategory = true, control }: {
  filters: Filters;
  onChange: (change: Partial<Filters>) => void;
  onClear: () => void;
  showCategory?: boolean;
  /** `open` null: as the screen's width says (shown on a wide screen, folded on a phone), by the stylesheet. */
  control?: { open: boolean | null; setOpen: (open: boolean) => void };
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = control ? control.open : ownOpen;
  const setOpen = control ? control.setOpen : setOwnOpen;
  const id = useId();
  const searching = filters.search.trim() !== '';
  const sort = filters.sort || (searching ? 'best-match' : 'latest');
  const sorts = (Object.keys(SORT_LABELS) as ArticleSort[]).filter((value) => value !== 'best-match' || searching);
  return (
    <div className={control ? 'filter-bar controlled' : 'filter-bar'}>
      {!control && (
        <button type="button" className="filter-toggle" aria-expanded={Boolean(open)} aria-controls={FILTER_PANEL_ID} onClick={() => setOpen(!open)}>
          Filters
        </button>
      )}
      <div id={FILTER_PANEL_ID} className={open === null ? 'filter-panel by-width' : open ? 'filter-panel open' : 'filter-panel'} role="group" aria-label="Filters">
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
          if (!control) setOpen(false);
        }}>
          Clear Filters
        </button>
      </div>
    </div>
  );
}
