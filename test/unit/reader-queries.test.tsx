// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useArticles } from '#web/features/reader/api/useArticles.ts';
import type { ArticleQuery } from '#web/features/reader/api/articles.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * The reader's list goes through the one query cache (reader spec section 9, "data cache"): a list read
 * a moment ago is shown at once when the page comes back, without asking the API again, and a refused
 * query shows the server's words without a Try Again.
 */
let listAnswer: { status: number; body: unknown };
const listRequests: string[] = [];

beforeEach(() => {
  listRequests.length = 0;
  listAnswer = { status: 200, body: { items: [{ id: 'a1', title: 'Creators in Pune' }], total: 1, page: 1, pages: 1 } };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith('/config.json')) return Response.json({ apiUrl: 'http://api.test' });
    listRequests.push(url);
    return Response.json(listAnswer.body, { status: listAnswer.status });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

function List({ query }: { query: ArticleQuery }) {
  const list = useArticles(query);
  if (list.loading) return <p>loading</p>;
  if (list.error) return <p>{`error: ${list.error} (retryable: ${String(list.retryable)})`}</p>;
  return <p>{`${list.total} articles: ${list.items.map((item) => item.title).join(', ')}`}</p>;
}

function mount(client: QueryClient, query: ArticleQuery): { container: HTMLElement; root: Root } {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(<QueryClientProvider client={client}><List query={query} /></QueryClientProvider>));
  return { container, root };
}

const settle = async (container: HTMLElement, text: string) => {
  await vi.waitFor(() => expect(container.textContent).toBe(text));
};

describe('the reader list through the query cache', () => {
  it('shows a list read a moment ago at once when the page comes back, without asking again', async () => {
    const client = new QueryClient();
    const first = mount(client, { category: 'creator-economy', page: 1 });
    expect(first.container.textContent).toBe('loading');
    await settle(first.container, '1 articles: Creators in Pune');
    act(() => first.root.unmount());

    const again = mount(client, { category: 'creator-economy', page: 1 });
    expect(again.container.textContent).toBe('1 articles: Creators in Pune');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listRequests).toHaveLength(1);
    expect(listRequests[0]).toBe('http://api.test/articles?category=creator-economy&page=1');
    act(() => again.root.unmount());
  });

  it("shows a refused query's own message, with no Try Again, and asks once", async () => {
    listAnswer = { status: 400, body: { message: 'Invalid query', fieldErrors: { q: ['Search terms are at most 200 characters'] } } };
    const { container, root } = mount(new QueryClient(), { search: 'x'.repeat(250) });
    await settle(container, 'error: Search terms are at most 200 characters (retryable: false)');
    expect(listRequests).toHaveLength(1);
    act(() => root.unmount());
  });
});
