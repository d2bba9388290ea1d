import type { SiteConfig } from '#stack/site-config.ts';

export type { SiteConfig };

let loaded: Promise<SiteConfig> | undefined;

/**
 * The deployment's settings. index.html preloads /config.json (it is served `no-cache`, so the browser
 * revalidates it on every load), and this request takes that preload rather than waiting for the script
 * to start a second round trip before the first API call: so it keeps the default cache mode.
 */
export function siteConfig(): Promise<SiteConfig> {
  loaded ??= fetch('/config.json').then((response) => {
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
