import http from 'node:http';

/** The reader traffic the costs bench sends through the local API. */

export interface Request {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

/** One reader visit, four page views: home, two articles opened in the dialog, one search. */
export function visit(articleIds: string[], n: number, term: string): Request[] {
  const article = (offset: number) => articleIds[(n * 7 + offset) % articleIds.length] as string;
  const opened = (id: string): Request[] => [
    { method: 'GET', path: `/articles/${encodeURIComponent(id)}` },
    { method: 'POST', path: `/articles/${encodeURIComponent(id)}/views`, body: {} },
    { method: 'POST', path: '/page-views', body: { path: `/article/${id}`, referrer: '' } },
  ];
  return [
    { method: 'GET', path: '/articles?page=1' },
    { method: 'GET', path: '/categories' },
    { method: 'GET', path: '/widgets' },
    { method: 'GET', path: '/trending-keywords?limit=10' },
    { method: 'POST', path: '/page-views', body: { path: '/', referrer: '' } },
    ...opened(article(0)),
    ...opened(article(3)),
    { method: 'GET', path: `/articles?q=${encodeURIComponent(term)}` },
    { method: 'POST', path: '/search-keywords', body: { term } },
    { method: 'POST', path: '/page-views', body: { path: '/search', referrer: '' } },
  ];
}

export const PAGE_VIEWS_PER_VISIT = 4;
export const SEARCH_TERMS = ['creator', 'influencer marketing', 'youtube', 'brand deals', 'instagram reels', 'sponsorship', 'india', 'payouts'];

/** Sends one request from the reader's own loopback address (views and searches are bounded per client). */
export function ask(api: string, agent: http.Agent, request: Request): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const outgoing = http.request(`${api}${request.path}`, { method: request.method, agent, headers: body ? { 'content-type': 'text/plain;charset=UTF-8' } : {} }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    outgoing.on('error', reject);
    // A request that never answers is a finding, not a reason for the bench to hang.
    outgoing.setTimeout(15_000, () => outgoing.destroy(new Error(`${request.method} ${request.path} did not answer in 15 s`)));
    outgoing.end(body);
  });
}
