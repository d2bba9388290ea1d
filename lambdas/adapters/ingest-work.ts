import { randomUUID } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { config } from '#core/config.ts';
import { INGEST_WORK_PREFIX } from '#stack/stack-description.ts';
import { clientSettings, watched } from './aws-clients.ts';

/**
 * The ingest's work list in S3 (locally the S3 stand-in, through the same SDK): list-due writes the due hosts
 * as one JSON array, the state machine's Distributed Map reads it with its ItemReader. The bucket expires
 * these objects after a day; nothing else reads them.
 */
let client: S3Client | undefined;
const s3 = () => (client ??= watched(new S3Client(clientSettings()), 's3'));

export interface DueHost {
  host: string;
  feedIds: string[];
}

/** Writes the run's due hosts and returns where, for the Map's ItemReader. */
export async function writeDueHosts(now: Date, hosts: readonly DueHost[]): Promise<{ bucket: string; key: string }> {
  if (!config.INGEST_WORK_BUCKET) throw new Error('INGEST_WORK_BUCKET is not set');
  const key = `${INGEST_WORK_PREFIX}${now.toISOString()}-${randomUUID()}.json`;
  await s3().send(new PutObjectCommand({ Bucket: config.INGEST_WORK_BUCKET, Key: key, Body: JSON.stringify(hosts), ContentType: 'application/json' }));
  return { bucket: config.INGEST_WORK_BUCKET, key };
}
