import { createContext, Suspense, useContext, type ReactNode } from 'react';
import { ErrorBoundary } from '#web/shared/ui/ErrorBoundary.tsx';
import { ToastProvider } from '#web/shared/ui/Toasts.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { InstallPrompt } from './InstallPrompt.tsx';
import { usePageViews } from './page-views.ts';

/** The story dialog open over the page, if any: the shell shows it inside its toasts' reach. */
export const StoryOverlay = createContext<ReactNode>(null);

/**
 * The reader site's frame around a page: header, footer, toasts, the install offer, page views, the story dialog.
 * A lazily loaded page waits in a Suspense boundary. A written page (`written`, imported eagerly) has none: React
 * hydrates a boundary's content apart, after the shell, and the first update to reach it before then (the session
 * and the clock, right after the shell hydrates) makes React hydrate all of it at once, blocking, on a phone
 * hundreds of milliseconds (docs/benchmarks.md). Without one, the page hydrates with the shell, in slices.
 */
export function ReaderShell({ children, written = false }: { children: ReactNode; written?: boolean }) {
  usePageViews();
  const overlay = useContext(StoryOverlay);
  return (
    <ToastProvider>
      <Header />
      <ErrorBoundary level="page">
        {written ? children : <Suspense fallback={<p className="page">Loading...</p>}>{children}</Suspense>}
      </ErrorBoundary>
      {overlay && <ErrorBoundary level="component" title="Article Loading Error" fallbackMessage="An error occurred while loading this article.">{overlay}</ErrorBoundary>}
      <Footer />
      <InstallPrompt />
    </ToastProvider>
  );
}
