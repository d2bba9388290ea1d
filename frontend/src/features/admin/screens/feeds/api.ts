import { ApiError } from '../../../../app/api/client.ts';
import { apiAddress, siteConfig } from '../../../../app/api/config.ts';
import { idToken } from '../../../../app/auth/session.ts';
import { adminDelete, adminGet, adminPost, adminPut, type ApiAnswer } from '../../shell/api.ts';

/** The feed list (GET /admin/feeds): each feed (admin spec: RSS feed source) with its latest checks, newest first. */
export type FeedList = ApiAnswer<'GET /admin/feeds'>;
export type Feed = FeedList['feeds'][number];
/** One check of a feed (admin spec: feed health record). */
export type FeedHealth = Feed['health'][number];

export interface FeedInput {
  name: string;
  url: string;
  priority?: number;
  isIndian?: boolean;
  specialization?: string;
}

/** The server's reading of a feed's address when it is saved. */
export type FeedCheck = ApiAnswer<'POST /admin/feeds'>['check'];
export type FetchNowResult = ApiAnswer<'POST /admin/feeds/{id}/fetch'>;
export type ImportResult = ApiAnswer<'POST /admin/feeds-opml'>;

export const fetchFeeds = () => adminGet<FeedList>('/admin/feeds');
export const createFeed = (input: FeedInput) => adminPost<ApiAnswer<'POST /admin/feeds'>>('/admin/feeds', input);
export const updateFeed = (id: string, changes: Partial<FeedInput> & { active?: boolean }) =>
  adminPut<ApiAnswer<'PUT /admin/feeds/{id}'>>(`/admin/feeds/${encodeURIComponent(id)}`, changes);
export const deleteFeed = (id: string) => adminDelete<ApiAnswer<'DELETE /admin/feeds/{id}'>>(`/admin/feeds/${encodeURIComponent(id)}`);
export const fetchFeedNow = (id: string) => adminPost<FetchNowResult>(`/admin/feeds/${encodeURIComponent(id)}/fetch`);
export const importOpml = (opml: string) => adminPost<ImportResult>('/admin/feeds-opml', { opml });

/** The OPML export is a file, not JSON: fetched with the token and handed over as a Blob to save. */
export async function exportOpml(): Promise<{ blob: Blob; fileName: string }> {
  const [{ apiUrl }, token] = await Promise.all([siteConfig(), idToken()]);
  let response: Response;
  try {
    response = await fetch(apiAddress(apiUrl, '/admin/feeds-opml'), { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: AbortSignal.timeout(15_000) });
  } catch {
    throw new ApiError(0, 'Connection issue detected. This usually resolves automatically.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(response.status, body.message ?? 'Could not export the feed list');
  }
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return { blob: await response.blob(), fileName: named ?? `creator-news-hub-feeds-${new Date().toISOString().slice(0, 10)}.opml` };
}
