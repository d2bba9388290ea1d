import { lazy, Suspense, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { LEGACY_SLUGS } from '#domain/content/categories.ts';
import { AuthProvider } from '#web/shared/auth/AuthProvider.tsx';
import { HydrationProvider } from '#web/shared/ui/hydration.ts';
import { queryClient } from '#web/shared/api/queryClient.ts';
import { ErrorBoundary } from '#web/shared/ui/ErrorBoundary.tsx';
import { StoryDialog } from '#web/features/reader/components/articles/StoryDialog.tsx';
import { storyDialogState } from '#web/features/reader/components/articles/storyNavigation.ts';
import { firstScreenRoutes, newsletterForm } from './first-screen-routes.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { ReaderShell, StoryOverlay } from './ReaderShell.tsx';

// The console (Cloudscape) is its own chunk: readers never download it.
const AdminApp = lazy(() => import('#web/features/admin/AdminApp.tsx'));
const ContactPage = lazy(() => import('#web/features/reader/pages/ContactPage.tsx'));
const CategoriesPage = lazy(() => import('#web/features/reader/pages/CategoriesPage.tsx'));
const TopicPage = lazy(() => import('#web/features/reader/pages/TopicPage.tsx').then((module) => ({ default: module.TopicPage })));
// Accounts are their own chunks: a guest reading the home page never downloads them.
const AuthPage = lazy(() => import('#web/features/account/pages/AuthPage.tsx'));
const BookmarksPage = lazy(() => import('#web/features/reader/pages/BookmarksPage.tsx'));
const DashboardPage = lazy(() => import('#web/features/account/pages/DashboardPage.tsx'));
const NewsletterPage = lazy(() => import('#web/features/newsletter/pages/NewsletterPage.tsx'));
const NewsletterConfirmPage = lazy(() => import('#web/features/newsletter/pages/ConfirmPage.tsx'));
const UnsubscribePage = lazy(() => import('#web/features/newsletter/pages/UnsubscribePage.tsx'));
const DonatePage = lazy(() => import('#web/features/donate/pages/DonatePage.tsx'));
const PaymentSuccessPage = lazy(() => import('#web/features/donate/pages/PaymentSuccessPage.tsx'));
// What one feature shows inside another's page: the app composes them, so no feature imports another.
const ReadingActivity = lazy(() => import('#web/features/reader/components/ReadingActivity.tsx').then((module) => ({ default: module.ReadingActivity })));
const FollowingSection = lazy(() => import('#web/features/reader/components/FollowingSection.tsx').then((module) => ({ default: module.FollowingSection })));
const BookmarksList = lazy(() => import('#web/features/reader/components/BookmarksList.tsx').then((module) => ({ default: module.BookmarksList })));
const infoPage = (name: 'AboutPage' | 'MissionPage' | 'PrivacyPage' | 'TermsPage') =>
  lazy(() => import('#web/features/reader/pages/InfoPages.tsx').then((module) => ({ default: module[name] })));
const AboutPage = infoPage('AboutPage');
const MissionPage = infoPage('MissionPage');
const PrivacyPage = infoPage('PrivacyPage');
const TermsPage = infoPage('TermsPage');

/**
 * The routes, at the address or, while a story's dialog is open over a list, at the list's address (the
 * background-location pattern): the list stays mounted under the dialog, and /story/... loaded on its own
 * is the story's page.
 */
function AppRoutes({ dashboard }: { dashboard: ReactNode }) {
  const location = useLocation();
  const dialog = storyDialogState(location);
  return (
    <StoryOverlay.Provider value={dialog ? <StoryDialog location={location} state={dialog} /> : null}>
      {/* Always given a location, so the tree keeps its shape (and the list its state) as the dialog opens. */}
      <Routes location={dialog?.backgroundLocation ?? location}>
        <Route
          path="/admin/*"
          element={
            <Suspense fallback={<p className="page">Loading the console...</p>}>
              <AdminApp />
            </Suspense>
          }
        />
        {firstScreenRoutes()}
        <Route path="/categories" element={<ReaderShell><CategoriesPage /></ReaderShell>} />
        <Route path="/topic/:slug" element={<ReaderShell><TopicPage /></ReaderShell>} />
        {/* The older app linked categories at the top level (/brands): they live on under /categories. */}
        {Object.entries(LEGACY_SLUGS).map(([legacy, slug]) => (
          <Route key={legacy} path={`/${legacy}`} element={<Navigate to={`/categories/${slug}`} replace />} />
        ))}
        <Route path="/auth" element={<ReaderShell><AuthPage /></ReaderShell>} />
        <Route path="/bookmarks" element={<ReaderShell><BookmarksPage /></ReaderShell>} />
        <Route path="/dashboard" element={<ReaderShell>{dashboard}</ReaderShell>} />
        <Route path="/user-dashboard" element={<ReaderShell>{dashboard}</ReaderShell>} />
        <Route path="/newsletter" element={<ReaderShell><NewsletterPage /></ReaderShell>} />
        <Route path="/newsletter/confirm" element={<ReaderShell><NewsletterConfirmPage /></ReaderShell>} />
        <Route path="/unsubscribe" element={<ReaderShell><UnsubscribePage /></ReaderShell>} />
        <Route path="/donate" element={<ReaderShell><DonatePage /></ReaderShell>} />
        <Route path="/payment-success" element={<ReaderShell><PaymentSuccessPage /></ReaderShell>} />
        <Route path="/contact" element={<ReaderShell><ContactPage /></ReaderShell>} />
        <Route path="/about" element={<ReaderShell><AboutPage /></ReaderShell>} />
        <Route path="/mission" element={<ReaderShell><MissionPage /></ReaderShell>} />
        <Route path="/privacy" element={<ReaderShell><PrivacyPage /></ReaderShell>} />
        <Route path="/terms" element={<ReaderShell><TermsPage /></ReaderShell>} />
        <Route path="*" element={<ReaderShell><NotFoundPage /></ReaderShell>} />
      </Routes>
    </StoryOverlay.Provider>
  );
}

export function App() {
  const dashboard = <DashboardPage readingActivity={<ReadingActivity />} following={<FollowingSection />} bookmarks={<BookmarksList />} newsletterForm={newsletterForm()} />;
  return (
    <ErrorBoundary level="critical">
      <QueryClientProvider client={queryClient}>
        <HydrationProvider>
          <AuthProvider>
            <BrowserRouter>
              <AppRoutes dashboard={dashboard} />
            </BrowserRouter>
          </AuthProvider>
        </HydrationProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
