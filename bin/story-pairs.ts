/**
 * `npm run story-pairs -- [--since 2026-01-01] [--table name] [--aws] [--region r] > moderator-pairs.jsonl`: the
 * moderators' splits and joins of stories (POST /admin/articles/{id}/split and /join) as labelled pairs, one JSON
 * line each in the format of data/classifier/corpus/same-story.jsonl ({"a", "b", "same", "event"}: `a` the first
 * report, `b` the later one, `same` false for a split, true for a join; domain/topics/story-links.ts decisionAsPair).
 * `npm run same-story-tune -- --moderator-pairs=moderator-pairs.jsonl` adds them to its train pairs.
 *
 * By default it reads the local runtime's DynamoDB Local (as bin/backfill-list-index.ts); `--aws` the deployed
 * table named with --table (the stack's TableName output).
 */
import { parseArgs } from 'node:util';
import { DEFAULT_REGION } from '../lib/deploy-config.ts';
import { localSettings } from '../lib/local/settings.ts';

const { values } = parseArgs({ options: { since: { type: 'string', default: '' }, table: { type: 'string' }, aws: { type: 'boolean', default: false }, region: { type: 'string' } } });
const settings = localSettings();
if (values.aws && !values.table) {
  process.stderr.write('Name the deployed table: npm run story-pairs -- --aws --table <TableName output>\n');
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
const { storyDecisionsSince } = await import('#store/story-links.ts');
const { decisionAsPair } = await import('#domain/topics/story-links.ts');
const decisions = await storyDecisionsSince(values.since);
for (const decision of decisions) process.stdout.write(`${JSON.stringify(decisionAsPair(decision))}\n`);
process.stderr.write(`${decisions.length} moderator pairs from ${process.env.TABLE_NAME}\n`);
