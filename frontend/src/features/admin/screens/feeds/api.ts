import { adminCall, adminFile, type ApiAnswer, type ApiBody } from '../../shell/api.ts';

/** The feed list (GET /admin/feeds): each feed (admin spec: RSS feed source) with its latest checks, newest first. */
export type FeedList = ApiAnswer<'GET /admin/feeds'>;
export type Feed = FeedList['feeds'][number];
/** One check of a feed (admin spec: feed health record). */
export type FeedHealth = Feed['health'][number];

/** A feed's fields as the form sends them (POST /admin/feeds' body). */
export type FeedInput = ApiBody<'POST /admin/feeds'>;

/** The server's reading of a feed's address when it is saved. */
export type FeedCheck = ApiAnswer<'POST /admin/feeds'>['check'];
export type FetchNowResult = ApiAnswer<'POST /admin/feeds/{id}/fetch'>;
export type ImportResult = ApiAnswer<'POST /admin/feeds-opml'>;

export const fetchFeeds = () => adminCall('GET /admin/feeds');
export const createFeed = (input: FeedInput) => adminCall('POST /admin/feeds', { body: input });
export const updateFeed = (id: string, changes: ApiBody<'PUT /admin/feeds/{id}'>) => adminCall('PUT /admin/feeds/{id}', { params: { id }, body: changes });
export const deleteFeed = (id: string) => adminCall('DELETE /admin/feeds/{id}', { params: { id } });
export const fetchFeedNow = (id: string) => adminCall('POST /admin/feeds/{id}/fetch', { params: { id } });
export const importOpml = (opml: string) => adminCall('POST /admin/feeds-opml', { body: { opml } });

/** The OPML export is a file, not JSON: fetched with the token and handed over as a Blob to save. */
export async function exportOpml(): Promise<{ blob: Blob; fileName: string }> {
  const { blob, fileName } = await adminFile('GET /admin/feeds-opml', { failure: 'Could not export the feed list' });
  return { blob, fileName: fileName ?? `creator-news-hub-feeds-${new Date().toISOString().slice(0, 10)}.opml` };
}
