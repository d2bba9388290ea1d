/** The seven fixed categories (reader spec section 3), in display order. */
export const CATEGORY_SLUGS = [
  'creator-economy',
  'brand-partnerships',
  'platform-updates',
  'industry-insights',
  'regulations-ethics',
  'tools-technology',
  'general',
] as const;

export type CategorySlug = (typeof CATEGORY_SLUGS)[number];

export const CATEGORY_NAMES: Record<CategorySlug, string> = {
  'creator-economy': 'Creator Economy',
  'brand-partnerships': 'Brand Partnerships',
  'platform-updates': 'Platform Updates',
  'industry-insights': 'Industry Insights',
  'regulations-ethics': 'Regulations & Ethics',
  'tools-technology': 'Tools & Technology',
  general: 'General',
};

export const CATEGORY_DESCRIPTIONS: Record<CategorySlug, string> = {
  'creator-economy': 'How creators earn, grow and build businesses, in India and beyond.',
  'brand-partnerships': 'Brand deals, influencer campaigns and the agencies behind them.',
  'platform-updates': 'What Instagram, YouTube, Snapchat, LinkedIn and others change for creators.',
  'industry-insights': 'Reports, data and trends in influencer marketing.',
  'regulations-ethics': 'Disclosure rules, ASCI and SEBI guidance, and the ethics of influence.',
  'tools-technology': 'Tools and technology creators use.',
  general: 'Other news for creators and marketers.',
};

/** Slugs of the older app, still found in feeds and links. */
export const LEGACY_SLUGS: Record<string, CategorySlug> = {
  campaigns: 'brand-partnerships',
  brands: 'brand-partnerships',
  platforms: 'platform-updates',
  trends: 'industry-insights',
  regulations: 'regulations-ethics',
};

/**
 * The categories readers see, in display order: every one of them (creator tools are part of the beat). The
 * header's menu, the filter bar, category pages, feeds, the sitemap and the newsletter topics all read this list.
 */
export const PUBLIC_CATEGORY_SLUGS: readonly CategorySlug[] = CATEGORY_SLUGS;

export function isCategorySlug(value: unknown): value is CategorySlug {
  return typeof value === 'string' && (CATEGORY_SLUGS as readonly string[]).includes(value);
}

/** Missing or non-string category becomes general; legacy slugs map to their successors. */
export function normaliseCategory(value: unknown): CategorySlug {
  if (typeof value !== 'string') return 'general';
  const slug = value.trim().toLowerCase();
  if (isCategorySlug(slug)) return slug;
  return LEGACY_SLUGS[slug] ?? 'general';
}

/** A legacy slug's successor, or null when the word is not one. */
export function legacyCategory(value: string): CategorySlug | null {
  return LEGACY_SLUGS[value.trim().toLowerCase()] ?? null;
}

/** A category's label for people (Platform Updates for platform-updates; a legacy slug its successor's); anything else as given. */
export function categoryLabel(value: string): string {
  if (isCategorySlug(value)) return CATEGORY_NAMES[value];
  const successor = legacyCategory(value);
  return successor ? CATEGORY_NAMES[successor] : value;
}
