import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BulkAction, ManualStatus } from '#domain/content/article-admin.ts';
import {
  bulkArticles,
  createArticle,
  deleteArticle,
  fetchArticle,
  fetchArticles,
  joinToStory,
  setFeatured,
  splitFromStory,
  updateArticle,
  type ArticleInput,
  type ArticleListQuery,
} from './api.ts';
import type { Keyed } from '#web/shared/api/submission.ts';
import { useConsoleSessionQuery } from '../../shell/guard.tsx';

const LIST_KEY = ['admin', 'articles'] as const;

/** One page of the list; the previous page stays on screen while the next one loads. */
export function useArticleList(query: ArticleListQuery) {
  return useQuery({ queryKey: [...LIST_KEY, 'list', query], queryFn: () => fetchArticles(query), placeholderData: keepPreviousData, staleTime: 0, retry: 1 });
}

export function useArticle(id: string | null) {
  return useQuery({ queryKey: [...LIST_KEY, 'one', id], queryFn: () => fetchArticle(id as string), enabled: Boolean(id), retry: 1 });
}

/** The caller's role (the server's answer), so writes a moderator may not make are not offered. */
export function useConsoleRole() {
  return useConsoleSessionQuery().data?.role ?? null;
}

/**
 * Writes are not retried (the app's default retries mutations once): a 4xx will not change on a second
 * try, and a second Add Article after a lost answer would only meet its own duplicate.
 */
const NO_RETRY = { retry: false } as const;

/** Every change reloads the list, the article and the dashboard counters the server keeps. */
function useInvalidate() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: LIST_KEY }), client.invalidateQueries({ queryKey: ['admin', 'dashboard'] })]);
}

export function useBulkAction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ ids, action, status }: { ids: string[]; action: BulkAction; status?: ManualStatus }) => bulkArticles(ids, action, status),
    onSettled: invalidate,
    ...NO_RETRY,
  });
}

export function useDeleteArticle() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => deleteArticle(id), onSettled: invalidate, ...NO_RETRY });
}

export function useFeatured() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: ({ id, featured }: { id: string; featured: boolean }) => setFeatured(id, featured), onSettled: invalidate, ...NO_RETRY });
}

export function useSaveArticle(id: string | null) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...input }: Keyed<ArticleInput>) => (id ? updateArticle(id, input, idempotencyKey) : createArticle(input, idempotencyKey)),
    onSuccess: invalidate,
    ...NO_RETRY,
  });
}

/** A split or join moves articles between the list and a story's later reports: the list, both articles and the counters reload. */
export function useSplitFromStory() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => splitFromStory(id), onSuccess: invalidate, ...NO_RETRY });
}

export function useJoinToStory() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: ({ id, storyId }: { id: string; storyId: string }) => joinToStory(id, storyId), onSuccess: invalidate, ...NO_RETRY });
}
