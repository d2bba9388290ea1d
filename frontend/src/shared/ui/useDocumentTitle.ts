import { useEffect } from 'react';

export const SITE_NAME = 'Creator News Hub';

/** "About · Creator News Hub": the page's name, then the site's. */
export const documentTitle = (page: string) => `${page} · ${SITE_NAME}`;

/**
 * Names the page in the browser's tab while the component is shown (every reader page, and the article
 * dialog while it is open), and gives back the title it found when it goes. Without a name yet (still
 * loading) it leaves the title alone.
 */
export function useDocumentTitle(page: string | undefined): void {
  useEffect(() => {
    if (!page) return;
    const before = document.title;
    document.title = documentTitle(page);
    return () => {
      document.title = before;
    };
  }, [page]);
}
