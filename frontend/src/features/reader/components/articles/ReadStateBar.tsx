import type { ListView } from '../../api/readState.ts';

/**
 * The home list's reader tools (signed-in only): cards or headlines, hide read articles, and mark every
 * article of the list read.
 */
export function ReadStateBar({ view, onView, hideRead, onHideRead, unread, onMarkAll, busy }: {
  view: ListView;
  onView: (view: ListView) => void;
  hideRead: boolean;
  onHideRead: (hide: boolean) => void;
  /** Unread articles on this page of the list. */
  unread: number;
  onMarkAll: () => void;
  busy: boolean;
}) {
  return (
    <div className="read-tools" role="group" aria-label="List options">
      <div className="view-switch" role="group" aria-label="View">
        <button type="button" aria-pressed={view === 'cards'} onClick={() => onView('cards')}>
          Cards
        </button>
        <button type="button" aria-pressed={view === 'headlines'} onClick={() => onView('headlines')}>
          Headlines
        </button>
      </div>
      <label className="hide-read">
        <input type="checkbox" checked={hideRead} onChange={(event) => onHideRead(event.currentTarget.checked)} /> Hide read
      </label>
      <button type="button" className="mark-all" onClick={onMarkAll} disabled={busy || unread === 0}>
        Mark all as read
      </button>
    </div>
  );
}
