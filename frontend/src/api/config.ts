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

/**
 * The address of an API path. The API may live under a path of the site's own origin (on AWS, CloudFront
 * serves it at /api), so paths are appended to the configured base, never resolved against its origin.
 */
export function apiAddress(apiUrl: string, path: string): URL {
  return new URL(`${apiUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`);
}
