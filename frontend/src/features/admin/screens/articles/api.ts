import type { AdminSort, BulkAction, ManualStatus } from '#domain/content/article-admin.ts';
import type { ArticleStatus } from '#domain/content/article-status.ts';
import type { CategorySlug } from '#domain/content/categories.ts';
import { adminDelete, adminGet, adminPost, adminPut } from '../../shell/api.ts';

/** One row of the list (GET /admin/articles). */
export interface ArticleRow {
  id: string;
  title: string;
  status: ArticleStatus;
  adminStatus: string;
  category: CategorySlug;
  sourceName: string;
  isFeatured: boolean;
  viewsCount: number;
  relevanceScore: number;
  mlConfidenceScore: number;
  createdAt: string;
  publishedAt: string | null;
}

export interface ArticleListQuery {
  search: string;
  status: ArticleStatus | '';
  category: CategorySlug | '';
  sort: AdminSort;
  page: number;
  pageSize: number;
}

export interface ArticleList {
  items: ArticleRow[];
  total: number;
  page: number;
  pageSize: number;
  pages: number;
  /** Articles per status, from the server's counters (duplicates excluded). */
  counts: Record<ArticleStatus, number>;
}

export interface KeywordMatches {
  primary?: string[];
  secondary?: string[];
  indian?: string[];
}

/** The whole article (GET /admin/articles/{id}): the detail dialog and the editor. */
export interface ArticleDetail extends ArticleRow {
  summary: string;
  content: string;
  tags: string[];
  author?: string;
  sourceUrl: string;
  imageUrl?: string;
  isDuplicate: boolean;
  mlConfidencePercent: number;
  mlRelevanceScore: number | null;
  qualityScore: number | null;
  indiaRelevance: number | null;
  keywordMatches: KeywordMatches | null;
  blocklistFlags: string[];
  sourceAttribution: { author?: string; feedTitle?: string; rights?: string } | null;
  rejectionReason: string | null;
  reviewPriority?: string;
  feedId?: string;
  contentType?: string;
  originalPublishedAt?: string;
  archivedAt?: string;
  purgedAt?: string;
  updatedAt: string;
}

/** The editor's fields as the server takes them. */
export interface ArticleInput {
  title: string;
  sourceUrl: string;
  sourceName?: string;
  summary: string;
  content: string;
  category: CategorySlug;
  tags: string[];
  author: string;
  imageUrl: string;
  status: ManualStatus;
}

export interface BulkResult {
  succeeded: string[];
  failed: Array<{ id: string; reason: string }>;
}

export const fetchArticles = (query: ArticleListQuery) => adminGet<ArticleList>('/admin/articles', { ...query });
export const fetchArticle = (id: string) => adminGet<ArticleDetail>(`/admin/articles/${encodeURIComponent(id)}`);
export const createArticle = (input: ArticleInput) => adminPost<ArticleDetail>('/admin/articles', input);
export const updateArticle = (id: string, input: Partial<ArticleInput>) => adminPut<ArticleDetail>(`/admin/articles/${encodeURIComponent(id)}`, input);
export const deleteArticle = (id: string) => adminDelete<{ id: string; deleted: true }>(`/admin/articles/${encodeURIComponent(id)}`);
export const setFeatured = (id: string, featured: boolean) => adminPut<{ id: string; isFeatured: boolean }>(`/admin/articles/${encodeURIComponent(id)}/featured`, { featured });
export const bulkArticles = (ids: string[], action: BulkAction, status?: ManualStatus) => adminPost<BulkResult>('/admin/article-actions', { ids, action, ...(status ? { status } : {}) });
export const fetchSession = () => adminGet<{ role: 'admin' | 'moderator' }>('/admin/session');
