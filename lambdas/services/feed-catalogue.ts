import { config } from '#core/config.ts';
import fixtures from '../../data/feeds/fixture-sources.json' with { type: 'json' };
import production from '../../data/feeds/production-sources.json' with { type: 'json' };
import type { FeedSourceItem } from '#store/feeds.ts';

type CatalogueEntry = Omit<FeedSourceItem, 'createdAt' | 'updatedAt' | 'nextCheckAt'>;

/** The configured feed list: real publishers in AWS, the fixture feeds on the local feed host. */
export function feedCatalogue(): CatalogueEntry[] {
  if (config.FEED_CATALOGUE === 'production') return production.sources as CatalogueEntry[];
  const base = config.FIXTURE_FEED_BASE_URL;
  if (!base) throw new Error('FEED_CATALOGUE=fixtures needs FIXTURE_FEED_BASE_URL');
  return fixtures.sources.map(({ path, ...source }) => ({ ...source, url: `${base}${path}` }) as CatalogueEntry);
}
