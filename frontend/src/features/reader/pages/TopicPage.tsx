import { Link, Navigate, useParams } from 'react-router-dom';
import { TOPIC_KIND_LABELS, topicPath } from '#domain/topics/topic-links.ts';
import { countOf } from '#domain/common/plural.ts';
import { ApiError } from '#web/shared/api/client.ts';
import { ListError } from '#web/shared/ui/ListError.tsx';
import { useDocumentTitle } from '#web/shared/ui/useDocumentTitle.ts';
import { useTopicStories } from '../api/follows.ts';
import { CardGrid } from '../components/articles/CardGrid.tsx';
import { FollowButton } from '../components/FollowButton.tsx';

/** What a topic's page says of each kind, under its name. */
const KIND_LINES = {
  platform: 'Stories about the platform: its features, policies, payouts and audience.',
  creator: 'Stories about the creator: deals, launches, audience and controversy.',
  brand: 'Stories about the brand: campaigns, creator partnerships and funding.',
  agency: 'Stories about the agency: clients, campaigns and deals.',
  regulator: 'Stories about the regulator: rules, notices and enforcement that touch creators and brands.',
} as const;

/** A topic's page (/topic/<id>): the platform, creator, brand, agency or regulator, its stories newest first, and Follow. */
export function TopicPage() {
  const { slug = '' } = useParams();
  const { data, error, isPending, isFetchingNextPage, hasNextPage, fetchNextPage, refetch } = useTopicStories(slug);
  const topic = data?.pages[0]?.topic;
  const items = data?.pages.flatMap((page) => page.items) ?? [];
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  useDocumentTitle(topic?.name ?? (missing ? 'Topic not found' : undefined));

  // A merged topic's address answers with the topic it went into (docs/topics.md "Moderating topics"): go to its address.
  if (topic && topic.id !== slug) return <Navigate to={topicPath(topic)} replace />;
  if (missing) {
    return (
      <main className="page not-found">
        <h1>Topic not found</h1>
        <p>We do not follow a platform, creator, brand, agency or regulator by that name.</p>
        <Link to="/">Return to Home</Link>
      </main>
    );
  }
  return (
    <main className="page topic-page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Home</Link> &gt; <span>Topics</span> &gt; <span aria-current="page">{topic?.name ?? '…'}</span>
      </nav>
      <section className="hero topic-hero" aria-busy={isPending}>
        {topic ? (
          <>
            <p className="topic-kind">{TOPIC_KIND_LABELS[topic.kind]}</p>
            <div className="topic-heading">
              <h1>{topic.name}</h1>
              <FollowButton kind="topic" id={topic.id} label={topic.name} />
            </div>
            <p>{KIND_LINES[topic.kind]} Follow it to be told when a new one is published.</p>
          </>
        ) : (
          <div className="topic-hero-skeleton" aria-hidden="true" />
        )}
      </section>
      {error && !missing && <ListError onRetry={() => void refetch()} message="Failed to fetch this topic’s stories" />}
      {!error && !isPending && items.length > 0 && (
        <p className="result-count" aria-live="polite">
          <span className="badge count" data-testid="result-count">
            {hasNextPage ? `${items.length}+ stories` : countOf(items.length, 'story', 'stories')}
          </span>
        </p>
      )}
      {!error && !isPending && items.length === 0 && (
        <div className="notice empty">
          <strong>No stories yet</strong>
          <p>Nothing published names {topic?.name ?? 'this topic'} yet. Follow it and you will be told of the first one.</p>
        </div>
      )}
      {!error && <CardGrid items={items} loading={isPending} />}
      {hasNextPage && (
        <button type="button" className="more" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          {isFetchingNextPage ? 'Loading…' : 'Load More Stories'}
        </button>
      )}
    </main>
  );
}
