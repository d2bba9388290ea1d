import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { config } from '#shared/core/config.ts';
import { SEARCH_SNAPSHOT_KEY } from '#stack/stack-description.ts';

/**
 * The search index snapshot's object in S3 (locally the S3 stand-in, through the same SDK): one object,
 * replaced whole by the pipeline after each ingest and lifecycle run, read by each articles instance at
 * cold start. Its bytes are search/article-index.ts's business.
 */
let client: S3Client | undefined;
const s3 = () => (client ??= new S3Client({}));

/** The latest snapshot's bytes, or null when there is none yet (or no bucket). */
export async function readSearchSnapshot(): Promise<Uint8Array | null> {
  if (!config.SEARCH_SNAPSHOT_BUCKET) return null;
  try {
    const object = await s3().send(new GetObjectCommand({ Bucket: config.SEARCH_SNAPSHOT_BUCKET, Key: SEARCH_SNAPSHOT_KEY }));
    return (await object.Body?.transformToByteArray()) ?? null;
  } catch (error) {
    if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
    throw error;
  }
}

export async function writeSearchSnapshot(bytes: Uint8Array): Promise<void> {
  if (!config.SEARCH_SNAPSHOT_BUCKET) throw new Error('SEARCH_SNAPSHOT_BUCKET is not set');
  await s3().send(new PutObjectCommand({ Bucket: config.SEARCH_SNAPSHOT_BUCKET, Key: SEARCH_SNAPSHOT_KEY, Body: bytes, ContentType: 'application/octet-stream' }));
}
