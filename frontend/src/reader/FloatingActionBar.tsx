import { copyLink } from '../components/articles/share.ts';
import { GUEST_TOASTS, useToast } from '../components/Toasts.tsx';

/** Search, bookmarks, settings and the device's share sheet, always at hand on the home page. */
export function FloatingActionBar({ onSearch }: { onSearch: () => void }) {
  const toast = useToast();
  const share = async () => {
    const url = window.location.href;
    if (navigator.share) {
      await navigator.share({ title: document.title, url }).catch(() => undefined);
      return;
    }
    await copyLink(() => url, toast);
  };
  return (
    <nav className="floating-bar" aria-label="Quick actions">
      <button type="button" onClick={onSearch}>
        Search
      </button>
      {/* Bookmarks and settings belong to accounts (a later issue): a guest is told to sign in. */}
      <button type="button" onClick={() => toast(...GUEST_TOASTS.bookmark)}>
        Bookmarks
      </button>
      <button type="button" onClick={() => toast(...GUEST_TOASTS.settings)}>
        Settings
      </button>
      <button type="button" onClick={() => void share()}>
        Share
      </button>
    </nav>
  );
}
