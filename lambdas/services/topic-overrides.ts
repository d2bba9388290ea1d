/**
 * The moderators' topic overrides (domain/topics/topic-overrides.ts) as every function reads them: from the table,
 * at most once every OVERRIDES_TTL_MS per Lambda instance. A change made in the console reaches readers within
 * that time; the instance that made it forgets its copy at once.
 */
import type { TopicOverrides } from '#domain/topics/topic-overrides.ts';
import { keptFor } from '#core/kept-for.ts';
import { listTopicOverrides } from '#store/topic-overrides.ts';

/**
 * How long an instance trusts its copy: short enough that a renamed or hidden topic is gone from every page
 * within a minute, long enough that a busy instance reads the partition about once a minute, not once a card.
 */
export const OVERRIDES_TTL_MS = 60_000;

const overrides = keptFor(OVERRIDES_TTL_MS, async () =>
  new Map((await listTopicOverrides()).map((item) => [item.topicId, { topicId: item.topicId, name: item.name, hidden: item.hidden, mergedInto: item.mergedInto }])),
);

export function topicOverrides(now = Date.now()): Promise<TopicOverrides> {
  return overrides.get(now);
}

/** After a console change: this instance reads the overrides again on its next use. */
export function forgetTopicOverrides(): void {
  overrides.forget();
}
