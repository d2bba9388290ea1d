/**
 * `npm run story-pairs -- [--since 2026-01-01] [--table name] [--aws] [--region r] > moderator-pairs.jsonl`: the
 * moderators' splits and joins of stories (POST /admin/articles/{id}/split and /join) as labelled pairs, one JSON
 * line each in the format of data/classifier/corpus/same-story.jsonl ({"a", "b", "same", "event"}: `a` the first
 * report, `b` the later one, `same` false for a split, true for a join; domain/topics/story-links.ts decisionAsPair).
 * `npm run same-story-tune -- --moderator-pairs=moderator-pairs.jsonl` adds them to its train pairs.
 *
 * Which table: bin/table-target.ts (the local runtime's by default; `--aws --table <TableName output>` the deployed one).
 */
import { useTableTarget } from './table-target.ts';

const { target, since } = useTableTarget('story-pairs');
const { storyDecisionsSince } = await import('#store/story-links.ts');
const { decisionAsPair } = await import('#domain/topics/story-links.ts');
const decisions = await storyDecisionsSince(since);
for (const decision of decisions) process.stdout.write(`${JSON.stringify(decisionAsPair(decision))}\n`);
process.stderr.write(`${decisions.length} moderator pairs from ${target}\n`);
