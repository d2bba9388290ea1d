import { useEffect } from 'react';
import { pageTitle } from '#domain/reader/page-head.ts';

/** "About · Creator News Hub": the page's name, then the site's (as the written pages' <title> says it). */
export const documentTitle = pageTitle;

/**
 * Names the page in the browser's tab while the component is shown (every reader page, and the article
 * dialog while it is open), and gives back the title it found when it goes. Without a name yet (still
 * loading) it leaves the title alone.
 */
export function useDocumentTitle(page: string | undefined): void {
  useWholeDocumentTitle(page === undefined ? undefined : documentTitle(page));
}

/** The same with the whole title given: a page whose written title is not "<name> · Creator News Hub" (the lists). */
export function useWholeDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}
