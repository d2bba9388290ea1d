/**
 * The badges a card shows (reader spec sections 4 and 9), computed from the card's own fields at the
 * moment it is shown; the server and the site share these rules.
 */
const HOUR_MS = 3_600_000;

/**
 * An older story's date, in India's time zone: the same on the server that writes a page and in any reader's
 * browser (a zone of its own would change the date near midnight, and the hydrated page would not match). One
 * formatter: toLocaleDateString builds a new one per call, slow on a phone.
 */
const STORY_DATE = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

/** Just now, h ago, d ago, w ago, then a date. */
export function relativeTime(iso: string, now = new Date()): string {
  const then = new Date(iso);
  const hours = (now.getTime() - then.getTime()) / HOUR_MS;
  if (hours < 1) return 'Just now';
  if (hours < 24) return `${Math.floor(hours)}h ago`;
  const days = hours / 24;
  if (days < 7) return `${Math.floor(days)}d ago`;
  if (days < 28) return `${Math.floor(days / 7)}w ago`;
  return STORY_DATE.format(then);
}

export type Freshness = 'just-now' | 'hourly' | 'daily';

/** Under 1 h Just now; under 24 h hourly; under 7 days daily; older, no badge. */
export function freshness(publishedAt: string, now = new Date()): Freshness | null {
  const hours = (now.getTime() - Date.parse(publishedAt)) / HOUR_MS;
  if (hours < 1) return 'just-now';
  if (hours < 24) return 'hourly';
  if (hours < 24 * 7) return 'daily';
  return null;
}

/** Trending: up to 2 h old with more than 20 views, up to 12 h with more than 50, up to 24 h with more than 100. */
export const TRENDING_RULES = [
  { maxHours: 2, minViews: 21 },
  { maxHours: 12, minViews: 51 },
  { maxHours: 24, minViews: 101 },
] as const;

export function isTrending(publishedAt: string, views: number, now = new Date()): boolean {
  const hours = (now.getTime() - Date.parse(publishedAt)) / HOUR_MS;
  return TRENDING_RULES.some((rule) => hours <= rule.maxHours && views >= rule.minViews);
}

/** Views per hour since publication; shown above 5. */
export const VELOCITY_SHOWN_ABOVE = 5;

export function viewsPerHour(publishedAt: string, views: number, now = new Date()): number {
  const hours = Math.max(1, (now.getTime() - Date.parse(publishedAt)) / HOUR_MS);
  return Math.round((views / hours) * 10) / 10;
}

export const BREAKING_KEYWORDS = ['breaking', 'just in', 'urgent', 'emergency', 'critical', 'developing', 'live', 'alert', 'exclusive'];

export type Breaking = 'urgent' | 'live' | 'breaking';

/**
 * Breaking: under 2 h old and either a breaking-style keyword in the text, or more than 100 views
 * under 1 h. Urgent if the text says emergency or critical; live if developing or live.
 */
export function breaking(text: string, publishedAt: string, views: number, now = new Date()): Breaking | null {
  const hours = (now.getTime() - Date.parse(publishedAt)) / HOUR_MS;
  if (hours >= 2) return null;
  const lowered = ` ${text.toLowerCase().replace(/[^a-z0-9]+/g, ' ')} `;
  const says = (word: string) => lowered.includes(` ${word} `);
  if (!BREAKING_KEYWORDS.some(says) && !(views > 100 && hours < 1)) return null;
  if (says('emergency') || says('critical')) return 'urgent';
  if (says('developing') || says('live')) return 'live';
  return 'breaking';
}

/** India relevance counts as relevant at this score (reader spec section 9). */
export const INDIA_RELEVANT_AT = 2;

/** A city's name, India Focus for an Indian source or a score of 4+, else India Related; none below relevance. */
export function indiaBadge(score: number, cities: readonly string[], indianSource = false): string | null {
  if (score < INDIA_RELEVANT_AT) return null;
  const city = cities[0];
  if (city) return city.replace(/\b\w/g, (c) => c.toUpperCase());
  return indianSource || score >= 4 ? 'India Focus' : 'India Related';
}

/** Freshness worth a badge: the footer already says how old every story is, so only the newest stand out. */
export const NEW_BADGE_HOURS = 6;

export type CardBadgeKind = 'breaking' | 'trending' | 'fresh' | 'featured';

/**
 * The badges a card shows besides its category and India badge: each marks what sets a story apart
 * (breaking, trending, under 6 h old, featured), so most cards carry none of them. The quality level is
 * in the card's details: on a curated list nearly every story rates high, and a badge on every card says
 * nothing.
 */
export function cardBadges(article: { title: string; summary: string; publishedAt: string; viewsCount: number; isFeatured: boolean }, now = new Date()): Array<{ kind: CardBadgeKind; label: string; variant?: string }> {
  const badges: Array<{ kind: CardBadgeKind; label: string; variant?: string }> = [];
  const breakingKind = breaking(`${article.title} ${article.summary}`, article.publishedAt, article.viewsCount, now);
  if (breakingKind) badges.push({ kind: 'breaking', label: { urgent: 'Urgent', live: 'Live', breaking: 'Breaking' }[breakingKind], variant: breakingKind });
  if (isTrending(article.publishedAt, article.viewsCount, now)) badges.push({ kind: 'trending', label: 'Trending' });
  const hours = (now.getTime() - Date.parse(article.publishedAt)) / HOUR_MS;
  if (hours >= 0 && hours < NEW_BADGE_HOURS) badges.push({ kind: 'fresh', label: hours < 1 ? 'Just now' : 'New' });
  if (article.isFeatured) badges.push({ kind: 'featured', label: 'Featured' });
  return badges;
}
