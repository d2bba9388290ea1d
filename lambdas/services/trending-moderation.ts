import type { Caller } from '#domain/common/caller.ts';
import { normaliseSearchTerm } from '#domain/content/trending.ts';
import { recordAudit } from '#store/audit.ts';
import { setKeywordHidden, type KeywordSource } from '#store/keywords.ts';
import { notFound } from '#core/errors.ts';

/** A moderator hides a trending keyword from the public list, or shows it again; audited. */
export async function setTrendingHidden(who: Caller, source: KeywordSource, typed: string, hidden: boolean) {
  const keyword = normaliseSearchTerm(typed) ?? typed;
  const updated = await setKeywordHidden(source, keyword, hidden ? (who.email ?? who.userId) : null);
  if (!updated) throw notFound(`No trending keyword "${keyword}"`);
  await recordAudit(who, { action: hidden ? 'trending.hide' : 'trending.show', target: `keyword:${source}:${keyword}`, before: { hidden: !hidden }, after: { hidden } });
  return { keyword, source, hidden: Boolean(updated.hiddenAt) };
}
