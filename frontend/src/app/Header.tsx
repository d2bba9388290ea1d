import { Link, useNavigate } from 'react-router-dom';
import { CATEGORY_NAMES, PUBLIC_CATEGORY_SLUGS } from '#domain/content/categories.ts';
import { unreadBadge } from '#domain/reader/notifications.ts';
import { unreadCountOf, useNotificationWatcher } from '#web/features/account/api/notifications.ts';
import { useAuth } from '#web/shared/auth/AuthProvider.tsx';
import { useToast } from '#web/shared/ui/Toasts.tsx';
import { useTheme, type Theme } from './theme.ts';

/** Closes a <details> menu after a choice. */
const closeMenu = (element: HTMLElement) => element.closest('details')?.removeAttribute('open');

function AccountMenu() {
  const { user, signOut } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  // The header is on every page: it keeps the live notification check running for the signed-in reader.
  const notifications = useNotificationWatcher((arrived) => {
    for (const item of arrived.slice(0, 3)) toast(item.title, item.message);
  });
  const unread = unreadCountOf(notifications.data);
  const leave = async () => {
    try {
      await signOut();
      toast('Logged Out', 'You have been successfully logged out.');
      navigate('/');
    } catch (error) {
      toast('Logout Failed', error instanceof Error && error.message ? error.message : 'An error occurred');
    }
  };
  return (
    <>
      <Link to="/bookmarks" className="button header-bookmarks">
        Bookmarks
      </Link>
      <details className="menu account-menu">
        <summary>
          Account
          {unread > 0 && (
            <span className="badge count" data-testid="header-unread">
              {unreadBadge(unread, 99)}
              <span className="visually-hidden"> unread notifications</span>
            </span>
          )}
        </summary>
        <ul onClick={(event) => closeMenu(event.target as HTMLElement)}>
          <li className="menu-note">{user?.email}</li>
          <li>
            <Link to="/dashboard">Dashboard</Link>
          </li>
          <li>
            <Link to="/dashboard?tab=notifications">Notifications{unread > 0 ? ` (${unreadBadge(unread, 99)})` : ''}</Link>
          </li>
          <li>
            <Link to="/bookmarks">Bookmarks</Link>
          </li>
          {user?.isAdmin && (
            <li>
              <Link to="/admin">Admin Dashboard</Link>
            </li>
          )}
          <li>
            <button type="button" onClick={() => void leave()}>
              Sign Out
            </button>
          </li>
        </ul>
      </details>
    </>
  );
}

export function Header() {
  const [theme, setTheme] = useTheme();
  const { status } = useAuth();
  return (
    <header className="site-header">
      <Link to="/" className="logo">
        Creator News Hub
      </Link>
      <nav aria-label="Categories" className="category-nav">
        <details className="menu">
          <summary>Categories</summary>
          <ul onClick={(event) => closeMenu(event.target as HTMLElement)}>
            {PUBLIC_CATEGORY_SLUGS.map((slug) => (
              <li key={slug}>
                <Link to={`/categories/${slug}`}>{CATEGORY_NAMES[slug]}</Link>
              </li>
            ))}
            <li>
              <Link to="/categories">All categories</Link>
            </li>
          </ul>
        </details>
      </nav>
      <div className="header-actions">
        {status === 'signed-in' && <AccountMenu />}
        {status === 'guest' && (
          <Link to="/auth" className="button primary">
            Sign In
          </Link>
        )}
        <label className="theme">
          <span className="visually-hidden">Theme</span>
          <select value={theme} onChange={(event) => setTheme(event.target.value as Theme)} aria-label="Theme">
            <option value="light">Light</option>
            <option value="dark">Dark</option>
            <option value="system">System</option>
          </select>
        </label>
      </div>
    </header>
  );
}
