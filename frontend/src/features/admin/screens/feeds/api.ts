import { ApiError } from '../../../../app/api/client.ts';
import { apiAddress, siteConfig } from '../../../../app/api/config.ts';
import { idToken } from '../../../../app/auth/session.ts';
import { adminDelete, adminGet, adminPost, adminPut } from '../../shell/api.ts';

/** One check of a feed (admin spec: feed health record). */
export interface FeedHealth {
  status: string;
  healthy: boolean;
  httpStatus: number | null;
  responseTimeMs: number;
  itemsFound: number;
  imagesExtracted: number;
  dataPointsExtracted: number;
  error: string | null;
  checkedAt: string;
}

/** A feed as GET /admin/feeds answers it (admin spec: RSS feed source), its latest checks newest first. */
export interface Feed {
  id: string;
  name: string;
  url: string;
  active: boolean;
  paused: boolean;
  priority: number;
  isIndian: boolean;
  supportsMedia: boolean;
  contentTypes: string[];
  publisherTier: string | null;
  specialization: string | null;
  dataRichnessScore: number;
  averageImagesPerItem: number;
  consecutiveFailures: number;
  lastStatus: string | null;
  /** null until the feed has been checked once. */
  healthy: boolean | null;
  lastCheckedAt: string | null;
  nextCheckAt: string;
  health: FeedHealth[];
}

export interface FeedList {
  feeds: Feed[];
  summary: { total: number; active: number; paused: number; failing: number; neverChecked: number };
}

export interface FeedInput {
  name: string;
  url: string;
  priority?: number;
  isIndian?: boolean;
  specialization?: string;
}

export interface FeedCheck {
  ok: true;
  itemsFound: number;
  feedTitle: string | null;
  responseTimeMs: number;
}

export interface FetchNowResult {
  itemsFound: number;
  created: number;
  duplicates: number;
  status: 'healthy' | 'not-modified' | 'error';
  error: string | null;
}

export interface ImportResult {
  added: number;
  skipped: number;
  invalid: Array<{ url: string; reason: string }>;
}

export const fetchFeeds = () => adminGet<FeedList>('/admin/feeds');
export const createFeed = (input: FeedInput) => adminPost<{ feed: Feed; check: FeedCheck; revived: boolean }>('/admin/feeds', input);
export const updateFeed = (id: string, changes: Partial<FeedInput> & { active?: boolean }) =>
  adminPut<{ feed: Feed; check?: FeedCheck }>(`/admin/feeds/${encodeURIComponent(id)}`, changes);
export const deleteFeed = (id: string) => adminDelete<{ id: string; deleted: true }>(`/admin/feeds/${encodeURIComponent(id)}`);
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
