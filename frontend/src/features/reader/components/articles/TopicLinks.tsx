import { Link } from 'react-router-dom';
import { topicPath, type StoryTopic } from '#domain/topics/topic-links.ts';

/**
 * A story's topics as links to their pages. Plain markup, no state: cheap on every card. `topics` may be
 * absent on a card kept from before topics were tagged.
 */
export function TopicLinks({ topics, limit, className = 'topic-links' }: { topics: readonly StoryTopic[] | undefined; limit?: number; className?: string }) {
  const shown = (topics ?? []).slice(0, limit);
  if (shown.length === 0) return null;
  return (
    <ul className={className} aria-label="Topics">
      {shown.map((topic) => (
        <li key={topic.id}>
          <Link to={topicPath(topic)} className="topic-link">
            {topic.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
