/**
 * The page writer's renderer: the app's own first-screen routes rendered to HTML on the server, with the
 * answers they were rendered from, so the browser's first render is the same markup and React hydrates it
 * (docs/decisions/first-screen-html.md). Runs in Node (the `site-pages` function), never in the browser.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { dehydrate, QueryClient, QueryClientProvider, type Query } from '@tanstack/react-query';
import { Routes, StaticRouter } from 'react-router-dom';
import { answerCallsWith, type CallAnswerer } from '#web/shared/api/client.ts';
import { AuthProvider } from '#web/shared/auth/AuthProvider.tsx';
import { ErrorBoundary } from '#web/shared/ui/ErrorBoundary.tsx';
import { HydrationProvider, setPageRenderedAt } from '#web/shared/ui/hydration.ts';
import { firstScreenRoutes } from './first-screen-routes.tsx';
import { firstScreenStateScript } from './first-screen-state.ts';

export type { CallAnswerer };

/**
 * The reads a written page is rendered with: the public list, an article, the categories' figures. Anything
 * else (widgets, a reader's own data) is read by the browser after hydration, and shows its loading state in
 * the written page as in the app's first render.
 */
const WRITTEN_READS: ReadonlyArray<readonly string[]> = [['articles', 'list'], ['articles', 'detail'], ['categories']];

const isWrittenRead = (query: Query) => WRITTEN_READS.some((prefix) => prefix.every((part, index) => query.queryKey[index] === part));
/** A query the components asked for and would fetch: a disabled one (a card's details before it is opened) is not read. */
const wanted = (query: Query) => query.state.status === 'pending' && (query.options as { enabled?: unknown }).enabled !== false;

/**
 * A component that threw on the server leaves a boundary for the browser to render ("$!"), with the error in
 * its template: such a page is not written (hydration would replace that part, or all of it).
 */
const CLIENT_RENDERED_BOUNDARY = /<!--\$!-->(?:<template[^>]*?data-msg="([^"]*)")?/;
/** React puts the preloads it hoists (an image with fetchPriority high) before the markup. */
const HOISTED_LINKS = /^(?:<link [^>]*\/>)+/;
const decodeEntities = (text: string) => text.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** At most this many render passes: each finds the reads the answers of the last one revealed. */
const MAX_PASSES = 4;

export interface RenderedFirstScreen {
  /** The markup of the app's root element. */
  markup: string;
  /** Resource hints React hoists (the first picture's preload): they belong in the head, early. */
  headLinks: string;
  /** The script element carrying the answers and the render time, for the browser's hydration. */
  stateScript: string;
}

/**
 * Renders one path of the site as the app would first render it. Reads go to `answer` (the API's own route
 * handlers, in process); a read that fails fails the render, so a page is never written with an error or a
 * loading list where its stories belong.
 */
export async function renderFirstScreen(path: string, answer: CallAnswerer, renderedAt: number): Promise<RenderedFirstScreen> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  const tree = (
    <StrictMode>
      <ErrorBoundary level="critical">
        <QueryClientProvider client={client}>
          <HydrationProvider>
            <AuthProvider>
              <StaticRouter location={path}>
                <Routes>{firstScreenRoutes()}</Routes>
              </StaticRouter>
            </AuthProvider>
          </HydrationProvider>
        </QueryClientProvider>
      </ErrorBoundary>
    </StrictMode>
  );
  answerCallsWith(answer);
  setPageRenderedAt(renderedAt);
  try {
    let markup = renderToString(tree);
    for (let pass = 1; pass < MAX_PASSES; pass += 1) {
      const reads = client.getQueryCache().getAll().filter((query) => isWrittenRead(query) && wanted(query));
      if (reads.length === 0) break;
      await Promise.all(reads.map((query) => client.fetchQuery({ queryKey: query.queryKey, queryFn: query.options.queryFn })));
      markup = renderToString(tree);
    }
    const queries = dehydrate(client, { shouldDehydrateQuery: (query) => query.state.status === 'success' && isWrittenRead(query) });
    const failed = CLIENT_RENDERED_BOUNDARY.exec(markup);
    if (failed) throw new Error(`Rendering ${path} failed in a component: ${decodeEntities(failed[1] ?? 'no message')}`);
    const hints = HOISTED_LINKS.exec(markup)?.[0] ?? '';
    return { markup: markup.slice(hints.length), headLinks: hints, stateScript: firstScreenStateScript({ renderedAt, queries }) };
  } finally {
    answerCallsWith(undefined);
    client.clear();
  }
}
