import type { TopicListState } from '#domain/topics/topic-overrides.ts';
import { adminCall, type ApiAnswer } from '../../shell/api.ts';

/** The Topics screen's list as GET /admin/topics answers it. */
export type TopicPage = ApiAnswer<'GET /admin/topics'>;
export type TopicRow = TopicPage['items'][number];

export interface TopicListQuery {
  state: TopicListState;
  filter: string;
  page: number;
  pageSize: number;
}

export const fetchTopics = (query: TopicListQuery) => adminCall('GET /admin/topics', { query: { state: query.state, filter: query.filter || undefined, page: query.page, pageSize: query.pageSize } });
export const renameTopic = (topicId: string, name: string, idempotencyKey?: string) =>
  adminCall('PUT /admin/topics/{topicId}/name', { params: { topicId }, body: { name }, idempotencyKey });
export const setTopicHidden = (topicId: string, hidden: boolean, idempotencyKey?: string) =>
  adminCall('PUT /admin/topics/{topicId}/visibility', { params: { topicId }, body: { hidden }, idempotencyKey });
export const mergeTopic = (topicId: string, into: string | null, idempotencyKey?: string) =>
  adminCall('PUT /admin/topics/{topicId}/merge', { params: { topicId }, body: { into }, idempotencyKey });
