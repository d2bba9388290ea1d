/**
 * `npm run backfill-list-index -- [--table name] [--aws] [--region r]`: the one-off migration after the deploy that adds
 * the console's list index (gsi4): gives every article written before it the index's keys, so the
 * Article Management list shows it (store/article-edits.ts backfillListIndex). Safe to run again: it
 * touches only articles still without the keys. The local runtime runs it at every start by itself.
 *
 * By default it writes to the local runtime's DynamoDB Local (port from CNH_PORT_BASE, table from
 * CNH_TABLE_NAME or `creator-news-hub`); `--aws` uses the SDK's own endpoint and credentials, on the
 * deployed table named with --table (the stack's TableName output), in --region (else AWS_REGION, else the
 * deployment's default region, as bin/admin.ts).
 */
import { parseArgs } from 'node:util';
import { DEFAULT_REGION } from '../lib/deploy-config.ts';
import { localSettings } from '../lib/local/settings.ts';

const { values } = parseArgs({ options: { table: { type: 'string' }, aws: { type: 'boolean', default: false }, region: { type: 'string' } } });
const settings = localSettings();
if (values.aws && !values.table) {
  process.stderr.write('Name the deployed table: npm run backfill-list-index -- --aws --table <TableName output>\n');
  process.exit(2);
}
// The store reads its table and endpoint from the environment when first loaded.
process.env.TABLE_NAME = values.table ?? settings.tableName;
if (values.aws) {
  process.env.AWS_REGION = values.region ?? process.env.AWS_REGION ?? DEFAULT_REGION;
} else {
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_DYNAMODB: process.env.AWS_ENDPOINT_URL_DYNAMODB ?? `http://127.0.0.1:${settings.ports.dynamodb}`,
    AWS_REGION: settings.region,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  });
}
const started = Date.now();
const { backfillListIndex } = await import('#store/article-edits.ts');
const filled = await backfillListIndex();
process.stdout.write(`Gave ${filled} articles of ${process.env.TABLE_NAME}${values.aws ? ` (${process.env.AWS_REGION})` : ''} the list index's keys in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
