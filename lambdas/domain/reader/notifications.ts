/** Notification rules and texts (reader spec sections 3, 4, 9). */
import { storyPath } from './site-pages.ts';

export const NOTIFICATION_PAGE_SIZE = 20;

/**
 * What a notification is about (push follows it: lambdas/domain/reader/push.ts). The reader chooses which of the
 * first four reach their devices (publishers and keywords go with topics: "what you follow"); a message from the
 * team is pushed whenever push is on; the rest (welcome, account notices) stay in the center only.
 */
export const NOTIFICATION_KINDS = ['breaking', 'categories', 'topics', 'stories', 'publishers', 'keywords', 'message', 'welcome', 'account'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Unread badges: 99+ in the notification center, 9+ on the dashboard tab. */
export function unreadBadge(count: number, cap: 9 | 99): string {
  return count > cap ? `${cap}+` : String(Math.max(0, count));
}

/** An action URL starting with http opens in a new tab; anything else is a path of the site. */
export function isExternalAction(actionUrl: string): boolean {
  return /^https?:\/\//i.test(actionUrl);
}

/** Only http(s) links and site paths are kept as action URLs (never javascript: or data:). */
export function safeActionUrl(actionUrl: string | undefined): string | undefined {
  if (!actionUrl) return undefined;
  if (isExternalAction(actionUrl)) return actionUrl;
  return actionUrl.startsWith('/') && !actionUrl.startsWith('//') ? actionUrl : undefined;
}

export const WELCOME_NOTIFICATION = {
  title: 'Welcome to Creator News Hub!',
  message: 'Your account is ready. Save articles, like stories and tune your feed in Preferences on your dashboard: For You learns from what you read.',
  type: 'success',
  kind: 'welcome',
  // The dashboard's Preferences section (its Overview tab, scrolled to by the hash).
  actionUrl: '/dashboard#preferences',
} as const;

/** At most one "new in your categories" notification per reader in this many minutes. */
export const NEW_ARTICLES_WINDOW_MINUTES = 60;

export function newArticlesNotification(categoryNames: readonly string[], count: number) {
  const where = categoryNames.length === 1 ? categoryNames[0] : `${categoryNames.slice(0, -1).join(', ')} and ${categoryNames.at(-1)}`;
  return {
    title: `New in ${where}`,
    message: `${count} new article${count === 1 ? '' : 's'} published in your categories.`,
    type: 'info',
    kind: 'categories',
    actionUrl: '/?tab=feed',
  } as const;
}

/** Opens the story's own page (from the center, and from the push message that mirrors it). */
export function breakingNotification(title: string, articleId: string) {
  return { title: 'Breaking', message: title, type: 'warning', kind: 'breaking', actionUrl: storyPath({ id: articleId, title }) } as const;
}

/**
 * Newest first by the server's timestamp (createdAt), ties by id. A notification's id is time-ordered by
 * the moment it is about (an article's publication, the start of a new-articles window), which can be
 * earlier than when it was made: the list is ordered by when it was made, as its time label reads.
 */
export function newestFirst<T extends { id: string; createdAt: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

const AGE_UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['minute', 60_000],
  ['hour', 3_600_000],
  ['day', 86_400_000],
  ['week', 7 * 86_400_000],
];
const ageFormat = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/** A notification's age: Just now under a minute, then 5 minutes ago, 2 hours ago, 3 days ago, 2 weeks ago; from four weeks, its date. */
export function notificationAge(iso: string, now = new Date()): string {
  const then = new Date(iso);
  const ms = Math.max(0, now.getTime() - then.getTime());
  if (ms < 60_000) return 'Just now';
  if (ms >= 4 * 7 * 86_400_000) return then.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
  const [unit, size] = [...AGE_UNITS].reverse().find(([, unitMs]) => ms >= unitMs) ?? AGE_UNITS[0]!;
  return ageFormat.format(-Math.floor(ms / size), unit);
}
