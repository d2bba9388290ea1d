/**
 * Related articles (reader spec section 9): up to 4 — up to 3 from the same category, then up to 2
 * sharing a tag, then filler from other categories; newest first within each group, never the article itself.
 */
export const RELATED_LIMIT = 4;
export const SAME_CATEGORY_MAX = 3;
export const SHARED_TAG_MAX = 2;
/** How many candidates each group is drawn from. */
export const SAME_CATEGORY_CANDIDATES = 6;
export const RECENT_CANDIDATES = 50;

interface Relatable {
  id: string;
  category: string;
  tags?: string[] | undefined;
}

export function pickRelated<T extends Relatable>(target: Relatable, sameCategory: readonly T[], recent: readonly T[]): T[] {
  const chosen: T[] = [];
  const taken = new Set<string>([target.id]);
  const take = (candidates: readonly T[], max: number) => {
    for (const candidate of candidates) {
      if (chosen.length >= RELATED_LIMIT || max <= 0) return;
      if (taken.has(candidate.id)) continue;
      chosen.push(candidate);
      taken.add(candidate.id);
      max -= 1;
    }
  };
  take(sameCategory.filter((article) => article.category === target.category), SAME_CATEGORY_MAX);
  const tags = new Set((target.tags ?? []).map((tag) => tag.toLowerCase()));
  take(recent.filter((article) => (article.tags ?? []).some((tag) => tags.has(tag.toLowerCase()))), SHARED_TAG_MAX);
  take(recent.filter((article) => article.category !== target.category), RELATED_LIMIT);
  return chosen;
}
