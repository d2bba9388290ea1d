import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  BatchWriteItemCommand,
  CreateBackupCommand,
  DescribeContinuousBackupsCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListBackupsCommand,
  ScanCommand,
  type AttributeValue,
  type WriteRequest,
} from '#adapters/dynamodb.ts';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { backupId, backupTotals, BACKUP_ID_PATTERN, type BackupSummary } from '#domain/operations/diagnostics.ts';
import { Counter, COUNTER_SCOPES } from './counters.ts';

/**
 * Backups of the one table. On AWS: point-in-time recovery (the table has it on) and on-demand backups
 * (CreateBackup / ListBackups). DynamoDB Local answers none of these (UnknownOperationException, measured),
 * so locally a backup is an export of every item to a JSON-lines file in DynamoDB's own export format
 * (`{"Item": {...attribute values...}}` per line), which `npm run restore` loads back into a table.
 *
 * A backup reads the whole table: it is the one place a Scan is right (segmented, every page).
 */

/** A client with a bounded wait (built by the DynamoDB adapter; the backups and diagnostics use it). */
export { boundedDynamoClient } from '#adapters/dynamodb.ts';

/** The diagnostics' database check: the table is ACTIVE, and the article counters can be read (one Query). */
export async function probeTable(client: DynamoDBClient, table: string): Promise<string> {
  const described = await client.send(new DescribeTableCommand({ TableName: table }));
  const status = described.Table?.TableStatus ?? 'UNKNOWN';
  if (status !== 'ACTIVE') throw new Error(`Table ${table} is ${status}`);
  const params = Counter.query.byScope({ scope: COUNTER_SCOPES.articles }).params({ limit: 1 }) as Record<string, unknown>;
  const answer = await DynamoDBDocumentClient.from(client).send(new QueryCommand({ ...params, TableName: table, Limit: 1 } as never));
  return `table ${status}, counters read (${answer.Count ?? 0} item)`;
}

export interface PitrStatus {
  /** ENABLED / DISABLED on AWS; `unsupported` on DynamoDB Local. */
  status: string;
  earliestRestorableAt: string | null;
  latestRestorableAt: string | null;
  detail: string;
}

function isUnknownOperation(error: unknown): boolean {
  return (error as { name?: string }).name === 'UnknownOperationException';
}

export async function pointInTimeRecovery(client: DynamoDBClient, table: string): Promise<PitrStatus> {
  try {
    const answer = await client.send(new DescribeContinuousBackupsCommand({ TableName: table }));
    const pitr = answer.ContinuousBackupsDescription?.PointInTimeRecoveryDescription;
    return {
      status: pitr?.PointInTimeRecoveryStatus ?? 'DISABLED',
      earliestRestorableAt: pitr?.EarliestRestorableDateTime?.toISOString() ?? null,
      latestRestorableAt: pitr?.LatestRestorableDateTime?.toISOString() ?? null,
      detail: pitr?.PointInTimeRecoveryStatus === 'ENABLED' ? 'Point-in-time recovery is on: the table can be restored to any second in the window.' : 'Point-in-time recovery is off.',
    };
  } catch (error) {
    if (!isUnknownOperation(error)) throw error;
    return {
      status: 'unsupported',
      earliestRestorableAt: null,
      latestRestorableAt: null,
      detail: 'DynamoDB Local has no point-in-time recovery; backups here are exports of every item (npm run restore loads one).',
    };
  }
}

// ---- exports (local) ----

const MANIFEST_SUFFIX = '.manifest.json';

type Item = Record<string, AttributeValue>;

/** DynamoDB JSON with binary values as base64, as DynamoDB's own exports write it. */
export function itemToJson(item: Item): string {
  return JSON.stringify({ Item: item }, (_key, value: unknown) => (value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value));
}

function binaryBack(value: AttributeValue): AttributeValue {
  const binary = (value as { B?: unknown }).B;
  if (typeof binary === 'string') return { B: Buffer.from(binary, 'base64') };
  if ('BS' in value && Array.isArray(value.BS)) return { BS: value.BS.map((entry) => Buffer.from(entry as unknown as string, 'base64')) };
  if ('L' in value && value.L) return { L: value.L.map(binaryBack) };
  if ('M' in value && value.M) return { M: Object.fromEntries(Object.entries(value.M).map(([key, inner]) => [key, binaryBack(inner)])) };
  return value;
}

function itemFromJson(line: string): Item {
  const parsed = JSON.parse(line) as { Item?: Item };
  if (!parsed.Item || typeof parsed.Item !== 'object') throw new Error('Not a DynamoDB export line (expected {"Item": {...}})');
  return Object.fromEntries(Object.entries(parsed.Item).map(([key, value]) => [key, binaryBack(value)]));
}

/** The component an item belongs to: its ElectroDB entity, else `other`. */
function componentOf(item: Item): string {
  return item.__edb_e__?.S ?? 'other';
}

const SCAN_SEGMENTS = 4;

/**
 * Writes every item of the table to `<dir>/<id>.jsonl` (then its manifest), counting items and bytes per
 * entity. The file appears under its final name only when complete (written as .partial, then renamed).
 */
