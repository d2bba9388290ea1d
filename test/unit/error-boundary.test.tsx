// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '#web/shared/ui/ErrorBoundary.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let failing = true;
function Fragile() {
  if (failing) throw new Error('Feed item without a title');
  return <p>Recovered</p>;
}

function render(element: React.ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(element));
  return { container, root };
}

afterEach(() => {
  document.body.innerHTML = '';
  failing = true;
  vi.restoreAllMocks();
});

describe('error boundaries', () => {
  it('show an article card error with Try Again, and recover when the error is gone', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container } = render(
      <ErrorBoundary level="component" title="Article Loading Error" fallbackMessage="An error occurred while loading this article.">
        <Fragile />
      </ErrorBoundary>,
    );
    expect(container.textContent).toContain('Article Loading Error');
    expect(container.textContent).toContain('Feed item without a title');
    failing = false;
    act(() => container.querySelector('button')?.click());
    expect(container.textContent).toBe('Recovered');
  });

  it('show the page-level texts with technical details and an error id', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container } = render(
      <ErrorBoundary level="page">
        <Fragile />
      </ErrorBoundary>,
    );
    expect(container.querySelector('h1')?.textContent).toBe('Application Error');
    expect(container.textContent).toContain('The application encountered an unexpected error. This has been logged for investigation.');
    expect(container.textContent).toMatch(/Error ID: err_\w+/);
    expect([...container.querySelectorAll('button, a')].map((node) => node.textContent)).toEqual(['Try Again', 'Go Home']);
  });

  it('show the critical texts with Reload Page', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container } = render(
      <ErrorBoundary level="critical">
        <Fragile />
      </ErrorBoundary>,
    );
    expect(container.querySelector('h1')?.textContent).toBe('Critical Application Error');
    expect(container.textContent).toContain('The application encountered a critical error and cannot continue.');
    expect([...container.querySelectorAll('button, a')].map((node) => node.textContent)).toEqual(['Try Again', 'Go Home', 'Reload Page']);
  });

  it('show the generic component message when the error has none', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Silent(): never {
      throw new Error('');
    }
    const { container } = render(
      <ErrorBoundary level="component">
        <Silent />
      </ErrorBoundary>,
    );
    expect(container.textContent).toContain('Component Error');
    expect(container.textContent).toContain('An unexpected error occurred in this component.');
  });
});
