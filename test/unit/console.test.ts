import { describe, expect, it } from 'vitest';
import { confidenceBucket } from '../../lambdas/domain/article-status.ts';
import { indiaDayStart } from '../../lambdas/domain/dates.ts';
import { alertRatio, mlStatusOf, rate, systemHealth } from '../../lambdas/domain/system-health.ts';
import { afterSignIn } from '../../frontend/src/account/AuthPage.tsx';
import { areaTitle, breadcrumbs, canOpen, SCREENS, screenOf, sidebarCookie, sidebarOpenFrom } from '../../frontend/src/admin/shell/navigation.ts';

describe('system health (admin spec section 4)', () => {
  const healthy = { drafts: 10, alerts24h: 0, feedChecks24h: 100, published24h: 25, mlStatus: 'ready' as const };

  it('is healthy at 95 when no rule trips', () => {
    expect(systemHealth(healthy)).toEqual({ status: 'healthy', score: 95, alertRatio: 0, reasons: [] });
  });

  it('is critical at 25 for over 1,000 drafts, an alert ratio over 20 %, a missing or stalled classifier', () => {
    expect(systemHealth({ ...healthy, drafts: 1001 }).status).toBe('critical');
    expect(systemHealth({ ...healthy, drafts: 1000 }).status).toBe('degraded');
    expect(systemHealth({ ...healthy, alerts24h: 21 }).status).toBe('critical');
    expect(systemHealth({ ...healthy, alerts24h: 20 }).status).toBe('degraded');
    expect(systemHealth({ ...healthy, mlStatus: 'missing' })).toMatchObject({ status: 'critical', score: 25, reasons: ['No classifier run recorded'] });
    expect(systemHealth({ ...healthy, mlStatus: 'stalled' }).status).toBe('critical');
  });

  it('is degraded at 65 for over 500 drafts, an alert ratio over 10 %, under 10 published in 24 h', () => {
    expect(systemHealth({ ...healthy, drafts: 501 })).toMatchObject({ status: 'degraded', score: 65 });
    expect(systemHealth({ ...healthy, drafts: 500 }).status).toBe('healthy');
    expect(systemHealth({ ...healthy, alerts24h: 11 }).status).toBe('degraded');
    expect(systemHealth({ ...healthy, alerts24h: 10 }).status).toBe('healthy');
    expect(systemHealth({ ...healthy, published24h: 9 }).reasons).toEqual(['Only 9 published in 24 hours (under 10)']);
    expect(systemHealth({ ...healthy, published24h: 10 }).status).toBe('healthy');
  });

  it('reads alerts without any feed check as a full alert ratio, and none as zero', () => {
    expect(alertRatio(0, 0)).toBe(0);
    expect(alertRatio(3, 0)).toBe(1);
    expect(alertRatio(3, 30)).toBeCloseTo(0.1);
  });

  it('calls the classifier stalled only when drafts wait and no ingest finished for over 2 hours', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(mlStatusOf({ lastIngestEndedAt: null, unclassifiedDrafts: 0, now })).toBe('missing');
    expect(mlStatusOf({ lastIngestEndedAt: '2026-11-23T09:00:00Z', unclassifiedDrafts: 5, now })).toBe('stalled');
    expect(mlStatusOf({ lastIngestEndedAt: '2026-11-23T09:00:00Z', unclassifiedDrafts: 0, now })).toBe('ready');
    expect(mlStatusOf({ lastIngestEndedAt: '2026-11-23T10:30:00Z', unclassifiedDrafts: 5, now })).toBe('ready');
  });

  it('gives no rate when there is nothing to divide by', () => {
    expect(rate(3, 0)).toBeNull();
    expect(rate(1, 4)).toBe(0.25);
  });
});

describe('ML confidence buckets (spec: high 80 %+, medium 50-79 %, low under 50 %, 0 failed)', () => {
  it('buckets scores on the spec edges', () => {
    expect([0.8, 0.79, 0.5, 0.49, 0.01, 0].map(confidenceBucket)).toEqual(['high', 'medium', 'medium', 'low', 'low', 'failed']);
  });
});

describe('India day', () => {
  it('starts at midnight IST (18:30 UTC the day before)', () => {
    expect(indiaDayStart(new Date('2026-11-23T10:00:00Z')).toISOString()).toBe('2026-11-22T18:30:00.000Z');
    expect(indiaDayStart(new Date('2026-11-23T19:00:00Z')).toISOString()).toBe('2026-11-23T18:30:00.000Z');
  });
});

describe('console shell', () => {
  it('builds breadcrumbs from the path with friendly titles', () => {
    expect(breadcrumbs('/admin')).toEqual([{ text: 'Home', href: '/admin' }, { text: 'Dashboard Overview', href: '/admin' }]);
    expect(breadcrumbs('/admin/content/articles').map((crumb) => crumb.text)).toEqual(['Home', 'Content', 'Article Management']);
    expect(breadcrumbs('/admin/content/rss').at(-1)).toEqual({ text: 'RSS Feed Management', href: '/admin/content/rss' });
    expect(breadcrumbs('/admin/content/lifecycle/manual').map((crumb) => crumb.text)).toEqual(['Home', 'Content', 'Lifecycle Management', 'Manual Controls']);
    expect(breadcrumbs('/admin/system/pipeline').map((crumb) => crumb.text)).toEqual(['Home', 'System', 'Pipeline Control']);
  });

  it('titles the header by area', () => {
    expect(areaTitle('/admin')).toBe('Dashboard');
    expect(areaTitle('/admin/content/review')).toBe('Content Management');
    expect(areaTitle('/admin/system/pipeline')).toBe('System Administration');
    expect(areaTitle('/admin/users')).toBe('User Management');
  });

  it('finds the screen of a path, nested paths included, and none for an unknown one', () => {
    expect(screenOf('/admin/dashboard')).toBe(SCREENS.dashboard);
    expect(screenOf('/admin/content/articles/new')).toBe(SCREENS.articles);
    expect(screenOf('/admin/content/lifecycle/manual')).toBe(SCREENS.manual);
    expect(screenOf('/admin/system/pipeline/executions/ingest/abc')).toBe(SCREENS.pipeline);
    expect(screenOf('/admin/nowhere')).toBeUndefined();
  });

  it('lets a moderator open the review queue and article list only', () => {
    const open = Object.entries(SCREENS).filter(([, screen]) => canOpen('moderator', screen)).map(([key]) => key);
    expect(open.sort()).toEqual(['articles', 'review']);
    expect(Object.values(SCREENS).every((screen) => canOpen('admin', screen))).toBe(true);
  });

  it('keeps the sidebar state in a cookie for 7 days', () => {
    expect(sidebarCookie(false)).toContain('Max-Age=604800');
    expect(sidebarOpenFrom(`other=1; ${sidebarCookie(false).split(';')[0]}`)).toBe(false);
    expect(sidebarOpenFrom(sidebarCookie(true).split(';')[0] as string)).toBe(true);
    expect(sidebarOpenFrom('')).toBe(true);
  });

  it('returns after sign-in only to a path on this site', () => {
    expect(afterSignIn('/admin/content/review')).toBe('/admin/content/review');
    expect(afterSignIn(null)).toBe('/');
    expect(afterSignIn('//evil.example/admin')).toBe('/');
    expect(afterSignIn('/\\evil.example')).toBe('/');
    expect(afterSignIn('https://evil.example')).toBe('/');
  });
});
