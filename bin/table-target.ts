/**
 * Which table a one-off migration of bin/ writes to, set in the environment before the store loads: the local
 * runtime's DynamoDB Local by default (port from CNH_PORT_BASE, table from CNH_TABLE_NAME or `creator-news-hub`);
 * with `--aws`, the SDK's own endpoint and credentials, on the deployed table named with --table (the stack's
 * TableName output), in --region (else AWS_REGION, else the deployment's default region, as bin/admin.ts).
 */
import { parseArgs } from 'node:util';
import { DEFAULT_REGION } from '../lib/deploy-config.ts';
import { localSettings } from '../lib/local/settings.ts';

/**
 * Reads the command's --table, --aws and --region (and `--since`, which only story-pairs reads); exits with how to
 * call it when --aws lacks --table. Answers a description of the target and the --since given ('' without).
 */
export function useTableTarget(command: string): { target: string; since: string } {
  const { values } = parseArgs({ options: { table: { type: 'string' }, aws: { type: 'boolean', default: false }, region: { type: 'string' }, since: { type: 'string', default: '' } } });
  const settings = localSettings();
  if (values.aws && !values.table) {
    process.stderr.write(`Name the deployed table: npm run ${command} -- --aws --table <TableName output>\n`);
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
  return { target: `${process.env.TABLE_NAME}${values.aws ? ` (${process.env.AWS_REGION})` : ''}`, since: values.since };
}
