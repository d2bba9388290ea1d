import { PUBLIC_CATEGORY_SLUGS } from '#domain/content/categories.ts';

/**
 * Every address a reader or an admin can open (reader spec section 2, console spec "Route table"), in one
 * place for the tests that walk them all: the route smoke (each route renders without an error) and the
 * titles it records (each page names itself).
 */

/** The reader site's pages a guest can open (/payment-success needs a real order: the smoke adds it). */
export const PUBLIC_ROUTES = [
  '/',
  '/?tab=feed',
  '/auth',
  '/categories',
  ...PUBLIC_CATEGORY_SLUGS.map((slug) => `/categories/${slug}`),
  // A topic's page (frontend/src/features/reader/pages/TopicPage.tsx): the fixture feeds name YouTube.
  '/topic/youtube',
  '/about',
  '/mission',
  '/contact',
  '/privacy',
  '/terms',
  '/donate',
  '/newsletter',
  '/unsubscribe',
  '/no-such-page',
];

/**
 * A mail link's page opened with a made-up token: it shows its own refusal, after the API's 400 (which the
 * browser logs as a console error, so the route smoke leaves it out; walk-round-two opens it for its title).
 */
export const REFUSED_LINK_ROUTES = ['/newsletter/confirm?token=abc'];

/** Pages for a signed-in reader; a guest is sent to /auth. */
export const SIGNED_IN_ONLY_ROUTES = ['/dashboard', '/user-dashboard', '/bookmarks'];

export const CONSOLE_ROUTES = [
  '/admin',
  '/admin/dashboard',
  '/admin/content/articles',
  '/admin/content/articles/new',
  '/admin/content/review',
  '/admin/content/topics',
  '/admin/content/summary-fix',
  '/admin/content/rss',
  '/admin/content/lifecycle',
  '/admin/content/lifecycle/manual',
  '/admin/analytics',
  '/admin/analytics/revenue',
  '/admin/users',
  '/admin/system',
  '/admin/system/pipeline',
  '/admin/system/operations',
  '/admin/system/monitoring',
  '/admin/system/security',
  '/admin/system/settings',
  '/admin/system/config',
  '/admin/system/newsletter',
  '/admin/system/recovery',
  '/admin/system/emergency-recovery',
  '/admin/system/diagnostics',
  '/admin/no-such-screen',
];
