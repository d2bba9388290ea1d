import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { App } from '#web/app/App.tsx';
import { readFirstScreenState } from '#web/app/first-screen-state.ts';
import { startOfflineSupport } from '#web/app/pwa.ts';
import { queryClient } from '#web/shared/api/queryClient.ts';
import { setPageRenderedAt } from '#web/shared/ui/hydration.ts';

/** Starts the app in #root: hydrates a written page, or renders into the bare shell. */
export function startApp(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // A written page (docs/decisions/first-screen-html.md) carries the answers it was rendered from: with them in
  // the cache the app's first render is the page's markup, and React hydrates it instead of replacing it.
  const written = readFirstScreenState(document);
  if (written) {
    hydrate(queryClient, written.queries);
    setPageRenderedAt(written.renderedAt);
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread
    // for the whole page (Lighthouse's total blocking time on a slow phone: docs/benchmarks.md).
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    createRoot(root).render(app);
  }
  void startOfflineSupport();
}
