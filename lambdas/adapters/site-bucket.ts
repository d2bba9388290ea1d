import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { config } from '#core/config.ts';
import { SITE_PAGES_PREFIX, SITE_SHELL_KEY } from '#domain/reader/site-pages.ts';
import { clientSettings, watched } from './aws-clients.ts';

/**
 * The reader site's bucket (locally the S3 stand-in's, through the same SDK): the page writer reads the app's
 * shell, which the deploy (or the local runtime at start) put there as index.html, and writes the pages the edge
 * serves under SITE_PAGES_PREFIX. Its role may touch nothing else in the bucket.
 */
let client: S3Client | undefined;
const s3 = () => (client ??= watched(new S3Client(clientSettings()), 's3'));

function siteBucket(): string {
  if (!config.SITE_BUCKET) throw new Error('SITE_BUCKET is not set');
  return config.SITE_BUCKET;
}

function pageKey(key: string): string {
  // The writer's grant covers only this prefix: a key outside it is a bug here, not an AccessDenied later.
  if (!key.startsWith(SITE_PAGES_PREFIX) || key.includes('..')) throw new Error(`Not a written page's key: ${key}`);
  return key;
}

/** Writes (or replaces) one page, as HTML with the given Cache-Control (WRITTEN_PAGE_CACHE_CONTROL for the edge's TTL). */
export async function putSitePage(key: string, html: string, cacheControl: string): Promise<void> {
  await s3().send(new PutObjectCommand({ Bucket: siteBucket(), Key: pageKey(key), Body: html, ContentType: 'text/html; charset=utf-8', CacheControl: cacheControl }));
}

/** Removes a page (a story withdrawn): the edge then answers its path 404. Removing a missing page is no error (S3's own rule). */
export async function deleteSitePage(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: siteBucket(), Key: pageKey(key) }));
}

/** The deployed shell's HTML (with this build's hashed asset names). */
export async function readSiteShell(): Promise<string> {
  const answer = await s3().send(new GetObjectCommand({ Bucket: siteBucket(), Key: SITE_SHELL_KEY }));
  if (!answer.Body) throw new Error('The site shell has no body');
  return answer.Body.transformToString('utf-8');
}
