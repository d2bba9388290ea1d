/** Following topics and stories (docs/topics.md "Follows"): what can be followed, and how many. */

export const FOLLOW_KINDS = ['topic', 'story'] as const;
export type FollowKind = (typeof FOLLOW_KINDS)[number];

/**
 * At most this many follows per reader, topics and stories together: a list the reader can still read, and
 * a bound on what one account adds to every story's fan-out.
 */
export const MAX_FOLLOWS = 200;
