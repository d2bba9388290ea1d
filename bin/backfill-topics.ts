/**
 * `npm run backfill-topics -- [--table name] [--aws] [--region r]`: the one-off migration after the deploy that adds
 * topics: tags every story stored before tagging, as the ingest tags them now, and lists the public ones on their
 * topics' pages (services/topic-backfill.ts). Safe to run again: it touches only articles still without topics.
 * Which table: bin/table-target.ts.
 */
import { useTableTarget } from './table-target.ts';

const { target } = useTableTarget('backfill-topics');
const started = Date.now();
const { backfillStoryTopics } = await import('../lambdas/services/topic-backfill.ts');
const done = await backfillStoryTopics((sofar) => process.stderr.write(`\r${sofar.tagged} tagged, ${sofar.listed} listed...`));
process.stderr.write('\n');
process.stdout.write(`Tagged ${done.tagged} stories of ${target} (${done.listed} public ones listed on their topics' pages) in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
