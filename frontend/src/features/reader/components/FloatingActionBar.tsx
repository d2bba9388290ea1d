import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { copyLink } from './articles/share.ts';
import { useToast } from '#web/shared/ui/Toasts.tsx';

/**
 * Search, bookmarks, settings and the device's share sheet, always at hand on the home page. Share shares
 * the page itself (a story has its own page, with its own Share menu).
 */
export function FloatingActionBar({ onSearch }: { onSearch: () => void }) {
  const toast = useToast();
  // On a phone the bar would cover the first card: it shows once the reader has scrolled (see styles.css).
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 240);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  const share = async () => {
    const url = window.location.href;
    if (navigator.share) {
      await navigator.share({ title: document.title, url }).catch(() => undefined);
      return;
    }
    await copyLink(() => url, toast, 'Page');
  };
  return (
    <nav className={scrolled ? 'floating-bar scrolled' : 'floating-bar'} aria-label="Quick actions">
      <button type="button" onClick={onSearch}>
        Search
      </button>
      {/* A guest finds the Sign In Required card there (reader spec section 2). */}
      <Link to="/bookmarks">Bookmarks</Link>
      <Link to="/user-dashboard">Settings</Link>
      <button type="button" onClick={() => void share()}>
        Share
      </button>
    </nav>
  );
}
