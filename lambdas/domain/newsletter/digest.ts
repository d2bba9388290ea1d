/**
 * Newsletter digests (issue: daily at 07:00 India time with the top 5 stories of the last day in the
 * subscriber's topics, weekly on Monday, monthly on the 1st). Pure rules: which issue a run makes, which
 * stories a topic set gets.
 */
import type { CategorySlug } from '../content/categories.ts';
import { DAY_MS, indiaDayOf, indiaMonthOf, indiaWeekOf } from '../common/india-time.ts';
import { TOPICS, type Frequency, type Topic } from './newsletter.ts';

export const DIGEST_PERIOD_DAYS: Record<Frequency, number> = { daily: 1, weekly: 7, monthly: 30 };
export const DIGEST_STORIES: Record<Frequency, number> = { daily: 5, weekly: 10, monthly: 10 };
/** Recipients per send step: one Lambda call sends this many mails. */
export const DIGEST_BATCH_SIZE = 50;

/**
 * The issue a run at `now` makes: one per India-time day, week (from Monday) or month. A retried or re-run
 * execution makes the same issue, and a subscriber gets each issue once.
 */
export function digestIssue(frequency: Frequency, now: Date): { issueId: string; since: string; until: string } {
  const key = frequency === 'weekly' ? indiaWeekOf(now) : frequency === 'monthly' ? indiaMonthOf(now) : indiaDayOf(now);
  return { issueId: `${frequency}-${key}`, since: new Date(now.getTime() - DIGEST_PERIOD_DAYS[frequency] * DAY_MS).toISOString(), until: now.toISOString() };
}

/** What each newsletter topic reads from the articles: their categories, or words in the title. */
const TOPIC_RULES: Record<Topic, { categories?: CategorySlug[]; words?: string[] }> = {
  'influencer-marketing': { words: ['influencer', 'influencers', 'influencer marketing'] },
  'creator-economy': { categories: ['creator-economy'] },
  'brand-partnerships': { categories: ['brand-partnerships'] },
  'platform-updates': { categories: ['platform-updates'] },
  'industry-reports': { categories: ['industry-insights'], words: ['report', 'survey', 'study'] },
  'tools-technology': { categories: ['tools-technology'], words: ['tool', 'tools', 'ai', 'app'] },
  'success-stories': { words: ['success', 'milestone', 'record', 'crosses', 'million'] },
  'trends-analytics': { words: ['trend', 'trends', 'data', 'analytics', 'growth'] },
};

export interface DigestArticle {
  id: string;
  title: string;
  summary: string;
  category: string;
  sourceName: string;
  sourceUrl: string;
  publishedAt: string;
  viewsCount: number;
  relevanceScore: number;
}

function matches(article: DigestArticle, topic: Topic): boolean {
  const rule = TOPIC_RULES[topic];
  if (rule.categories?.includes(article.category as CategorySlug)) return true;
  const words = ` ${article.title.toLowerCase().replace(/[^a-z0-9 ]+/g, ' ')} `;
  return (rule.words ?? []).some((word) => words.includes(` ${word} `));
}

/** A topic set as one key (no topics: everything), so stories are chosen once per set, not per subscriber. */
export const topicSetKey = (topics: readonly string[]) => [...topics].sort().join('+') || 'all';

/** The topics a key stands for, as the reader chose them (labels), for the digest's "Your topics" line. */
export const topicSetLabels = (key: string): string[] =>
  key === 'all' ? [] : key.split('+').map((value) => TOPICS.find((topic) => topic.value === value)?.label ?? value);

/** The issue's stories for a topic set: published in the period, most read first, then most relevant. */
export function pickStories(articles: readonly DigestArticle[], topics: readonly Topic[], frequency: Frequency): DigestArticle[] {
  return articles
    .filter((article) => !topics.length || topics.some((topic) => matches(article, topic)))
    .sort((a, b) => b.viewsCount - a.viewsCount || b.relevanceScore - a.relevanceScore || (a.publishedAt < b.publishedAt ? 1 : -1))
    .slice(0, DIGEST_STORIES[frequency]);
}
