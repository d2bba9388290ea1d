import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Keyed } from '#web/shared/api/submission.ts';
import { fetchTopics, mergeTopic, renameTopic, setTopicHidden, type TopicListQuery } from './api.ts';

const TOPICS_KEY = ['admin', 'topics'] as const;

/** One page of topics; the previous page stays on screen while the next one loads. */
export function useTopics(query: TopicListQuery) {
  return useQuery({ queryKey: [...TOPICS_KEY, query], queryFn: () => fetchTopics(query), placeholderData: keepPreviousData, staleTime: 0, retry: 1 });
}

/** Writes are not retried: a refused change will not pass on a second try. */
export function useTopicActions() {
  const client = useQueryClient();
  const options = { onSettled: () => client.invalidateQueries({ queryKey: TOPICS_KEY }), retry: false } as const;
  return {
    rename: useMutation({ mutationFn: ({ topicId, name, idempotencyKey }: Keyed<{ topicId: string; name: string }>) => renameTopic(topicId, name, idempotencyKey), ...options }),
    visibility: useMutation({ mutationFn: ({ topicId, hidden, idempotencyKey }: Keyed<{ topicId: string; hidden: boolean }>) => setTopicHidden(topicId, hidden, idempotencyKey), ...options }),
    merge: useMutation({ mutationFn: ({ topicId, into, idempotencyKey }: Keyed<{ topicId: string; into: string | null }>) => mergeTopic(topicId, into, idempotencyKey), ...options }),
  };
}
