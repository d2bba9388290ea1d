import type { Article } from '../../api/articles.ts';

/**
 * "Also covered by N publishers" with a link to each one's report: a clustered story is shown once, and
 * the other publishers stay one click away (domain/content/story-cluster.ts groups them at ingest).
 */
export function AlsoCoveredBy({ publishers }: { publishers: Article['alsoCoveredBy'] }) {
  if (!publishers.length) return null;
  return (
    <p className="also-covered">
      Also covered by {publishers.length} {publishers.length === 1 ? 'publisher' : 'publishers'}:{' '}
      {publishers.map((publisher, index) => (
        <span key={publisher.sourceUrl}>
          {index > 0 && ', '}
          <a href={publisher.sourceUrl} target="_blank" rel="noopener noreferrer" title={publisher.title}>
            {publisher.sourceName}
            <span className="visually-hidden">: {publisher.title}</span>
          </a>
        </span>
      ))}
    </p>
  );
}
