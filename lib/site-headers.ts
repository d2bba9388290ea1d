/**
 * The security headers of the reader site and console, one description for both runtimes: CloudFront's
 * response headers policy (lib/constructs/site.ts) and the local site (lib/local/site.ts) are built from it,
 * and `npm run smoke` checks a running site against it.
 */

/** Origins the page may use besides its own, per directive (Cognito, Razorpay: AWS's or the stand-ins'). */
export interface PageSources {
  connect: string[];
  script: string[];
  frame: string[];
  /** Images besides 'self', https: and data: (locally the fixture feed host, which serves over http). */
  img?: string[];
}

/** Razorpay's checkout: its script, the frame it opens and the calls it makes. */
export const RAZORPAY_SOURCES: PageSources = {
  connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
  script: ['https://checkout.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
};

/**
 * The Content-Security-Policy. `inlineScripts` is for Vite's dev server only (its React refresh preamble is
 * an inline script); the built site, on AWS and locally, runs no inline script.
 */
export function contentSecurityPolicy(sources: PageSources, options: { inlineScripts?: boolean } = {}): string {
  const list = (values: string[]) => (values.length ? ` ${values.join(' ')}` : '');
  return [
    "default-src 'self'",
    `connect-src 'self'${list(sources.connect)}`,
    `img-src 'self' https: data:${list(sources.img ?? [])}`,
    "style-src 'self' 'unsafe-inline'",
    // Cloudscape's global styles carry their font inline, as data: URLs.
    "font-src 'self' data:",
    `script-src 'self'${options.inlineScripts ? " 'unsafe-inline'" : ''}${list(sources.script)}`,
    `frame-src${list(sources.frame)}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * The other headers, as CloudFront's policies send them (HSTS only over HTTPS, where it means something): the site's
 * pages with the CSP above, the API's answers (/api, the crawlers' files, the pictures) without it.
 */
export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const;

export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

