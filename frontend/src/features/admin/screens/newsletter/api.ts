import { adminGet, adminPost, type ApiAnswer } from '../../shell/api.ts';

export type Frequency = 'daily' | 'weekly' | 'monthly';
export const FREQUENCY_OPTIONS: Array<{ value: Frequency; label: string }> = [
  { value: 'daily', label: 'Daily Digest' },
  { value: 'weekly', label: 'Weekly Roundup' },
  { value: 'monthly', label: 'Monthly Summary' },
];

export type NewsletterStats = ApiAnswer<'GET /admin/newsletter'>;
export type SubscriberPage = ApiAnswer<'GET /admin/newsletter/subscribers'>;
export type SubscriberRow = SubscriberPage['items'][number];
export type SubscriberStatus = SubscriberRow['status'];

export interface ComposedIssue {
  subject: string;
  content: string;
  frequency?: Frequency;
}

export const fetchNewsletterStats = () => adminGet<NewsletterStats>('/admin/newsletter');
export const fetchSubscribers = (search: string, cursor: string | null) =>
  adminGet<SubscriberPage>('/admin/newsletter/subscribers', { search: search || undefined, cursor: cursor ?? undefined });
export const sendIssue = (issue: ComposedIssue) => adminPost<ApiAnswer<'POST /admin/newsletter/issues'>>('/admin/newsletter/issues', issue);
