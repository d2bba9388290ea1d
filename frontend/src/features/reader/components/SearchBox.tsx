import { useEffect, useId, useRef, useState } from 'react';
import { useTrendingKeywords } from '../api/articleQueries.ts';
import { trackSearch } from '../api/articles.ts';
import { categoryName } from './articles/ArticleCard.tsx';
import { PUBLIC_CATEGORY_SLUGS } from '#domain/content/categories.ts';
import { SEARCH_MAX_CHARS } from '#domain/reader/public-articles.ts';
import { normaliseSearchTerm } from '#domain/content/trending.ts';
import { useTypedBeforeStart } from '#web/shared/ui/hydration.ts';

/** Reader spec section 9: 5 trending, 3 recent of the 5 kept, 4 fixed topics; 300 ms debounce. */
export const POPULAR_TOPICS = ['Influencer Marketing', 'Creator Economy', 'Brand Partnerships', 'Social Commerce'];
const RECENT_KEY = 'recentSearches';
const RECENT_KEPT = 5;
const RECENT_SHOWN = 3;
const TRENDING_SHOWN = 5;
const DEBOUNCE_MS = 300;

export function recentSearches(): string[] {
  try {
    const stored = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string').slice(0, RECENT_KEPT) : [];
  } catch {
    return [];
  }
}

function remember(term: string): void {
  const next = [term, ...recentSearches().filter((item) => item.toLowerCase() !== term.toLowerCase())].slice(0, RECENT_KEPT);
  localStorage.setItem(RECENT_KEY, JSON.stringify(next));
}

/** The quick search: Cmd+K, Ctrl+K or / focus it from anywhere on the page. */
const DATE_CHIPS = [
  { days: 1, label: 'Today' },
  { days: 7, label: 'This week' },
  { days: 30, label: 'This month' },
];

export function SearchBox({ value, category, days, onSearch, onCategory, onDays, onFilters, filtersOpen, filtersId }: {
  value: string;
  category: string;
  days: number;
  onSearch: (term: string) => void;
  onCategory: (category: string) => void;
  onDays: (days: number) => void;
  /** The Filters button: toggles the filter panel (`filtersOpen` says whether it shows, `filtersId` is its id). */
  onFilters: () => void;
  filtersOpen: boolean;
  filtersId: string;
}) {
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const listId = useId();

  useEffect(() => setText(value), [value]);

  useTypedBeforeStart(input, value, setText);
  // Focused before the app started (the written page is there first): the suggestions open as focus opens them.
  useEffect(() => {
    if (input.current && document.activeElement === input.current) setOpen(true);
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const typing = event.target instanceof HTMLElement && (event.target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName));
      if (((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') || (event.key === '/' && !typing)) {
        event.preventDefault();
        input.current?.focus();
      }
    };
    // A click elsewhere closes the dropdown, and so does focus leaving the box (a keyboard reader tabbing on).
    const closeOutside = (event: Event) => {
      if (box.current && !box.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('focusin', closeOutside);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('focusin', closeOutside);
    };
  }, []);

  // Trending Now is asked for when the dropdown first opens; a failure leaves the section out.
  const trending = useTrendingKeywords(TRENDING_SHOWN, open).data?.items ?? [];

  // Typing searches after a pause; Enter searches at once and remembers the term.
  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = setTimeout(() => text.trim() && onSearch(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  const run = (term: string) => {
    const trimmed = term.trim();
    if (!trimmed) return;
    setText(trimmed);
    remember(trimmed);
    // Only terms the server counts (2 to 60 characters) are sent: a longer search is run, not counted.
    if (normaliseSearchTerm(trimmed)) trackSearch(trimmed);
    onSearch(trimmed);
    setOpen(false);
  };

  const suggestion = (term: string, key: string) => (
    <li key={key}>
      <button type="button" onClick={() => run(term)}>
        {term}
      </button>
    </li>
  );

  const recent = open ? recentSearches() : [];
  return (
    <section className="search-box" aria-labelledby="search-heading" ref={box}>
      <h2 id="search-heading">Discover What's Trending</h2>
      <div className="search-row">
        <input
          ref={input}
          type="search"
          role="combobox"
          aria-autocomplete="none"
          aria-label="Search articles"
          aria-expanded={open}
          aria-controls={listId}
          placeholder="Discover news, trends, and insights..."
          maxLength={SEARCH_MAX_CHARS}
          value={text}
          onFocus={() => setOpen(true)}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') run(text);
            if (event.key === 'Escape') {
              setOpen(false);
              input.current?.blur();
            }
          }}
        />
        {text && (
          <button type="button" aria-label="Clear search" onClick={() => {
            setText('');
            onSearch('');
          }}>
            ×
          </button>
        )}
        <button type="button" className="filter-button" aria-expanded={filtersOpen} aria-controls={filtersId} onClick={onFilters}>
          Filters
        </button>
      </div>
      {open && (
        <div className="search-dropdown" id={listId}>
          {trending.length > 0 && (
            <div>
              <h3>Trending Now</h3>
              <ul>{trending.map((item) => suggestion(item.keyword, `t-${item.keyword}`))}</ul>
            </div>
          )}
          <div>
            <h3>Popular Topics</h3>
            <ul>{POPULAR_TOPICS.map((topic) => suggestion(topic, `p-${topic}`))}</ul>
          </div>
          {recent.length > 0 && (
            <div>
              <h3>Recent Searches</h3>
              <ul>{recent.slice(0, RECENT_SHOWN).map((term) => suggestion(term, `r-${term}`))}</ul>
            </div>
          )}
          <div className="chips" role="group" aria-label="Categories">
            {PUBLIC_CATEGORY_SLUGS.map((slug) => (
              <button key={slug} type="button" aria-pressed={category === slug} onClick={() => onCategory(category === slug ? '' : slug)}>
                {categoryName(slug)}
              </button>
            ))}
          </div>
          <div className="chips" role="group" aria-label="Date range">
            {DATE_CHIPS.map((chip) => (
              <button key={chip.days} type="button" aria-pressed={days === chip.days} onClick={() => onDays(days === chip.days ? 0 : chip.days)}>
                {chip.label}
              </button>
            ))}
          </div>
          <p className="hint">Press Enter to search • Esc to close</p>
        </div>
      )}
    </section>
  );
}
