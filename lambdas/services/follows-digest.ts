/**
 * The mail of what a reader follows (docs/topics.md "Mail of what you follow"): the reader's choice (GET/PUT
 * /me/follows/digest) and, for the newsletter state machine's steps (pipeline/newsletter-digest.handler.ts),
 * who gets it and which stories each mail lists. The sending itself, with its claims, is the newsletter's.
 */
import { FOLLOWS_DIGEST_PER_TOPIC, pickFollowedStories, type FollowsDigestChoice, type FollowsDigestFrequency, type FollowsDigestSection } from '#domain/reader/follows-digest.ts';
import { listFollows } from '#store/follows.ts';
import { getFollowsDigest, listFollowsDigestReaders, setFollowsDigest } from '#store/follows-digest.ts';
import { getProfile } from '#store/profiles.ts';
import { getSubscriber } from '#store/subscribers.ts';
import { listTopicStories } from '#store/topic-stories.ts';

export async function myFollowsDigest(userId: string): Promise<{ choice: FollowsDigestChoice }> {
  return { choice: (await getFollowsDigest(userId))?.frequency ?? 'off' };
}

export async function chooseFollowsDigest(userId: string, choice: FollowsDigestChoice): Promise<{ choice: FollowsDigestChoice }> {
  await setFollowsDigest(userId, choice);
  return { choice };
}

/**
 * The readers who chose this frequency, each with their account's address (the profile's, which mirrors the
 * sign-in address). A deleted or suspended account, or one without an address, gets nothing; nor does an
 * address SES reported as bounced or complained of, when it is also a newsletter subscriber (the one record of it).
 */
export async function followsDigestRecipients(frequency: FollowsDigestFrequency): Promise<Array<{ userId: string; email: string }>> {
  const recipients: Array<{ userId: string; email: string }> = [];
  for (const userId of await listFollowsDigestReaders(frequency)) {
    const profile = await getProfile(userId);
    if (!profile?.email || profile.suspended) continue;
    const email = profile.email.toLowerCase();
    if ((await getSubscriber(email))?.suppressedAt) continue;
    recipients.push({ userId, email });
  }
  return recipients;
}

/**
 * The stories one reader's mail lists: per followed topic, those published since their last mail (or, for a
 * first mail, since the period's start) up to the run's time. Reads each topic's newest entries only: the
 * picking keeps 5 per topic, and a few more cover a story already listed under another topic.
 */
export async function followedStoriesFor(userId: string, period: { since: string; until: string }): Promise<FollowsDigestSection[]> {
  const [choice, follows] = await Promise.all([getFollowsDigest(userId), listFollows(userId)]);
  // Turned off after the batches were made: no mail.
  if (!choice) return [];
  const since = choice.lastSentAt && choice.lastSentAt > period.since ? choice.lastSentAt : period.since;
  const topics = await Promise.all(
    follows
      .filter((follow) => follow.kind === 'topic')
      .map(async (follow) => ({ topicId: follow.targetId, label: follow.label, stories: (await listTopicStories(follow.targetId, { limit: FOLLOWS_DIGEST_PER_TOPIC * 2 })).items })),
  );
  return pickFollowedStories(topics, since, period.until);
}
