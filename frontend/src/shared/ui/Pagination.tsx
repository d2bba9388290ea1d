import { useRef, type MouseEvent } from 'react';
import { isPlainClick } from './links.ts';

/** Up to 7 pages are listed in full; beyond that the first, the last and a window round the current one. */
export function pageWindow(current: number, pages: number): Array<number | 'gap'> {
  if (pages <= 7) return Array.from({ length: pages }, (_, index) => index + 1);
  const shown = new Set([1, pages, current - 1, current, current + 1].filter((page) => page >= 1 && page <= pages));
  if (current <= 3) [2, 3, 4].forEach((page) => shown.add(page));
  if (current >= pages - 2) [pages - 3, pages - 2, pages - 1].forEach((page) => shown.add(page));
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((page, index) => (index > 0 && page - (sorted[index - 1] as number) > 1 ? ['gap' as const, page] : [page]));
}

/** Reader spec section 9: a page change is ignored for 300 ms after the last one. */
const PAGE_LOCK_MS = 300;

/**
 * Page buttons; with `pageHref`, page links instead: a reader without JavaScript (and a crawler) follows the
 * address, and the app turns a plain click into the same page change the buttons make.
 */
export function Pagination({ page, pages, onPage, pageHref }: { page: number; pages: number; onPage: (page: number) => void; pageHref?: (page: number) => string }) {
  const lockedUntil = useRef(0);
  if (pages <= 1) return null;
  const go = (target: number) => {
    if (Date.now() < lockedUntil.current || target === page || target < 1 || target > pages) return;
    lockedUntil.current = Date.now() + PAGE_LOCK_MS;
    onPage(target);
  };
  if (pageHref) return <PageLinks page={page} pages={pages} go={go} pageHref={pageHref} />;
  return (
    <nav className="pagination" aria-label="Pages">
      <button type="button" onClick={() => go(page - 1)} disabled={page <= 1}>
        Previous
      </button>
      {pageWindow(page, pages).map((entry, index) =>
        entry === 'gap' ? (
          <span key={`gap-${index}`} aria-hidden="true">
            …
          </span>
        ) : (
          <button key={entry} type="button" onClick={() => go(entry)} aria-current={entry === page ? 'page' : undefined} aria-label={`Page ${entry}`}>
            {entry}
          </button>
        ),
      )}
      <button type="button" onClick={() => go(page + 1)} disabled={page >= pages}>
        Next
      </button>
    </nav>
  );
}

function PageLinks({ page, pages, go, pageHref }: { page: number; pages: number; go: (page: number) => void; pageHref: (page: number) => string }) {
  const follow = (target: number) => (event: MouseEvent) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    go(target);
  };
  const step = (target: number, label: string) =>
    target < 1 || target > pages ? (
      <span className="page-link disabled" aria-disabled="true">
        {label}
      </span>
    ) : (
      <a className="page-link" href={pageHref(target)} rel={target < page ? 'prev' : 'next'} onClick={follow(target)}>
        {label}
      </a>
    );
  return (
    <nav className="pagination" aria-label="Pages">
      {step(page - 1, 'Previous')}
      {pageWindow(page, pages).map((entry, index) =>
        entry === 'gap' ? (
          <span key={`gap-${index}`} aria-hidden="true">
            …
          </span>
        ) : (
          <a key={entry} className="page-link" href={pageHref(entry)} onClick={follow(entry)} aria-current={entry === page ? 'page' : undefined} aria-label={`Page ${entry}`}>
            {entry}
          </a>
        ),
      )}
      {step(page + 1, 'Next')}
    </nav>
  );
}
