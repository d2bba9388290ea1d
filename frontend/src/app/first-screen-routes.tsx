import { lazy, type ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { CategoryPage } from '#web/features/reader/pages/CategoryPage.tsx';
import { HomePage } from '#web/features/reader/pages/HomePage.tsx';
import { StoryPage } from '#web/features/reader/pages/StoryPage.tsx';
import { ReaderShell } from './ReaderShell.tsx';

// What one feature shows inside another's page: the app composes them, so no feature imports another.
const NewsletterForm = lazy(() => import('#web/features/newsletter/components/SubscribeForm.tsx').then((module) => ({ default: module.SubscribeForm })));
const RevenueWidget = lazy(() => import('#web/features/donate/components/RevenueWidget.tsx'));

/** The newsletter form, for the pages that offer it (the home page's card, the dashboard). */
export const newsletterForm = (compact = false) => <NewsletterForm compact={compact} />;

/**
 * The routes whose pages are also written as HTML when content changes (lambdas/domain/reader/site-pages.ts):
 * the app renders them in the browser and the page writer on the server (prerender.tsx), from this one list,
 * so the written markup is what the app hydrates. Their pages are imported eagerly: a lazy page would render
 * its fallback on the server.
 */
export function firstScreenRoutes(): ReactNode {
  return (
    <>
      <Route path="/" element={<ReaderShell written><HomePage newsletterCard={newsletterForm(true)} revenueWidget={<RevenueWidget />} /></ReaderShell>} />
      <Route path="/categories/:slug" element={<ReaderShell written><CategoryPage /></ReaderShell>} />
      <Route path="/story/:slugId" element={<ReaderShell written><StoryPage /></ReaderShell>} />
    </>
  );
}
