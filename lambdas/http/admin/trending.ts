import * as z from '#domain/common/validation.ts';
import { isTrendableTerm, TRENDING_MIN_SEARCHERS, TRENDING_WINDOW_DAYS } from '#domain/content/trending.ts';
import { recentKeywords, type KeywordSource } from '#store/keywords.ts';
import { signedInCaller } from '#platform/auth.ts';
import { route } from '#platform/router.ts';
import { setTrendingHidden } from '../../services/trending-moderation.ts';

/**
 * Trending moderation: the keywords of the last 7 days, each with whether the public list
 * may show it (enough readers, a plain phrase, not hidden), and a moderator's hide / show.
 */
const KEYWORDS_LISTED = 50;

/** Whether the public list may show a keyword, and if not, why. */
export type TrendingState = 'eligible' | 'hidden' | 'filtered' | 'too-few-readers';

export const listTrendingKeywords = route({}, async () => {
  const since = new Date(Date.now() - TRENDING_WINDOW_DAYS * 86_400_000);
  const [searched, content] = await Promise.all([recentKeywords('search-based', since, KEYWORDS_LISTED), recentKeywords('content-based', since, KEYWORDS_LISTED)]);
  const row = (item: (typeof searched)[number]) => {
    const count = item.searchCount ?? 0;
    const shown: TrendingState = item.hiddenAt ? 'hidden' : !isTrendableTerm(item.keyword) ? 'filtered' : item.source === 'search-based' && count < TRENDING_MIN_SEARCHERS ? 'too-few-readers' : 'eligible';
    return { keyword: item.keyword, source: item.source, searchCount: count, lastSearchedAt: item.lastSearchedAt, state: shown, hiddenAt: item.hiddenAt ?? null, hiddenBy: item.hiddenBy ?? null };
  };
  return { minSearchers: TRENDING_MIN_SEARCHERS, items: [...searched, ...content].map(row) };
});

const visibilityBody = z.strictObject({
    keyword: z.string().check(z.minLength(1), z.maxLength(200)),
    source: z._default(z.enum(['search-based', 'content-based']), 'search-based'),
    hidden: z.boolean(),
  });

export const setTrendingVisibility = route({ body: visibilityBody }, async ({ body, caller }) =>
  setTrendingHidden(signedInCaller(caller), body.source as KeywordSource, body.keyword, body.hidden),
);

export const trendingRoutes = {
  'GET /admin/trending-keywords': listTrendingKeywords,
  'PUT /admin/trending-keywords/visibility': setTrendingVisibility,
};
