/**
 * Topics and follows with TanStack Query: a topic's stories a page at a time (the server's cursor), and the
 * reader's follows (topics, stories, publishers, keyword alerts) and mutes, changed at once on the screen and
 * put back when the server says no. A keyword alert is shown once the server has it: the server writes it.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type ApiAnswer } from '#web/shared/api/client.ts';
import { meCall, meKeys, useSignedIn, type ChangeNotices } from '#web/shared/api/meCall.ts';
import { CATEGORY_PAGE_SIZE } from '#domain/reader/public-articles.ts';
import { LIST_STALE_MS } from './articleQueries.ts';

export type TopicPage = ApiAnswer<'GET /topics/{topicId}'>;
export type Follows = ApiAnswer<'GET /me/follows'>;
export type FollowKind = 'topic' | 'story' | 'publisher';
export type Publisher = { id: string; name: string };

export const topicKeys = { stories: (topicId: string) => ['topics', topicId] as const };

/** A topic and its stories, newest first; `fetchNextPage` reads the next page after the last one shown. */
export function useTopicStories(topicId: string) {
  return useInfiniteQuery({
    queryKey: topicKeys.stories(topicId),
    queryFn: ({ pageParam }) => call('GET /topics/{topicId}', { params: { topicId }, query: { limit: CATEGORY_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
    staleTime: LIST_STALE_MS,
    retry: false,
  });
}

export function useFollows() {
  return useQuery({ queryKey: meKeys.follows, queryFn: () => meCall('GET /me/follows'), enabled: useSignedIn(), staleTime: 60_000 });
}

const NO_FOLLOWS: Follows = { topics: [], stories: [], publishers: [], keywords: [], mutedPublishers: [] };

/** Whether the reader follows it, from the list of follows. */
function isFollowed(follows: Follows | undefined, kind: FollowKind, id: string): boolean {
  if (!follows) return false;
  if (kind === 'topic') return follows.topics.some((topic) => topic.id === id);
  if (kind === 'story') return follows.stories.some((story) => story.id === id);
  return follows.publishers.some((publisher) => publisher.id === id);
}

/** The list of follows once a change lands: following a publisher takes back its mute, and muting it its follow (as the server does). */
function withChange(follows: Follows, kind: FollowKind | 'mute', id: string, label: string, on: boolean): Follows {
  const without = <T extends { id: string }>(items: T[]) => items.filter((item) => item.id !== id);
  switch (kind) {
    case 'topic':
      return { ...follows, topics: on ? [{ id, kind: null, name: label }, ...without(follows.topics)] : without(follows.topics) };
    case 'story':
      return { ...follows, stories: on ? [{ id, title: label }, ...without(follows.stories)] : without(follows.stories) };
    case 'publisher':
      return { ...follows, publishers: on ? [{ id, name: label }, ...without(follows.publishers)] : without(follows.publishers), mutedPublishers: on ? without(follows.mutedPublishers) : follows.mutedPublishers };
    case 'mute':
      return { ...follows, mutedPublishers: on ? [{ id, name: label }, ...without(follows.mutedPublishers)] : without(follows.mutedPublishers), publishers: on ? without(follows.publishers) : follows.publishers };
  }
}

async function sendChange(kind: FollowKind | 'mute', id: string, on: boolean): Promise<void> {
  const method = on ? 'PUT' : 'DELETE';
  if (kind === 'topic') await meCall(`${method} /me/follows/topics/{topicId}`, { params: { topicId: id } });
  else if (kind === 'story') await meCall(`${method} /me/follows/stories/{articleId}`, { params: { articleId: id } });
  else if (kind === 'publisher') await meCall(`${method} /me/follows/publishers/{publisherId}`, { params: { publisherId: id } });
  else await meCall(`${method} /me/mutes/publishers/{publisherId}`, { params: { publisherId: id } });
}

/** One optimistic change of the list of follows, rolled back on failure. */
function useFollowChange(kind: FollowKind | 'mute', id: string, label: string, notices: ChangeNotices<unknown, boolean>) {
  const queryClient = useQueryClient();
  return useMutation({
    // The answer is not read: the list of follows is asked for again once the change lands.
    mutationFn: (on: boolean) => sendChange(kind, id, on),
    onMutate: async (on) => {
      await queryClient.cancelQueries({ queryKey: meKeys.follows });
      const before = queryClient.getQueryData<Follows>(meKeys.follows);
      queryClient.setQueryData<Follows>(meKeys.follows, (current) => withChange(current ?? NO_FOLLOWS, kind, id, label, on));
      return { before };
    },
    onError: (error, on, context) => {
      queryClient.setQueryData(meKeys.follows, context?.before);
      notices.onError?.(error, on);
    },
    onSuccess: (answer, on) => {
      notices.onSuccess?.(answer, on);
      void queryClient.invalidateQueries({ queryKey: meKeys.follows });
      // Muting changes For You (the server leaves the publisher out).
      if (kind === 'mute') void queryClient.invalidateQueries({ queryKey: meKeys.feeds });
    },
  });
}

/** Follow/Following for one topic, story or publisher. */
export function useFollow(kind: FollowKind, id: string, label: string, notices: ChangeNotices<unknown, boolean> = {}) {
  const follows = useFollows();
  const following = isFollowed(follows.data, kind, id);
  const mutation = useFollowChange(kind, id, label, notices);
  return { following, pending: mutation.isPending, toggle: () => mutation.mutate(!following) };
}

/** Mute/Unmute for one publisher: its stories leave For You and make no notification. */
export function useMute(publisher: Publisher, notices: ChangeNotices<unknown, boolean> = {}) {
  const follows = useFollows();
  const muted = follows.data?.mutedPublishers.some((item) => item.id === publisher.id) ?? false;
  const mutation = useFollowChange('mute', publisher.id, publisher.name, notices);
  return { muted, pending: mutation.isPending, toggle: () => mutation.mutate(!muted), set: (on: boolean) => mutation.mutate(on) };
}

/** Unfollow or unmute from the reader's list (the account page's Following section). */
export function useFollowRemoval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: FollowKind | 'mute'; id: string }) => sendChange(kind, id, false),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: meKeys.follows });
      void queryClient.invalidateQueries({ queryKey: meKeys.feeds });
    },
  });
}

/** Keyword alerts: added as the server writes them (it normalises and checks), removed by id. */
export function useKeywordAlerts() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: meKeys.follows });
  const add = useMutation({ mutationFn: (keyword: string) => meCall('POST /me/follows/keywords', { body: { keyword } }), onSuccess: refresh });
  const remove = useMutation({ mutationFn: (keywordId: string) => meCall('DELETE /me/follows/keywords/{keywordId}', { params: { keywordId } }), onSuccess: refresh });
  return { add, remove };
}

export type FollowsDigest = ApiAnswer<'GET /me/follows/digest'>;
const followsDigestKey = [...meKeys.follows, 'digest'] as const;

/** The reader's choice of the mail of what they follow (off, daily or weekly). */
export function useFollowsDigest() {
  return useQuery({ queryKey: followsDigestKey, queryFn: () => meCall('GET /me/follows/digest'), enabled: useSignedIn(), staleTime: 60_000 });
}

/** Saves the choice; the shown choice is the server's answer, so a refusal leaves the saved one on screen. */
export function useFollowsDigestChoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: FollowsDigest['choice']) => meCall('PUT /me/follows/digest', { body: { choice } }),
    onSuccess: (answer) => queryClient.setQueryData<FollowsDigest>(followsDigestKey, answer),
  });
}
