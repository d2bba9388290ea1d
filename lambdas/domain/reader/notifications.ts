/** Notification rules and texts (reader spec sections 3, 4, 9). */
export const NOTIFICATION_PAGE_SIZE = 20;

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
  message: 'Your account is ready. Save articles, like stories and tune your feed in Settings: For You learns from what you read.',
  type: 'success',
  actionUrl: '/dashboard',
} as const;

/** At most one "new in your categories" notification per reader in this many minutes. */
export const NEW_ARTICLES_WINDOW_MINUTES = 60;

export function newArticlesNotification(categoryNames: readonly string[], count: number) {
  const where = categoryNames.length === 1 ? categoryNames[0] : `${categoryNames.slice(0, -1).join(', ')} and ${categoryNames.at(-1)}`;
  return {
    title: `New in ${where}`,
    message: `${count} new article${count === 1 ? '' : 's'} published in your categories.`,
    type: 'info',
    actionUrl: '/?tab=feed',
  } as const;
}

export function breakingNotification(title: string, articleId: string) {
  return { title: 'Breaking', message: title, type: 'warning', actionUrl: `/?article=${encodeURIComponent(articleId)}` } as const;
}
