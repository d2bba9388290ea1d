import type { Article } from '../../api/articles.ts';
import { ErrorBoundary } from '#web/shared/ui/ErrorBoundary.tsx';
import { ArticleCard } from './ArticleCard.tsx';
import { HeadlineList } from './HeadlineList.tsx';
import { useReadIds, type ListView } from '../../api/readState.ts';
import { hasPublisherImage } from '#domain/content/resized-images.ts';
import { useOpenStory } from './storyNavigation.ts';

/**
 * Cards (skeletons while loading) that open the article dialog at the story's address; optionally each
 * with a Remove button. A signed-in reader's read cards say so: the list hands in its read marks, or the
 * grid asks for its own. The headlines view shows one line per story instead.
 */
export function CardGrid({ items, loading, onRemove, read, view = 'cards' }: { items: readonly Article[]; loading: boolean; onRemove?: (article: Article) => void; read?: ReadonlySet<string>; view?: ListView }) {
  const openStory = useOpenStory();
  const ownRead = useReadIds(items.map((article) => article.id), !read);
  const readIds = read ?? ownRead;
  // The page's first picture is its largest paint: fetch it first, even when the cards above it have none.
  const firstPictured = items.findIndex((article) => hasPublisherImage(article.imageUrl));
  if (view === 'headlines' && !loading) return <HeadlineList items={items} read={readIds} onOpen={openStory} />;
  return (
    <div className="grid" aria-busy={loading}>
      {loading
        ? Array.from({ length: 6 }, (_, index) => <div key={index} className="card skeleton" aria-hidden="true" />)
        : items.map((article, index) => (
            <ErrorBoundary key={article.id} level="component" title="Article Loading Error" fallbackMessage="An error occurred while loading this article.">
              <ArticleCard article={article} onOpen={openStory} read={readIds.has(article.id)} priority={index === firstPictured} {...(onRemove ? { onRemove: () => onRemove(article) } : {})} />
            </ErrorBoundary>
          ))}
    </div>
  );
}
