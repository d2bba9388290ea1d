// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PrivacyPage, TermsPage } from '#web/features/reader/pages/InfoPages.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * Reader spec: the legal pages end with a contact e-mail and the website's link. Both are the deployment's,
 * from /config.json (the deploy config's contactEmail, the site's own address): nothing of ours.
 */
const configRequests: string[] = [];
beforeEach(() => {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    if (!url.endsWith('/config.json')) throw new Error(`unexpected request ${url}`);
    configRequests.push(url);
    return Response.json({ apiUrl: 'https://news.example.in/api', contactEmail: 'desk@example.in', siteUrl: 'https://news.example.in' });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** Renders, then lets the config's promise settle inside act (its state update included). */
async function mount(element: React.ReactNode): Promise<HTMLElement> {
  const container = document.createElement('div');
  document.body.append(container);
  await act(async () => {
    createRoot(container).render(element);
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  return container;
}

describe('the legal pages\' questions line', () => {
  it.each([
    ['Privacy', <PrivacyPage key="privacy" />],
    ['Terms', <TermsPage key="terms" />],
  ])('%s: the configured contact address and the site, linked', async (_name, page) => {
    const container = await mount(page);
    const questions = () => [...container.querySelectorAll('p')].find((paragraph) => paragraph.textContent?.startsWith('Questions:'));
    expect(questions()?.textContent).toBe('Questions: desk@example.in · news.example.in');
    expect([...(questions()?.querySelectorAll('a') ?? [])].map((link) => link.getAttribute('href'))).toEqual(['mailto:desk@example.in', 'https://news.example.in']);
  });

  it('reads /config.json once for every page (the app\'s one config request)', () => {
    expect(configRequests).toHaveLength(1);
  });
});
