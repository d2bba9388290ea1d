/**
 * Moderating topics in the console (docs/topics.md "Moderating topics"): the catalogue's topics with what readers
 * see of each and its figures from the table, and a moderator's rename, hide / show and merge. Each change is
 * audited and read back by every function within OVERRIDES_TTL_MS (services/topic-overrides.ts).
 */
import type { Caller } from '#domain/common/caller.ts';
import type { StoryTopic } from '#domain/topics/topic-links.ts';
import { mergedTopicId, mergeRefusal, nameOverride, topicListed, type TopicListState, type TopicOverride } from '#domain/topics/topic-overrides.ts';
import { recordAudit } from '#store/audit.ts';
import { addFollow, countFollowers, followersOf, removeFollow } from '#store/follows.ts';
import { listTopicOverrides, saveTopicOverride, type TopicOverrideItem } from '#store/topic-overrides.ts';
import { copyTopicStories, countTopicStories } from '#store/topic-stories.ts';
import { HttpError, notFound } from '#core/errors.ts';
import { seedTopic, seedTopics } from './topic-catalogue.ts';
import { forgetTopicOverrides } from './topic-overrides.ts';

const TOPIC_NOT_FOUND = 'Topic not found';

async function overridesNow(): Promise<Map<string, TopicOverrideItem>> {
  // The console reads the table itself, not an instance's copy: a moderator sees their change at once.
  return new Map((await listTopicOverrides()).map((item) => [item.topicId, item]));
}

/** One row of the console's list: the catalogue's topic, what a moderator changed, and its figures. */
async function consoleRow(topic: StoryTopic, override: TopicOverrideItem | undefined, overrides: ReadonlyMap<string, TopicOverride>) {
  const [stories, followers] = await Promise.all([countTopicStories(topic.id), countFollowers('topic', topic.id)]);
  const into = override?.mergedInto ? mergedTopicId(topic.id, overrides) : null;
  const target = into ? seedTopic(into) : null;
  return {
    id: topic.id,
    kind: topic.kind,
    catalogueName: topic.name,
    name: override?.name ?? topic.name,
    renamed: override?.name !== undefined,
    hidden: override?.hidden ?? false,
    /** The topic readers are sent to instead (the end of its merge chain). */
    mergedInto: target ? { id: target.id, name: overrides.get(target.id)?.name ?? target.name } : null,
    stories,
    followers,
    changedBy: override?.changedBy ?? null,
    changedAt: override?.updatedAt ?? null,
  };
}

export type ConsoleTopic = Awaited<ReturnType<typeof consoleRow>>;

/** The catalogue's topics by name, filtered, one page, each with its stories and followers counted. */
export async function consoleTopics(options: { state: TopicListState; filter: string; page: number; pageSize: number }) {
  const overrides = await overridesNow();
  const listed = [...seedTopics().values()]
    .filter((topic) => topicListed(topic, overrides.get(topic.id), options.state, options.filter))
    .sort((a, b) => (overrides.get(a.id)?.name ?? a.name).localeCompare(overrides.get(b.id)?.name ?? b.name, 'en', { sensitivity: 'base' }));
  const start = (options.page - 1) * options.pageSize;
  const items = await Promise.all(listed.slice(start, start + options.pageSize).map((topic) => consoleRow(topic, overrides.get(topic.id), overrides)));
  return { items, total: listed.length, page: options.page, pageSize: options.pageSize, pages: Math.max(1, Math.ceil(listed.length / options.pageSize)) };
}

/** The override as it stands (none: the catalogue's own), for a change to start from. */
const currentOverride = (overrides: ReadonlyMap<string, TopicOverrideItem>, topicId: string): TopicOverride => {
  const item = overrides.get(topicId);
  return { topicId, name: item?.name, hidden: item?.hidden, mergedInto: item?.mergedInto };
};

async function change(who: Caller, topicId: string, action: string, next: (before: TopicOverride, overrides: ReadonlyMap<string, TopicOverrideItem>, topic: StoryTopic) => TopicOverride) {
  const topic = seedTopic(topicId);
  if (!topic) throw notFound(TOPIC_NOT_FOUND);
  const overrides = await overridesNow();
  const before = currentOverride(overrides, topicId);
  const after = next(before, overrides, topic);
  await saveTopicOverride(after, who.email ?? who.userId);
  forgetTopicOverrides();
  await recordAudit(who, { action, target: `topic:${topicId}`, before: { name: before.name ?? null, hidden: before.hidden ?? false, mergedInto: before.mergedInto ?? null }, after: { name: after.name ?? null, hidden: after.hidden ?? false, mergedInto: after.mergedInto ?? null } });
  const saved = await overridesNow();
  return consoleRow(topic, saved.get(topicId), saved);
}

/** A new display name; the catalogue's own name (or a blank one) removes the override. */
export function renameTopic(who: Caller, topicId: string, typed: string) {
  return change(who, topicId, 'topic.rename', (before, _overrides, topic) => ({ ...before, name: nameOverride(typed, topic.name) ?? undefined }));
}

/** Hides a topic from readers, or shows it again. A merged topic is not hidden itself: readers are sent on to its target. */
export function setTopicHidden(who: Caller, topicId: string, hidden: boolean) {
  return change(who, topicId, hidden ? 'topic.hide' : 'topic.show', (before) => {
    if (hidden && before.mergedInto) throw new HttpError(409, `${topicId} is merged into ${before.mergedInto}: hide that topic, or undo the merge first`);
    return { ...before, hidden: hidden || undefined };
  });
}

/**
 * Merges a topic into another (its page, its follows and future stories go to the other), or undoes a merge
 * (`into` null). On a merge its readers follow the other topic instead, and the other topic's page lists the
 * stories told under it so far; undoing it moves neither back (docs/topics.md).
 */
export async function mergeTopic(who: Caller, topicId: string, into: string | null) {
  if (into !== null && !seedTopic(into)) throw notFound(`No topic ${into} to merge into`);
  const row = await change(who, topicId, into ? 'topic.merge' : 'topic.unmerge', (before, overrides) => {
    if (into === null) return { ...before, mergedInto: undefined };
    const refusal = mergeRefusal(topicId, into, overrides);
    if (refusal) throw new HttpError(409, refusal);
    // A hidden topic merged: readers go to the target, which is what counts (domain/topics/topic-overrides.ts).
    return { ...before, hidden: undefined, mergedInto: into };
  });
  if (row.mergedInto) await moveToMergedTopic(topicId, row.mergedInto);
  return row;
}

/** A merged topic's followers follow the topic it went into (one follow each, whatever they followed), and its stories are listed there. */
async function moveToMergedTopic(topicId: string, target: { id: string; name: string }): Promise<void> {
  for (const userId of await followersOf('topic', topicId)) {
    await addFollow(userId, 'topic', target.id, target.name);
    await removeFollow(userId, 'topic', topicId);
  }
  await copyTopicStories(topicId, target.id);
}
