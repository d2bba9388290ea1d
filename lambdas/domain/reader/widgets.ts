/**
 * The home page's side widgets (reader spec sections 2, 3, 9), every figure counted from the published
 * articles and the trending keywords; nothing is sampled or invented. A figure without data to compare
 * against has no change (null), shown as such.
 */
import { breaking } from '../content/badges.ts';
import { CATEGORY_NAMES, PUBLIC_CATEGORY_SLUGS, type CategorySlug } from '../content/categories.ts';
import type { PublicArticle } from './public-articles.ts';
import type { KeywordCount } from '../content/trending.ts';

export const PLATFORM_UPDATES_ITEMS = 5;
export const INDUSTRY_NEWS_ITEMS = 6;
export const DIGEST_ITEMS = 5;
export const TRENDING_TOPICS_ITEMS = 8;
/** News digest: the first item is marked Breaking above this relevance. */
export const DIGEST_BREAKING_RELEVANCE = 70;

const DAY_MS = 86_400_000;

export interface WidgetArticle extends PublicArticle {
  market: 'indian' | 'global';
}

export type Impact = 'High' | 'Medium' | 'Low';

/** First 2 High, next 2 Medium, the rest Low. */
export function impactAt(position: number): Impact {
  return position < 2 ? 'High' : position < 4 ? 'Medium' : 'Low';
}

/** Change from the previous figure in percent, one decimal; null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

function trendOf(change: number | null): 'up' | 'down' | 'flat' {
  return change === null || change === 0 ? 'flat' : change > 0 ? 'up' : 'down';
}

const average = (values: number[]) => (values.length ? Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 10) / 10 : null);

/** Articles published in [now - to days, now - from days). */
function window<T extends { publishedAt: string }>(articles: readonly T[], now: Date, fromDays: number, toDays: number): T[] {
  const end = now.getTime() - fromDays * DAY_MS;
  const start = now.getTime() - toDays * DAY_MS;
  return articles.filter((article) => {
    const at = Date.parse(article.publishedAt);
    return at >= start && at < end;
  });
}

function link(article: PublicArticle) {
  return { id: article.id, title: article.title, sourceName: article.sourceName, sourceUrl: article.sourceUrl, publishedAt: article.publishedAt };
}

/**
 * @param articles every public article, newest first
 * @param keywords the merged trending keywords
 * @param matchingArticles how many public articles a keyword finds (the search index)
 */
export function computeWidgets(articles: readonly WidgetArticle[], keywords: readonly KeywordCount[], matchingArticles: (keyword: string) => number, now = new Date()) {
  const thisWeek = window(articles, now, 0, 7);
  const lastWeek = window(articles, now, 7, 14);
  const indianShare = (list: WidgetArticle[]) => (list.length ? Math.round((list.filter((a) => a.market === 'indian').length / list.length) * 1000) / 10 : null);
  const quality = (list: WidgetArticle[]) => average(list.flatMap((a) => (a.qualityScore === null ? [] : [a.qualityScore])));
  const publishers = (list: WidgetArticle[]) => new Set(list.map((a) => a.sourceName)).size;
  const thisShare = indianShare(thisWeek);
  const lastShare = indianShare(lastWeek);
  const thisQuality = quality(thisWeek);
  const lastQuality = quality(lastWeek);

  const creatorEconomyPulse = [
    { id: 'stories', label: 'Stories this week', value: thisWeek.length, unit: 'count', change: percentChange(thisWeek.length, lastWeek.length), description: 'Published in the last 7 days, change against the 7 days before' },
    { id: 'india-share', label: 'India-focused share', value: thisShare, unit: 'percent', change: thisShare === null || lastShare === null ? null : Math.round((thisShare - lastShare) * 10) / 10, description: 'Share of this week\u2019s stories relevant to India, change in points' },
    { id: 'quality', label: 'Average quality', value: thisQuality, unit: 'score', change: thisQuality === null || lastQuality === null ? null : Math.round((thisQuality - lastQuality) * 10) / 10, description: 'Mean quality score of this week\u2019s stories, change in points' },
    { id: 'publishers', label: 'Publishers this week', value: publishers(thisWeek), unit: 'count', change: percentChange(publishers(thisWeek), publishers(lastWeek)), description: 'Distinct sources with a story in the last 7 days' },
  ];

  const marketInsights = PUBLIC_CATEGORY_SLUGS.map((category: CategorySlug) => {
    const current = thisWeek.filter((a) => a.category === category);
    const previous = lastWeek.filter((a) => a.category === category);
    const change = percentChange(current.length, previous.length);
    return {
      id: category,
      category,
      metric: CATEGORY_NAMES[category],
      value: current.length,
      change,
      trend: trendOf(change),
      timeframe: '7 days',
      averageRelevance: average(current.map((a) => a.relevanceScore)),
    };
  });

  const platformUpdates = articles
    .filter((a) => a.category === 'platform-updates')
    .slice(0, PLATFORM_UPDATES_ITEMS)
    .map((article, position) => ({ ...link(article), impact: impactAt(position) }));

  const industryNews = articles
    .filter((a) => a.category === 'industry-insights')
    .slice(0, INDUSTRY_NEWS_ITEMS)
    .map((article) => ({
      ...link(article),
      summary: article.summary,
      readTimeMinutes: article.readTimeMinutes,
      urgent: breaking(`${article.title} ${article.summary}`, article.publishedAt, article.viewsCount, now) === 'urgent',
    }));

  const recent = window(articles, now, 0, 1);
  const digestPool = recent.length >= DIGEST_ITEMS ? recent : thisWeek.length ? thisWeek : articles.slice(0, 50);
  const newsDigest = [...digestPool]
    .sort((a, b) => (b.qualityScore ?? 0) - (a.qualityScore ?? 0) || b.relevanceScore - a.relevanceScore)
    .slice(0, DIGEST_ITEMS)
    .map((article, position) => ({ ...link(article), relevanceScore: article.relevanceScore, breaking: position === 0 && article.relevanceScore > DIGEST_BREAKING_RELEVANCE }));

  const trendingTopics = keywords.slice(0, TRENDING_TOPICS_ITEMS).map((keyword) => ({
    id: keyword.keyword,
    topic: keyword.keyword,
    hashtag: `#${keyword.keyword.replace(/[^\p{L}\p{N}]+/gu, '')}`,
    source: keyword.source,
    searchCount: keyword.searchCount,
    articles: matchingArticles(keyword.keyword),
  }));

  return {
    generatedAt: now.toISOString(),
    totalArticles: articles.length,
    creatorEconomyPulse,
    marketInsights,
    platformUpdates,
    industryNews,
    newsDigest,
    trendingTopics,
  };
}

export type Widgets = ReturnType<typeof computeWidgets>;

/** Top tags shown on a category page's hero. */
export const CATEGORY_KEYWORDS = 5;

/** A category page's stat tiles: articles, their views, this week's change against last week, top tags. */
export function categoryStats(articles: readonly PublicArticle[], now = new Date()) {
  const tagCounts = new Map<string, number>();
  for (const article of articles) for (const tag of article.tags) tagCounts.set(tag, (tagCounts.get(tag) ?? 0) + 1);
  const thisWeek = window(articles, now, 0, 7).length;
  return {
    articleCount: articles.length,
    viewsCount: articles.reduce((sum, article) => sum + article.viewsCount, 0),
    thisWeek,
    weeklyChange: percentChange(thisWeek, window(articles, now, 7, 14).length),
    keywords: [...tagCounts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, CATEGORY_KEYWORDS).map(([tag]) => tag),
  };
}