export async function exportTable(client: DynamoDBClient, table: string, dir: string, now = new Date(), pageTimeoutMs = 20_000): Promise<BackupSummary> {
  await mkdir(dir, { recursive: true });
  const id = backupId(now);
  const file = path.join(dir, `${id}.jsonl`);
  // Each export writes its own partial file: two prepared in the same millisecond (two operators, or an
  // id and an access token in the auth matrix) once truncated each other's and one failed its rename.
  const partial = `${file}.${randomUUID()}.partial`;
  const handle = await open(partial, 'wx');
  const counts = new Map<string, { records: number; bytes: number }>();
  // Segments scan in parallel; their pages are appended one after another (never interleaved).
  let writes: Promise<void> = Promise.resolve();
  try {
    await Promise.all(
      Array.from({ length: SCAN_SEGMENTS }, async (_unused, segment) => {
        let start: Item | undefined;
        do {
          // The client's socket timeouts miss a database that accepted the connection and then went silent.
          const page = await client.send(new ScanCommand({ TableName: table, Segment: segment, TotalSegments: SCAN_SEGMENTS, ExclusiveStartKey: start, ConsistentRead: true }), {
            abortSignal: AbortSignal.timeout(pageTimeoutMs),
          });
          let chunk = '';
          for (const item of page.Items ?? []) {
            const line = `${itemToJson(item)}\n`;
            chunk += line;
            const component = componentOf(item);
            const entry = counts.get(component) ?? { records: 0, bytes: 0 };
            entry.records += 1;
            entry.bytes += Buffer.byteLength(line);
            counts.set(component, entry);
          }
          if (chunk) {
            writes = writes.then(() => handle.appendFile(chunk));
            await writes;
          }
          start = page.LastEvaluatedKey;
        } while (start);
      }),
    );
  } catch (error) {
    // A half export is no backup: nothing is left that a restore could mistake for one.
    await handle.close();
    await rm(partial, { force: true });
    throw error;
  }
  await handle.close();
  await rename(partial, file);
  const summary: BackupSummary = { id, kind: 'export', table, createdAt: now.toISOString(), status: 'AVAILABLE', file, ...backupTotals(counts) };
  await writeFile(path.join(dir, `${id}${MANIFEST_SUFFIX}`), JSON.stringify(summary, null, 2));
  return summary;
}

/** The exports in the folder, newest first (their manifests; a folder that does not exist yet holds none). */
export async function listExports(dir: string): Promise<BackupSummary[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return [];
    throw error;
  }
  const manifests = names.filter((name) => name.endsWith(MANIFEST_SUFFIX) && BACKUP_ID_PATTERN.test(name.slice(0, -MANIFEST_SUFFIX.length)));
  const summaries = await Promise.all(manifests.map(async (name) => JSON.parse(await readFile(path.join(dir, name), 'utf8')) as BackupSummary));
  return summaries.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

// ---- on-demand backups (AWS) ----

export async function createAwsBackup(client: DynamoDBClient, table: string, now = new Date()): Promise<BackupSummary> {
  const id = backupId(now);
  const answer = await client.send(new CreateBackupCommand({ TableName: table, BackupName: id }));
  const details = answer.BackupDetails;
  const bytes = Number(details?.BackupSizeBytes ?? 0);
  return {
    id: details?.BackupArn ?? id,
    kind: 'aws',
    table,
    createdAt: (details?.BackupCreationDateTime ?? now).toISOString(),
    status: details?.BackupStatus ?? 'CREATING',
    components: [],
    totalRecords: 0,
    totalBytes: bytes,
  };
}

export async function listAwsBackups(client: DynamoDBClient, table: string): Promise<BackupSummary[]> {
  const summaries: BackupSummary[] = [];
  let start: string | undefined;
  do {
    const page = await client.send(new ListBackupsCommand({ TableName: table, ExclusiveStartBackupArn: start, Limit: 100 }));
    for (const backup of page.BackupSummaries ?? []) {
      summaries.push({
        id: backup.BackupArn ?? backup.BackupName ?? '',
        kind: 'aws',
        table,
        createdAt: backup.BackupCreationDateTime?.toISOString() ?? '',
        status: backup.BackupStatus ?? 'UNKNOWN',
        components: [],
        totalRecords: 0,
        totalBytes: Number(backup.BackupSizeBytes ?? 0),
      });
    }
    start = page.LastEvaluatedBackupArn;
  } while (start);
  return summaries.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

// ---- restore ----

/** Loads an export file into a table (which must exist): BatchWriteItem by 25, unprocessed items retried. */
export async function restoreExport(client: DynamoDBClient, file: string, table: string): Promise<{ items: number }> {
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let batch: WriteRequest[] = [];
  let items = 0;
  let lineNumber = 0;
  const flush = async () => {
    let pending = batch;
    batch = [];
    for (let attempt = 0; pending.length; attempt += 1) {
      if (attempt > 8) throw new Error(`DynamoDB left ${pending.length} items unprocessed after ${attempt} attempts`);
      if (attempt) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      const answer = await client.send(new BatchWriteItemCommand({ RequestItems: { [table]: pending } }));
      pending = answer.UnprocessedItems?.[table] ?? [];
    }
  };
  for await (const line of lines) {
    lineNumber += 1;
    if (!line.trim()) continue;
    let item: Item;
    try {
      item = itemFromJson(line);
    } catch (error) {
      throw new Error(`${file}:${lineNumber}: ${(error as Error).message}`, { cause: error });
    }
    batch.push({ PutRequest: { Item: item } });
    items += 1;
    if (batch.length === 25) await flush();
  }
  await flush();
  return { items };
}
