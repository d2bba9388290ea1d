// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POLICY_LAST_UPDATED, PrivacyPage, TermsPage } from '#web/features/reader/pages/InfoPages.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The legal pages' Last updated is the day their text last changed, never the day they are read. */
beforeEach(() => {
  vi.stubGlobal('fetch', async () => Response.json({ apiUrl: 'https://news.example.in/api', contactEmail: 'desk@example.in', siteUrl: 'https://news.example.in' }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

async function lastUpdatedOn(element: React.ReactNode, today: string): Promise<string> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(today));
  const container = document.createElement('div');
  document.body.append(container);
  await act(async () => {
    createRoot(container).render(element);
    await Promise.resolve();
  });
  return [...container.querySelectorAll('p')].map((p) => p.textContent ?? '').find((text) => text.startsWith('Last updated')) ?? '';
}

describe('Last updated on the legal pages', () => {
  it.each([
    ['Privacy', () => <PrivacyPage />],
    ['Terms', () => <TermsPage />],
  ])('%s shows the fixed date of its text on any day', async (_name, page) => {
    expect(POLICY_LAST_UPDATED).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const onePage = await lastUpdatedOn(page(), '2027-03-15T12:00:00Z');
    document.body.innerHTML = '';
    const later = await lastUpdatedOn(page(), '2031-07-01T23:30:00Z');
    expect(onePage).toBe('Last updated: 28 November 2026');
    expect(later).toBe(onePage);
  });
});
