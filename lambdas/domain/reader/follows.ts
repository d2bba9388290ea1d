/**
 * Following topics, stories, publishers and keywords, and muting publishers (docs/topics.md "Follows"): what
 * can be followed, how many, and what a mute hides. How a keyword alert is written and matched is in
 * keyword-alerts.ts (it carries the topics tokeniser, which the For You feed does not need).
 */
/**
 * What a reader's follow item can be: a followed topic, story, publisher or keyword, or a muted publisher (kept
 * with the follows: one list per reader, one bound, and the same index by target finds who muted a publisher).
 */
export const FOLLOW_KINDS = ['topic', 'story', 'publisher', 'keyword', 'muted-publisher'] as const;
export type FollowKind = (typeof FOLLOW_KINDS)[number];

/**
 * At most this many follows per reader, every kind together: a list the reader can still read, and a bound on
 * what one account adds to every story's fan-out.
 */
export const MAX_FOLLOWS = 200;

/** At most this many keyword alerts per reader (inside MAX_FOLLOWS): every alert is matched against every story. */
export const MAX_KEYWORD_ALERTS = 20;

/** A publisher is its feed source's id (store/feeds.ts FeedSource, article.feedId): a slug, never its display name. */
export const PUBLISHER_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,79}$/;

/**
 * The mute rule: a muted publisher's stories are left out of the reader's For You feed and make no notification
 * for them (whatever else of the story they follow). Stories with no publisher (an editor's own) are kept.
 */
export function withoutMutedPublishers<T extends { publisher: { id: string } | null }>(items: readonly T[], muted: ReadonlySet<string>): T[] {
  return muted.size ? items.filter((item) => !item.publisher || !muted.has(item.publisher.id)) : [...items];
}
