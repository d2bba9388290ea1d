import type { SiteConfig } from '../../../lib/site-config.ts';

export type { SiteConfig };

let loaded: Promise<SiteConfig> | undefined;

export function siteConfig(): Promise<SiteConfig> {
  loaded ??= fetch('/config.json', { cache: 'no-store' }).then((response) => {
    if (!response.ok) throw new Error('Service not found - please try again later');
    return response.json() as Promise<SiteConfig>;
  });
  return loaded;
}
