/**
 * `npm run backfill-list-index -- [--table name] [--aws] [--region r]`: the one-off migration after the deploy that adds
 * the console's list index (gsi4): gives every article written before it the index's keys, so the
 * Article Management list shows it (store/article-edits.ts backfillListIndex). Safe to run again: it
 * touches only articles still without the keys. The local runtime runs it at every start by itself.
 * Which table: bin/table-target.ts.
 */
import { useTableTarget } from './table-target.ts';

const { target } = useTableTarget('backfill-list-index');
const started = Date.now();
const { backfillListIndex } = await import('#store/article-edits.ts');
const filled = await backfillListIndex();
process.stdout.write(`Gave ${filled} articles of ${target} the list index's keys in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
