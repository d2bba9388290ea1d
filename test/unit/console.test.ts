import { describe, expect, it } from 'vitest';
import { confidenceBucket } from '#domain/content/article-status.ts';
import { indiaDayStart } from '#domain/common/india-time.ts';
import { countOf } from '#domain/common/plural.ts';
import { ago, alertRatio, mlStatusOf, rate, readerVisibility, systemHealth, visibilityGap, type HealthInputs } from '#domain/operations/system-health.ts';
import { afterSignIn } from '#web/features/account/pages/AuthPage.tsx';
import { areaTitle, breadcrumbs, canOpen, SCREENS, screenOf, sidebarCookie, sidebarOpenFrom } from '#web/features/admin/shell/navigation.ts';

describe('the one health model (dashboard, Operations, stabilization monitor, Recovery)', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const healthy: HealthInputs = {
    now,
    published: 60,
    visibility: { visible: 60, hidden: [], unlisted: 0 },
    drafts: 10,
    unclassifiedDrafts: 2,
    lastIngestEndedAt: '2026-11-23T11:48:00Z',
    published24h: 25,
    rejected24h: 4,
    alerts24h: 0,
    feedChecks24h: 100,
    openHighAlerts: 0,
    functionsInAlarm: [],
    functions: 14,
  };
  const check = (inputs: HealthInputs, id: string) => systemHealth(inputs).checks.find((one) => one.id === id)!;

  it('is healthy when no rule trips, says so in words, and every area agrees', () => {
    const health = systemHealth(healthy);
    expect(health).toMatchObject({ status: 'healthy', reasons: ['All 7 checks pass'], passing: 7, total: 7 });
    expect(Object.values(health.areas).map((area) => area.status)).toEqual(['healthy', 'healthy', 'healthy']);
    expect(check(healthy, 'classifier').reason).toBe('The last ingest finished 12 minutes ago; 2 drafts waiting for it');
    expect(check(healthy, 'functions').reason).toBe('None of the 14 functions is over 5% errors this hour');
  });

  it('content: explains what readers see, why some published articles are not, and what the threshold means', () => {
    const thin = { ...healthy, published: 31, visibility: { visible: 29, hidden: [{ category: 'retired-topic', name: 'retired-topic', count: 2 }], unlisted: 0 } };
    expect(check(thin, 'content')).toMatchObject({
      status: 'warning',
      reason: 'Readers can open 29 of 31 published articles (2 in retired-topic, a category hidden from readers): a thin site, a healthy one shows more than 50',
    });
    expect(check({ ...healthy, visibility: { visible: 51, hidden: [], unlisted: 0 } }, 'content').status).toBe('healthy');
    expect(check({ ...healthy, visibility: { visible: 50, hidden: [], unlisted: 0 } }, 'content').status).toBe('warning');
    expect(check({ ...healthy, visibility: { visible: 11, hidden: [], unlisted: 0 } }, 'content').status).toBe('warning');
    expect(check({ ...healthy, visibility: { visible: 10, hidden: [], unlisted: 0 } }, 'content')).toMatchObject({ status: 'critical', reason: expect.stringContaining('the site is nearly empty') });
  });

  it('drafts: one rule (warning over 500, critical over 1,000), not the two the spec had for the same figure', () => {
    expect(check({ ...healthy, drafts: 500 }, 'drafts').status).toBe('healthy');
    expect(check({ ...healthy, drafts: 501 }, 'drafts')).toMatchObject({ status: 'warning', reason: '501 drafts waiting for the classifier or a review: over 500, classification or review is falling behind' });
    expect(check({ ...healthy, drafts: 1000 }, 'drafts').status).toBe('warning');
    expect(check({ ...healthy, drafts: 1001 }, 'drafts').status).toBe('critical');
  });

  it('classifier: critical when no ingest ever finished, or drafts wait and none finished for over 2 hours', () => {
    expect(check({ ...healthy, lastIngestEndedAt: null }, 'classifier')).toMatchObject({ status: 'critical', reason: 'No ingest has finished yet, so no article has been classified' });
    expect(check({ ...healthy, lastIngestEndedAt: '2026-11-23T09:00:00Z', unclassifiedDrafts: 5 }, 'classifier')).toMatchObject({
      status: 'critical',
      reason: 'Classifier stalled: 5 drafts waiting and the last ingest finished 3 hours ago (over 2 hours)',
    });
    expect(check({ ...healthy, lastIngestEndedAt: '2026-11-23T09:00:00Z', unclassifiedDrafts: 0 }, 'classifier').status).toBe('healthy');
    expect(mlStatusOf({ lastIngestEndedAt: '2026-11-23T10:30:00Z', unclassifiedDrafts: 5, now })).toBe('ready');
  });

  it('feed alerts: the share of feed checks that raised an alert, warning over 10 %, critical over 20 %', () => {
    expect(check({ ...healthy, alerts24h: 10 }, 'feed-alerts').status).toBe('healthy');
    expect(check({ ...healthy, alerts24h: 11 }, 'feed-alerts').status).toBe('warning');
    expect(check({ ...healthy, alerts24h: 20 }, 'feed-alerts').status).toBe('warning');
    expect(check({ ...healthy, alerts24h: 5, feedChecks24h: 16 }, 'feed-alerts')).toMatchObject({
      status: 'critical',
      reason: '5 alerts raised for 16 feed checks in 24 hours (31%): over 20% of checks fail (the open alerts in Operations say which)',
    });
    expect(alertRatio(0, 0)).toBe(0);
    expect(alertRatio(3, 0)).toBe(1);
    expect(alertRatio(3, 30)).toBeCloseTo(0.1);
  });

  it('open alerts of severity high or critical: warning from 5, critical from 10', () => {
    expect(check({ ...healthy, openHighAlerts: 4 }, 'open-alerts').status).toBe('healthy');
    expect(check({ ...healthy, openHighAlerts: 5 }, 'open-alerts').status).toBe('warning');
    expect(check({ ...healthy, openHighAlerts: 10 }, 'open-alerts').status).toBe('critical');
  });

  it('throughput: warning under 10 published in 24 h, critical with 2 or fewer decided', () => {
    expect(check({ ...healthy, published24h: 10, rejected24h: 0 }, 'throughput').status).toBe('healthy');
    expect(check({ ...healthy, published24h: 9 }, 'throughput')).toMatchObject({ status: 'warning', reason: '9 articles published and 4 rejected in 24 hours: fewer than 10 new a day, the site goes stale' });
    expect(check({ ...healthy, published24h: 3, rejected24h: 0 }, 'throughput').status).toBe('warning');
    expect(check({ ...healthy, published24h: 1, rejected24h: 1 }, 'throughput').status).toBe('critical');
  });

  it('functions: warning with 1 or 2 over the error-rate alarm, critical with 3, named', () => {
    expect(check({ ...healthy, functionsInAlarm: ['ingest'] }, 'functions')).toMatchObject({ status: 'warning', reason: '1 of 14 functions is over 5% errors this hour (ingest)' });
    expect(check({ ...healthy, functionsInAlarm: ['ingest', 'admin'] }, 'functions').status).toBe('warning');
    expect(check({ ...healthy, functionsInAlarm: ['ingest', 'admin', 'articles'] }, 'functions').status).toBe('critical');
  });

  it('overall is the worst check, its reasons every failing check worst first; each area is its worst check', () => {
    const health = systemHealth({ ...healthy, alerts24h: 5, feedChecks24h: 16, published: 31, visibility: { visible: 31, hidden: [], unlisted: 0 } });
    expect(health.status).toBe('critical');
    expect(health.reasons).toEqual([
      '5 alerts raised for 16 feed checks in 24 hours (31%): over 20% of checks fail (the open alerts in Operations say which)',
      'Readers can open 31 of 31 published articles: a thin site, a healthy one shows more than 50',
    ]);
    expect([health.passing, health.total]).toEqual([5, 7]);
    expect(health.areas).toEqual({
      content: { status: 'warning', reason: 'Readers can open 31 of 31 published articles: a thin site, a healthy one shows more than 50' },
      pipeline: { status: 'critical', reason: '5 alerts raised for 16 feed checks in 24 hours (31%): over 20% of checks fail (the open alerts in Operations say which)' },
      functions: { status: 'healthy', reason: 'None of the 14 functions is over 5% errors this hour' },
    });
  });

  it('counts what readers can open from the article counters: public categories only, the rest explained', () => {
    // Every category is public now; a counter left under a retired slug is what readers cannot open.
    const counters = { 'status#published': 36, 'published#platform-updates': 20, 'published#brand-partnerships': 9, 'published#tools-technology': 2, 'published#retired-topic': 3, 'status#draft': 4 };
    const visibility = readerVisibility(36, counters);
    expect(visibility).toEqual({ visible: 31, hidden: [{ category: 'retired-topic', name: 'retired-topic', count: 3 }], unlisted: 2 });
    expect(visibilityGap(visibility)).toBe('3 in retired-topic, a category hidden from readers, 2 below the public relevance floor');
    expect(visibilityGap(readerVisibility(3, { 'published#platform-updates': 3 }))).toBe('');
  });

  it('says how long ago in words, singular at 1', () => {
    const at = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
    expect([0, 1, 59, 60, 90, 47 * 60, 72 * 60].map((minutes) => ago(at(minutes), now))).toEqual([
      'under a minute ago',
      '1 minute ago',
      '59 minutes ago',
      '1 hour ago',
      '1.5 hours ago',
      '47 hours ago',
      '3 days ago',
    ]);
  });

  it('gives no rate when there is nothing to divide by', () => {
    expect(rate(3, 0)).toBeNull();
    expect(rate(1, 4)).toBe(0.25);
  });
});

describe('counts with their nouns', () => {
  it('says 1 invocation and 2 invocations, grouping thousands the Indian way', () => {
    expect([countOf(0, 'invocation'), countOf(1, 'invocation'), countOf(2, 'invocation'), countOf(1, 'story', 'stories'), countOf(120000, 'view')]).toEqual([
      '0 invocations',
      '1 invocation',
      '2 invocations',
      '1 story',
      '1,20,000 views',
    ]);
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

  it('lets a moderator open the review queue, the article list and topics only', () => {
    const open = Object.entries(SCREENS).filter(([, screen]) => canOpen('moderator', screen)).map(([key]) => key);
    expect(open.sort()).toEqual(['articles', 'review', 'topics']);
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
