/**
 * Topics and follows with TanStack Query: a topic's stories a page at a time (the server's cursor), and the
 * reader's follows, changed at once on the screen and put back when the server says no.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type ApiAnswer } from '#web/shared/api/client.ts';
import { meCall, meKeys, useSignedIn, type ChangeNotices } from '#web/shared/api/meCall.ts';
import { CATEGORY_PAGE_SIZE } from '#domain/reader/public-articles.ts';
import { LIST_STALE_MS } from './articleQueries.ts';

export type TopicPage = ApiAnswer<'GET /topics/{topicId}'>;
export type Follows = ApiAnswer<'GET /me/follows'>;
export type FollowKind = 'topic' | 'story';

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

/** Follow/Following for one topic or story, optimistic and rolled back on failure. */
export function useFollow(kind: FollowKind, id: string, label: string, notices: ChangeNotices<unknown, boolean> = {}) {
  const queryClient = useQueryClient();
  const follows = useFollows();
  const following = kind === 'topic' ? (follows.data?.topics.some((topic) => topic.id === id) ?? false) : (follows.data?.stories.some((story) => story.id === id) ?? false);
  const mutation = useMutation({
    // The answer is not read: the list of follows is asked for again once the change lands.
    mutationFn: async (on: boolean): Promise<void> => {
      if (kind === 'topic') await meCall(`${on ? 'PUT' : 'DELETE'} /me/follows/topics/{topicId}`, { params: { topicId: id } });
      else await meCall(`${on ? 'PUT' : 'DELETE'} /me/follows/stories/{articleId}`, { params: { articleId: id } });
    },
    onMutate: async (on) => {
      await queryClient.cancelQueries({ queryKey: meKeys.follows });
      const before = queryClient.getQueryData<Follows>(meKeys.follows);
      queryClient.setQueryData<Follows>(meKeys.follows, (current) => {
        const base = current ?? { topics: [], stories: [], publishers: [], keywords: [], mutedPublishers: [] };
        if (kind === 'topic') {
          const topics = base.topics.filter((topic) => topic.id !== id);
          return { ...base, topics: on ? [{ id, kind: null, name: label }, ...topics] : topics };
        }
        const stories = base.stories.filter((story) => story.id !== id);
        return { ...base, stories: on ? [{ id, title: label }, ...stories] : stories };
      });
      return { before };
    },
    onError: (error, on, context) => {
      queryClient.setQueryData(meKeys.follows, context?.before);
      notices.onError?.(error, on);
    },
    onSuccess: (answer, on) => {
      notices.onSuccess?.(answer, on);
      void queryClient.invalidateQueries({ queryKey: meKeys.follows });
    },
  });
  return { following, pending: mutation.isPending, toggle: () => mutation.mutate(!following) };
}
