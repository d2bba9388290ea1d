import { adminGet, adminPost } from '../../shell/api.ts';
import type { StartedExecution } from '../../shell/executions.ts';

export type Frequency = 'daily' | 'weekly' | 'monthly';
export const FREQUENCY_OPTIONS: Array<{ value: Frequency; label: string }> = [
  { value: 'daily', label: 'Daily Digest' },
  { value: 'weekly', label: 'Weekly Roundup' },
  { value: 'monthly', label: 'Monthly Summary' },
];

export interface NewsletterStats {
  total: number;
  confirmed: number;
  pending: number;
  unsubscribed: number;
  suppressed: number;
  byFrequency: Record<Frequency, number>;
  lastIssue: { issueId: string | null; executionId: string; trigger: string; endedAt: string; sent: number; skipped: number; failed: number } | null;
}

export type SubscriberStatus = 'confirmed' | 'pending' | 'unsubscribed' | 'suppressed';
export interface SubscriberRow {
  email: string;
  frequency: Frequency;
  topics: string[];
  status: SubscriberStatus;
  createdAt: string;
}
export interface SubscriberPage {
  items: SubscriberRow[];
  cursor: string | null;
}

export interface ComposedIssue {
  subject: string;
  content: string;
  frequency?: Frequency;
}

export const fetchNewsletterStats = () => adminGet<NewsletterStats>('/admin/newsletter');
export const fetchSubscribers = (search: string, cursor: string | null) =>
  adminGet<SubscriberPage>('/admin/newsletter/subscribers', { search: search || undefined, cursor: cursor ?? undefined });
export const sendIssue = (issue: ComposedIssue) => adminPost<StartedExecution & { issueId: string }>('/admin/newsletter/issues', issue);
