/**
 * `npm run restore -- <file> [--table name] [--aws]`: loads a console backup export (a JSON-lines file
 * of `{"Item": {...}}` lines, DynamoDB's own export format, under `.local/backups/`) into a table, creating
 * the table with the described keys and indexes when it does not exist. Items already in the table with
 * the same keys are overwritten; others are kept.
 *
 * By default it writes to the local runtime's DynamoDB Local (port from CNH_PORT_BASE, table from
 * CNH_TABLE_NAME or `creator-news-hub`); `--aws` uses the SDK's own endpoint and credentials instead.
 */
import { existsSync } from 'node:fs';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureTable } from '../lib/local/dynamodb.ts';
import { localSettings } from '../lib/local/settings.ts';
import { stack } from '../lib/stack-description.ts';
import { restoreExport } from '#store/table/backups.ts';

function usage(message: string): never {
  process.stderr.write(`${message}\nUsage: npm run restore -- <export.jsonl> [--table name] [--aws]\n`);
  process.exit(2);
}

const args = process.argv.slice(2);
let file: string | undefined;
let table: string | undefined;
let aws = false;
for (let index = 0; index < args.length; index += 1) {
  const arg = args[index] as string;
  if (arg === '--table') {
    table = args[index + 1];
    index += 1;
    if (!table || table.length < 3) usage('--table needs a name of 3 or more characters');
  } else if (arg === '--aws') aws = true;
  else if (arg.startsWith('--')) usage(`Unknown option ${arg}`);
  else if (file) usage('Give one export file');
  else file = arg;
}
if (!file) usage('Give the export file to restore');
if (!existsSync(file)) usage(`No such file: ${file}`);

const settings = localSettings();
const client = aws
  ? new DynamoDBClient({})
  : new DynamoDBClient({
      endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB ?? `http://127.0.0.1:${settings.ports.dynamodb}`,
      region: settings.region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
const target = table ?? settings.tableName;
const started = Date.now();
try {
  const created = await ensureTable(client, target, stack);
  const { items } = await restoreExport(client, file, target);
  process.stdout.write(`Restored ${items} items from ${file} into ${created ? 'new ' : ''}table ${target} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
} catch (error) {
  process.stderr.write(`Restore failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  client.destroy();
}
