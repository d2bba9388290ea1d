import { useCallback, useEffect, useState } from 'react';
import { useHydrated } from '#web/shared/ui/hydration.ts';

/** Reader spec: light, dark or system (default), kept under news-hub-theme, applied as a class on the root. */
export type Theme = 'light' | 'dark' | 'system';
export const THEME_KEY = 'news-hub-theme';

function stored(): Theme {
  if (typeof window === 'undefined') return 'system';
  const value = localStorage.getItem(THEME_KEY);
  return value === 'light' || value === 'dark' || value === 'system' ? value : 'system';
}

function apply(theme: Theme): void {
  const dark = theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.classList.toggle('light', !dark);
}

export function useTheme(): [Theme, (theme: Theme) => void] {
  const [theme, setThemeState] = useState<Theme>(stored);
  useEffect(() => {
    apply(theme);
    if (theme !== 'system') return;
    // "System" follows the operating system while the page is open.
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const follow = () => apply('system');
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, [theme]);
  const setTheme = useCallback((next: Theme) => {
    localStorage.setItem(THEME_KEY, next);
    setThemeState(next);
  }, []);
  // The server wrote the default: the reader's own choice shows from the render after hydration.
  return [useHydrated() ? theme : 'system', setTheme];
}
