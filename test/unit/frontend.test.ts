import { describe, expect, it } from 'vitest';
import { relativeTime } from '#domain/content/badges.ts';

describe('relative time', () => {
  const now = new Date('2026-11-22T12:00:00.000Z');
  it('says Just now, h ago, d ago, w ago, then a date', () => {
    expect(relativeTime('2026-11-22T11:30:00.000Z', now)).toBe('Just now');
    expect(relativeTime('2026-11-22T07:00:00.000Z', now)).toBe('5h ago');
    expect(relativeTime('2026-11-19T12:00:00.000Z', now)).toBe('3d ago');
    expect(relativeTime('2026-11-08T12:00:00.000Z', now)).toBe('2w ago');
    expect(relativeTime('2026-09-01T12:00:00.000Z', now)).toMatch(/2026/);
  });

  it('dates an older story in India time, so a written page and any browser show the same date', () => {
    // 20:00 UTC on 1 Sep is 01:30 on 2 Sep in India, whatever zone this machine or the reader's browser is in.
    expect(relativeTime('2026-09-01T20:00:00.000Z', now)).toMatch(/^2 Sept? 2026$/);
    expect(relativeTime('2026-09-01T18:00:00.000Z', now)).toMatch(/^1 Sept? 2026$/);
  });
});

describe('pagination and install prompt rules', () => {
  it('lists up to 7 pages in full, else the ends and a window round the current page', async () => {
    const { pageWindow } = await import('#web/shared/ui/Pagination.tsx');
    expect(pageWindow(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 'gap', 20]);
    expect(pageWindow(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageWindow(20, 20)).toEqual([1, 'gap', 17, 18, 19, 20]);
  });

  it('holds an install-prompt dismissal for 7 days', async () => {
    const { dismissedRecently } = await import('#web/app/InstallPrompt.tsx');
    const now = new Date('2026-11-22T12:00:00.000Z');
    expect(dismissedRecently(null, now)).toBe(false);
    expect(dismissedRecently('2026-11-16T12:00:00.000Z', now)).toBe(true);
    expect(dismissedRecently('2026-11-15T11:59:00.000Z', now)).toBe(false);
    expect(dismissedRecently('not a date', now)).toBe(false);
  });
});
