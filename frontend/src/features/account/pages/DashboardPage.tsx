import { Suspense, useEffect, type ReactNode } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { unreadBadge } from '#domain/reader/notifications.ts';
import { unreadCountOf, useNotifications } from '../api/notifications.ts';
import { useProfile } from '../api/profile.ts';
import { useAuth } from '#web/shared/auth/AuthProvider.tsx';
import { mailto, useContact } from '#web/shared/ui/contactEmail.ts';
import { NotificationCenter } from '../components/NotificationCenter.tsx';
import { PreferencesPanel } from '../components/PreferencesPanel.tsx';
import { YourData } from '../components/YourData.tsx';
import { useDocumentTitle } from '#web/shared/ui/useDocumentTitle.ts';

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'bookmarks', label: 'Bookmarks' },
  { id: 'newsletter', label: 'Newsletter' },
  { id: 'support', label: 'Support' },
  { id: 'notifications', label: 'Notifications' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/**
 * The user dashboard (reader spec section 2), at /dashboard and /user-dashboard; guests go to /auth. The
 * reading activity, what the reader follows, the bookmarks and the newsletter form belong to other features:
 * the app hands them in.
 */
export default function DashboardPage({ readingActivity, following, bookmarks, newsletterForm }: { readingActivity: ReactNode; following: ReactNode; bookmarks: ReactNode; newsletterForm: ReactNode }) {
  const { status, user } = useAuth();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabId = TABS.find((candidate) => candidate.id === requested)?.id ?? 'overview';
  const notifications = useNotifications();
  const profile = useProfile();
  const unread = unreadCountOf(notifications.data);
  const contact = useContact();
  useDocumentTitle('Your Dashboard');

  useEffect(() => {
    if (window.location.hash) document.querySelector(window.location.hash)?.scrollIntoView();
  }, [tab, profile.isSuccess]);

  // Back here after signing in (with the tab or section asked for).
  if (status === 'guest') return <Navigate to={`/auth?redirect=${encodeURIComponent(window.location.pathname + window.location.search + window.location.hash)}`} replace />;
  if (status === 'loading') return <p className="page" aria-busy="true">Loading...</p>;

  return (
    <main className="page dashboard">
      <h1>Hello, {profile.data?.fullName || user?.name || user?.email}</h1>
      <div role="tablist" aria-label="Dashboard" className="tabs">
        {TABS.map((candidate) => (
          <button
            key={candidate.id}
            type="button"
            role="tab"
            id={`dash-tab-${candidate.id}`}
            aria-selected={tab === candidate.id}
            aria-controls="dash-panel"
            onClick={() => setParams({ tab: candidate.id })}
          >
            {candidate.label}
            {candidate.id === 'notifications' && unread > 0 && (
              <span className="badge count" data-testid="tab-unread">
                {unreadBadge(unread, 9)}
              </span>
            )}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="dash-panel" aria-labelledby={`dash-tab-${tab}`}>
        {tab === 'overview' && (
          <div className="dashboard-overview">
            <Suspense fallback={null}>{readingActivity}</Suspense>
            <PreferencesPanel />
            <Suspense fallback={<p aria-busy="true">Loading what you follow...</p>}>{following}</Suspense>
            <YourData />
          </div>
        )}
        {tab === 'bookmarks' && <Suspense fallback={<p aria-busy="true">Loading...</p>}>{bookmarks}</Suspense>}
        {tab === 'newsletter' && (
          <section className="panel" aria-labelledby="dash-newsletter">
            <h2 id="dash-newsletter">Newsletter</h2>
            <Suspense fallback={null}>{newsletterForm}</Suspense>
          </section>
        )}
        {tab === 'support' && (
          <section className="notice">
            <h2>Support</h2>
            <p>
              Questions or trouble with your account? <Link to="/contact">Write to us</Link> or mail {contact && <a href={mailto(contact)}>{contact.email}</a>}.
            </p>
          </section>
        )}
        {tab === 'notifications' && <NotificationCenter />}
      </div>
    </main>
  );
}
