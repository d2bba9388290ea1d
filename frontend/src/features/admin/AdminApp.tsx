import '@cloudscape-design/global-styles/index.css';
import AppLayout from '@cloudscape-design/components/app-layout';
import BreadcrumbGroup from '@cloudscape-design/components/breadcrumb-group';
import Flashbar from '@cloudscape-design/components/flashbar';
import SideNavigation, { type SideNavigationProps } from '@cloudscape-design/components/side-navigation';
import TopNavigation from '@cloudscape-design/components/top-navigation';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { signOutEverywhere } from '#web/shared/auth/session.ts';
import { ErrorBoundary } from '#web/shared/ui/ErrorBoundary.tsx';
import { AccessDenied, ConsoleLoading, useConsoleSession, type ConsoleSession } from './shell/guard.tsx';
import { FlashProvider, useFlash } from './shell/flash.tsx';
import { areaTitle, breadcrumbs, canOpen, consoleTitle, NAVIGATION, SCREENS, screenOf, sidebarCookie, sidebarOpenFrom, type ScreenKey } from './shell/navigation.ts';

// One chunk per screen: the console shell loads first, each screen when it is opened.
const DashboardPage = lazy(() => import('./screens/dashboard/DashboardPage.tsx'));
const ArticlesPage = lazy(() => import('./screens/articles/ArticlesPage.tsx'));
const ReviewQueuePage = lazy(() => import('./screens/review/ReviewQueuePage.tsx'));
const TopicsPage = lazy(() => import('./screens/topics/TopicsPage.tsx'));
const SummaryManagerPage = lazy(() => import('./screens/summaries/SummaryManagerPage.tsx'));
const FeedsPage = lazy(() => import('./screens/feeds/FeedsPage.tsx'));
const LifecyclePage = lazy(() => import('./screens/lifecycle/LifecyclePage.tsx'));
const ManualControlsPage = lazy(() => import('./screens/lifecycle/ManualControlsPage.tsx'));
const PipelinePage = lazy(() => import('./screens/pipeline/PipelinePage.tsx'));
const AuditPage = lazy(() => import('./screens/audit/AuditPage.tsx'));
const RevenuePage = lazy(() => import('./screens/revenue/RevenuePage.tsx'));
const UsersPage = lazy(() => import('./screens/users/UsersPage.tsx'));
const NewsletterPage = lazy(() => import('./screens/newsletter/NewsletterPage.tsx'));
const DiagnosticsPage = lazy(() => import('./screens/diagnostics/DiagnosticsPage.tsx'));
const AnalyticsPage = lazy(() => import('./screens/analytics/AnalyticsPage.tsx'));
const OperationsPage = lazy(() => import('./screens/operations/OperationsPage.tsx'));
const RecoveryPage = lazy(() => import('./screens/recovery/RecoveryPage.tsx'));
const SecurityPage = lazy(() => import('./screens/security/SecurityPage.tsx'));
const SettingsPage = lazy(() => import('./screens/settings/SettingsPage.tsx'));

const SIDEBAR_WIDTH_PX = 256; // 16rem

function navigationItems(session: ConsoleSession): SideNavigationProps.Item[] {
  const link = (key: ScreenKey): SideNavigationProps.Item => ({ type: 'link', text: SCREENS[key].title, href: SCREENS[key].path });
  const items: SideNavigationProps.Item[] = [{ type: 'link', text: 'Main Site', href: '/', external: false }];
  for (const { group, screens } of NAVIGATION) {
    const allowed = screens.filter((key) => canOpen(session.role, SCREENS[key]));
    if (!allowed.length) continue;
    if (group) items.push({ type: 'section', text: group, items: allowed.map(link) as SideNavigationProps.Link[] });
    else items.push(...allowed.map(link));
  }
  return items;
}

/** A screen the caller's role may open, else the spec's access-denied text (the API answers 403 as well). */
function Guarded({ screen, session, children }: { screen: ScreenKey; session: ConsoleSession; children: ReactNode }) {
  if (!canOpen(session.role, SCREENS[screen])) return <AccessDenied role="admin" />;
  return <>{children}</>;
}

