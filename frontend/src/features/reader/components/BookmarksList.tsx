import { Link } from 'react-router-dom';
import { useBookmarks } from '../api/relations.ts';
import { useRemoveBookmark } from './articles/useSaveAndLike.ts';
import { CardGrid } from './articles/CardGrid.tsx';
import { ListError } from '#web/shared/ui/ListError.tsx';

/** The reader's saved articles: loading, empty and error states, a grid with Remove, the dialog. */
export function BookmarksList() {
  const bookmarks = useBookmarks();
  const remove = useRemoveBookmark();
  const items = bookmarks.data?.items ?? [];
  if (bookmarks.isError && !bookmarks.data) {
    return <ListError onRetry={() => void bookmarks.refetch()} />;
  }
  if (!bookmarks.isPending && items.length === 0) {
    return (
      <div className="notice empty">
        <strong>No bookmarks yet</strong>
        <p>Save articles to read them later, even offline.</p>
        <Link to="/" className="button primary">
          Browse Articles
        </Link>
      </div>
    );
  }
  return (
    <>
      <p className="result-count">
        {!bookmarks.isPending && (
          <span className="badge count" data-testid="bookmark-count">
            {items.length} saved {items.length === 1 ? 'article' : 'articles'}
          </span>
        )}
      </p>
      <CardGrid items={items} loading={bookmarks.isPending} onRemove={(article) => remove(article.id)} />
    </>
  );
}
