import { lazy, Suspense, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { LEGACY_SLUGS } from '#domain/content/categories.ts';
import { AuthProvider } from '#web/shared/auth/AuthProvider.tsx';
import { queryClient } from '#web/shared/api/queryClient.ts';
import { CategoryPage } from '#web/features/reader/pages/CategoryPage.tsx';
import { ErrorBoundary } from '#web/shared/ui/ErrorBoundary.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { HomePage } from '#web/features/reader/pages/HomePage.tsx';
import { InstallPrompt } from './InstallPrompt.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { ToastProvider } from '#web/shared/ui/Toasts.tsx';
import { usePageViews } from './page-views.ts';

// The console (Cloudscape) is its own chunk: readers never download it.
const AdminApp = lazy(() => import('#web/features/admin/AdminApp.tsx'));
const ContactPage = lazy(() => import('#web/features/reader/pages/ContactPage.tsx'));
const CategoriesPage = lazy(() => import('#web/features/reader/pages/CategoriesPage.tsx'));
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
const NewsletterForm = lazy(() => import('#web/features/newsletter/components/SubscribeForm.tsx').then((module) => ({ default: module.SubscribeForm })));
const RevenueWidget = lazy(() => import('#web/features/donate/components/RevenueWidget.tsx'));
const ReadingActivity = lazy(() => import('#web/features/reader/components/ReadingActivity.tsx').then((module) => ({ default: module.ReadingActivity })));
const BookmarksList = lazy(() => import('#web/features/reader/components/BookmarksList.tsx').then((module) => ({ default: module.BookmarksList })));
const infoPage = (name: 'AboutPage' | 'MissionPage' | 'PrivacyPage' | 'TermsPage') =>
  lazy(() => import('#web/features/reader/pages/InfoPages.tsx').then((module) => ({ default: module[name] })));
const AboutPage = infoPage('AboutPage');
const MissionPage = infoPage('MissionPage');
const PrivacyPage = infoPage('PrivacyPage');
const TermsPage = infoPage('TermsPage');

function ReaderShell({ children }: { children: ReactNode }) {
  usePageViews();
  return (
    <ToastProvider>
      <Header />
      <ErrorBoundary level="page">
        <Suspense fallback={<p className="page">Loading...</p>}>{children}</Suspense>
      </ErrorBoundary>
      <Footer />
      <InstallPrompt />
    </ToastProvider>
  );
}

export function App() {
  const dashboard = <DashboardPage readingActivity={<ReadingActivity />} bookmarks={<BookmarksList />} newsletterForm={<NewsletterForm />} />;
  return (
    <ErrorBoundary level="critical">
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
        <BrowserRouter>
          <Routes>
            <Route
              path="/admin/*"
              element={
                <Suspense fallback={<p className="page">Loading the console...</p>}>
                  <AdminApp />
                </Suspense>
              }
            />
            <Route path="/" element={<ReaderShell><HomePage newsletterCard={<NewsletterForm compact />} revenueWidget={<RevenueWidget />} /></ReaderShell>} />
            <Route path="/categories/:slug" element={<ReaderShell><CategoryPage /></ReaderShell>} />
            <Route path="/categories" element={<ReaderShell><CategoriesPage /></ReaderShell>} />
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
        </BrowserRouter>
        </AuthProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
