// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FollowingSection } from '#web/features/reader/components/FollowingSection.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// A signed-in reader, without Amplify: the calls carry a stand-in token.
vi.mock('#web/shared/auth/AuthProvider.tsx', () => ({ useAuth: () => ({ status: 'signed-in' }) }));
vi.mock('#web/shared/auth/session.ts', () => ({ idToken: async () => 'token' }));

/** The Following section's "Mail me the news of what I follow" choice: saved on choosing, the server's refusal shown. */
let putAnswer: { status: number; body: unknown };
const puts: unknown[] = [];

beforeEach(() => {
  puts.length = 0;
  putAnswer = { status: 200, body: { choice: 'daily' } };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/config.json')) return Response.json({ apiUrl: 'http://api.test' });
    if (url.endsWith('/me/follows/digest') && init?.method === 'PUT') {
      puts.push(JSON.parse(String(init.body)));
      await new Promise((resolve) => setTimeout(resolve, 300));
      return Response.json(putAnswer.body, { status: putAnswer.status });
    }
    if (url.endsWith('/me/follows/digest')) return Response.json({ choice: 'off' });
    if (url.endsWith('/me/follows')) return Response.json({ topics: [{ id: 'asci', kind: 'regulator', name: 'ASCI' }], stories: [], publishers: [], keywords: [], mutedPublishers: [] });
    return Response.json({ message: 'Not found' }, { status: 404 });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

function mount(): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  act(() => createRoot(container).render(<QueryClientProvider client={new QueryClient()}><MemoryRouter><FollowingSection /></MemoryRouter></QueryClientProvider>));
  return container;
}

const radio = (container: HTMLElement, value: string) => container.querySelector<HTMLInputElement>(`input[name="follows-digest"][value="${value}"]`);

describe('Mail me the news of what I follow', () => {
  it('starts from the saved choice, shows Saving... then the server’s choice', async () => {
    const container = mount();
    await vi.waitFor(() => expect(radio(container, 'off')?.checked).toBe(true));
    expect(container.textContent).toContain('Mail me the news of what I follow');
    act(() => radio(container, 'daily')?.click());
    await vi.waitFor(() => expect(container.textContent).toContain('Saving...'), { interval: 10 });
    await vi.waitFor(() => expect(container.textContent).toContain('Saved'));
    expect(radio(container, 'daily')?.checked).toBe(true);
    expect(puts).toEqual([{ choice: 'daily' }]);
  });

  it('shows the server’s message when it refuses, and keeps the saved choice', async () => {
    putAnswer = { status: 400, body: { message: 'Choose off, daily or weekly' } };
    const container = mount();
    await vi.waitFor(() => expect(radio(container, 'off')?.checked).toBe(true));
    act(() => radio(container, 'weekly')?.click());
    await vi.waitFor(() => expect(container.querySelector('#follows-digest-error')?.textContent).toBe('Choose off, daily or weekly'));
    expect(radio(container, 'off')?.checked).toBe(true);
  });
});
