import type { TableProps } from '@cloudscape-design/components/table';
import { categoryLabel } from '#domain/content/categories.ts';
import { formatCount } from '../../shell/format.ts';
import type { DailyRow, TopArticle } from './api.ts';
import { formatDay, formatInr } from './format.ts';

export interface PathRow {
  path: string;
  views: number;
}
export interface ReferrerRow {
  domain: string;
  views: number;
}
export interface TermRow {
  term: string;
  searches: number;
}

export const pathColumns: TableProps.ColumnDefinition<PathRow>[] = [
  { id: 'path', header: 'Path', cell: (row) => row.path, isRowHeader: true },
  { id: 'views', header: 'Page views', cell: (row) => formatCount(row.views) },
];

export const referrerColumns: TableProps.ColumnDefinition<ReferrerRow>[] = [
  { id: 'domain', header: 'Referrer', cell: (row) => (row.domain === '(direct)' ? 'Direct or internal' : row.domain), isRowHeader: true },
  { id: 'views', header: 'Page views', cell: (row) => formatCount(row.views) },
];

export const articleColumns: TableProps.ColumnDefinition<TopArticle>[] = [
  { id: 'title', header: 'Article', cell: (row) => row.title, isRowHeader: true },
  { id: 'category', header: 'Category', cell: (row) => (row.category ? categoryLabel(row.category) : '—') },
  { id: 'views', header: 'Views', cell: (row) => formatCount(row.views) },
  { id: 'likes', header: 'Likes', cell: (row) => formatCount(row.likes) },
  { id: 'shares', header: 'Shares', cell: (row) => formatCount(row.shares) },
  { id: 'bookmarks', header: 'Bookmarks', cell: (row) => formatCount(row.bookmarks) },
];

export const termColumns: TableProps.ColumnDefinition<TermRow>[] = [
  { id: 'term', header: 'Search term', cell: (row) => row.term, isRowHeader: true },
  { id: 'searches', header: 'Searches', cell: (row) => formatCount(row.searches) },
];

export const dailyColumns: TableProps.ColumnDefinition<DailyRow>[] = [
  { id: 'date', header: 'Date', cell: (row) => formatDay(row.date), isRowHeader: true },
  { id: 'pageViews', header: 'Page views', cell: (row) => formatCount(row.pageViews) },
  { id: 'articleViews', header: 'Article views', cell: (row) => formatCount(row.articleViews) },
  { id: 'likes', header: 'Likes', cell: (row) => formatCount(row.likes) },
  { id: 'shares', header: 'Shares', cell: (row) => formatCount(row.shares) },
  { id: 'bookmarks', header: 'Bookmarks', cell: (row) => formatCount(row.bookmarks) },
  { id: 'searches', header: 'Searches', cell: (row) => formatCount(row.searches) },
  { id: 'subscriptions', header: 'Subscriptions (started / confirmed)', cell: (row) => `${formatCount(row.subscriptionsStarted)} / ${formatCount(row.subscriptionsConfirmed)}` },
  { id: 'donations', header: 'Donations', cell: (row) => formatCount(row.donations) },
  { id: 'amount', header: 'Donation amount', cell: (row) => formatInr(row.donationAmountPaise) },
];