function ConsoleLayout({ session }: { session: ConsoleSession }) {
  const location = useLocation();
  const navigate = useNavigate();
  const flash = useFlash();
  const [navigationOpen, setNavigationOpen] = useState(() => sidebarOpenFrom(document.cookie));

  const setSidebar = (open: boolean) => {
    setNavigationOpen(open);
    document.cookie = sidebarCookie(open);
  };

  // Ctrl/Cmd+B toggles the sidebar (spec).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'b') {
        event.preventDefault();
        setNavigationOpen((open) => {
          document.cookie = sidebarCookie(!open);
          return !open;
        });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const screen = screenOf(location.pathname);
  useEffect(() => {
    document.title = consoleTitle(location.pathname);
  }, [location.pathname]);

  const follow = (event: CustomEvent<{ href: string; external?: boolean }>) => {
    if (event.detail.external || event.detail.href === '/') return;
    event.preventDefault();
    navigate(event.detail.href);
  };

  const guarded = (key: ScreenKey, page: ReactNode) => <Guarded screen={key} session={session}>{page}</Guarded>;

  return (
    <>
      <div id="console-top" style={{ position: 'sticky', top: 0, zIndex: 1002 }}>
        <TopNavigation
          identity={{ href: '/admin', title: areaTitle(location.pathname), onFollow: (event) => follow(event as never) }}
          utilities={[
            ...(session.role === 'admin'
              ? [{ type: 'button' as const, text: 'Add Article', iconName: 'add-plus' as const, onClick: () => navigate('/admin/content/articles/new') }]
              : []),
            {
              type: 'menu-dropdown',
              text: session.name ?? session.email ?? 'Account',
              // On a phone the text collapses to the icon; the button still needs a name.
              ariaLabel: `Account menu of ${session.name ?? session.email ?? 'the signed-in user'}`,
              description: `${session.email ?? ''} (${session.role})`,
              iconName: 'user-profile',
              items: [
                { id: 'site', text: 'Main Site', href: '/' },
                { id: 'signout', text: 'Sign Out' },
              ],
              onItemClick: (event) => {
                if (event.detail.id === 'signout') void signOutEverywhere().then(() => window.location.assign('/'));
              },
            },
          ]}
        />
      </div>
      <AppLayout
        headerSelector="#console-top"
        navigationWidth={SIDEBAR_WIDTH_PX}
        navigationOpen={navigationOpen}
        onNavigationChange={(event) => setSidebar(event.detail.open)}
        ariaLabels={{ navigation: 'Console navigation', navigationClose: 'Close navigation', navigationToggle: 'Open navigation', notifications: 'Notifications' }}
        navigation={
          <SideNavigation
            header={{ text: 'Creator News Hub console', href: '/admin' }}
            activeHref={screen?.path ?? '/admin'}
            onFollow={follow}
            items={navigationItems(session)}
          />
        }
        breadcrumbs={<BreadcrumbGroup items={breadcrumbs(location.pathname)} ariaLabel="Breadcrumbs" onFollow={follow} />}
        notifications={<Flashbar items={flash.items} stackItems={flash.items.length > 2} i18nStrings={{ ariaLabel: 'Notifications', notificationBarText: 'Notifications', notificationBarAriaLabel: 'View all notifications' }} />}
        toolsHide
        content={
          <ErrorBoundary level="admin">
            <Suspense fallback={<ConsoleLoading />}>
              <Routes>
                <Route index element={session.role === 'admin' ? <DashboardPage /> : <Navigate to={SCREENS.review.path} replace />} />
                <Route path="dashboard" element={guarded('dashboard', <DashboardPage />)} />
                <Route path="content/articles/*" element={guarded('articles', <ArticlesPage />)} />
                <Route path="content/review" element={guarded('review', <ReviewQueuePage />)} />
                <Route path="content/topics" element={guarded('topics', <TopicsPage />)} />
                <Route path="content/summary-fix" element={guarded('summaries', <SummaryManagerPage />)} />
                <Route path="content/rss/*" element={guarded('feeds', <FeedsPage />)} />
                <Route path="content/lifecycle" element={guarded('lifecycle', <LifecyclePage />)} />
                <Route path="content/lifecycle/manual" element={guarded('manual', <ManualControlsPage />)} />
                <Route path="system/pipeline/*" element={guarded('pipeline', <PipelinePage />)} />
                <Route path="system/audit" element={guarded('audit', <AuditPage />)} />
                <Route path="analytics/revenue" element={guarded('revenue', <RevenuePage />)} />
                <Route path="users/*" element={guarded('users', <UsersPage />)} />
                <Route path="system/newsletter" element={guarded('newsletter', <NewsletterPage />)} />
                <Route path="system/diagnostics" element={guarded('diagnostics', <DiagnosticsPage />)} />
                <Route path="analytics" element={guarded('analytics', <AnalyticsPage />)} />
                <Route path="system/operations" element={guarded('operations', <OperationsPage view="operations" />)} />
                <Route path="system/monitoring" element={guarded('monitoring', <OperationsPage view="monitoring" />)} />
                <Route path="system/security" element={guarded('security', <SecurityPage />)} />
                {/* Settings and config are the same screen (spec route table). */}
                <Route path="system/settings" element={guarded('settings', <SettingsPage />)} />
                <Route path="system/config" element={<Navigate to="/admin/system/settings" replace />} />
                <Route path="system/recovery" element={guarded('recovery', <RecoveryPage />)} />
                <Route path="system/emergency-recovery" element={<Navigate to="/admin/system/recovery" replace />} />
                <Route path="system" element={<Navigate to="/admin/system/pipeline" replace />} />
                {/* Unknown sub-paths go to the dashboard (spec). */}
                <Route path="*" element={<Navigate to="/admin" replace />} />
              </Routes>
            </Suspense>
          </ErrorBoundary>
        }
      />
    </>
  );
}

/** The console: the route guard, then the shell. Loaded only under /admin (its own chunk). */
export default function AdminApp() {
  const location = useLocation();
  const session = useConsoleSession(location);
  if (session.state === 'checking') return <ConsoleLoading />;
  if (session.state === 'guest') return <Navigate to={session.redirect} replace />;
  // A reader: the text names what the screen asked for needs (the dashboard needs an admin, the review queue a moderator).
  if (session.state === 'denied') return <AccessDenied role={screenOf(location.pathname)?.role ?? 'admin'} />;
  if (session.state === 'failed') return <AccessDenied message={`Error checking permissions: ${session.message}`} />;
  return (
    <FlashProvider>
      <ConsoleLayout session={session.session} />
    </FlashProvider>
  );
}
