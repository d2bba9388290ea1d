import { lazy, Suspense } from 'react';
import { useNavigate, type Location } from 'react-router-dom';
import { STORY_PATH_PREFIX, storyIdOf, storyPath } from '#domain/reader/site-pages.ts';
import { useArticleDetail } from '../../api/articleQueries.ts';
import { useCanonicalStoryAddress, type StoryDialogState } from './storyNavigation.ts';

// Its own chunk: it carries the HTML sanitiser.
const ArticleDialog = lazy(() => import('./ArticleDialog.tsx'));

/**
 * The article dialog at a story's address, over the list in `state.backgroundLocation`. Closing it goes
 * back to the list's entry (Back does the same), or, opened directly, replaces the address with the list's.
 * A related story replaces this entry, so Back still closes the dialog.
 */
export function StoryDialog({ location, state }: { location: Location; state: StoryDialogState }) {
  const navigate = useNavigate();
  const id = storyIdOf(location.pathname.slice(STORY_PATH_PREFIX.length));
  const article = useArticleDetail(id ?? '', Boolean(id)).data;
  useCanonicalStoryAddress(article, location);
  if (!id) return null;
  const close = () => {
    if (state.direct) navigate(state.backgroundLocation, { replace: true });
    else navigate(-1);
  };
  return (
    <Suspense fallback={null}>
      <ArticleDialog id={id} onOpen={(related) => navigate(storyPath(related), { replace: true, state })} onClose={close} />
    </Suspense>
  );
}
