import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { config } from '#core/config.ts';
import { SEARCH_SNAPSHOT_KEY, searchArchiveKey } from '#stack/stack-description.ts';
import { clientSettings, watched } from '#adapters/aws-clients.ts';

/**
 * The search index snapshots in S3 (locally the S3 stand-in, through the same SDK): the recent tier's
 * object, which also names the archive's shards, and one object per archived publication month. The
 * pipeline rewrites the recent tier after each ingest and lifecycle run and only the shards whose articles
 * changed; an instance reads the recent tier at cold start and a shard when a query first needs it. Their
 * bytes are search/article-index.ts's business.
 */
let client: S3Client | undefined;
const s3 = () => (client ??= watched(new S3Client(clientSettings()), 's3'));

async function readObject(key: string): Promise<Uint8Array | null> {
  if (!config.SEARCH_SNAPSHOT_BUCKET) return null;
  try {
    const object = await s3().send(new GetObjectCommand({ Bucket: config.SEARCH_SNAPSHOT_BUCKET, Key: key }));
    return (await object.Body?.transformToByteArray()) ?? null;
  } catch (error) {
    if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
    throw error;
  }
}

async function writeObject(key: string, bytes: Uint8Array): Promise<void> {
  if (!config.SEARCH_SNAPSHOT_BUCKET) throw new Error('SEARCH_SNAPSHOT_BUCKET is not set');
  await s3().send(new PutObjectCommand({ Bucket: config.SEARCH_SNAPSHOT_BUCKET, Key: key, Body: bytes, ContentType: 'application/octet-stream' }));
}

/** The latest recent-tier snapshot's bytes, or null when there is none yet (or no bucket). */
export const readSearchSnapshot = () => readObject(SEARCH_SNAPSHOT_KEY);
export const writeSearchSnapshot = (bytes: Uint8Array) => writeObject(SEARCH_SNAPSHOT_KEY, bytes);

/** One archived month's shard, or null when it has none. */
export const readArchiveShard = (month: string) => readObject(searchArchiveKey(month));
export const writeArchiveShard = (month: string, bytes: Uint8Array) => writeObject(searchArchiveKey(month), bytes);
