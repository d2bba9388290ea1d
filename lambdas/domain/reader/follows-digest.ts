/**
 * The mail of what a reader follows (docs/topics.md "Mail of what you follow"): off unless the reader chooses
 * it, then daily or weekly, each mail listing per followed topic the stories published since their last one.
 * Pure, so the account page and the newsletter's send step share the choices and the picking.
 */
export const FOLLOWS_DIGEST_CHOICES = ['off', 'daily', 'weekly'] as const;
export type FollowsDigestChoice = (typeof FOLLOWS_DIGEST_CHOICES)[number];
export type FollowsDigestFrequency = Exclude<FollowsDigestChoice, 'off'>;

export const FOLLOWS_DIGEST_LABELS: Record<FollowsDigestChoice, string> = { off: 'Off', daily: 'Daily', weekly: 'Weekly' };

export const FOLLOWS_DIGEST_UNSUBSCRIBED = 'You will no longer get the mail of what you follow.';

/** A mail stays short: a few stories per topic, and a ceiling for a reader who follows many. */
export const FOLLOWS_DIGEST_PER_TOPIC = 5;
export const FOLLOWS_DIGEST_TOTAL = 20;

/** One followed topic's newest entries (store/topic-stories.ts, newest first). */
export interface FollowedTopicEntries {
  topicId: string;
  label: string;
  stories: ReadonlyArray<{ articleId: string; publishedAt: string }>;
}

export interface FollowsDigestSection {
  topicId: string;
  label: string;
  articleIds: string[];
}

/**
 * The stories each followed topic had published after `since` (the reader's last mail) and up to `until`
 * (the run's time), newest first, at most 5 per topic and 20 in all; a story under two followed topics is
 * listed once, under the first. Topics with nothing new are left out: no sections, no mail.
 */
export function pickFollowedStories(topics: readonly FollowedTopicEntries[], since: string, until: string, caps = { perTopic: FOLLOWS_DIGEST_PER_TOPIC, total: FOLLOWS_DIGEST_TOTAL }): FollowsDigestSection[] {
  const sinceMs = Date.parse(since);
  const untilMs = Date.parse(until);
  const listed = new Set<string>();
  const sections: FollowsDigestSection[] = [];
  for (const topic of topics) {
    if (listed.size >= caps.total) break;
    const fresh = [...topic.stories]
      .filter((story) => Date.parse(story.publishedAt) > sinceMs && Date.parse(story.publishedAt) <= untilMs && !listed.has(story.articleId))
      .sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt))
      .slice(0, Math.min(caps.perTopic, caps.total - listed.size));
    if (!fresh.length) continue;
    for (const story of fresh) listed.add(story.articleId);
    sections.push({ topicId: topic.topicId, label: topic.label, articleIds: fresh.map((story) => story.articleId) });
  }
  return sections;
}
