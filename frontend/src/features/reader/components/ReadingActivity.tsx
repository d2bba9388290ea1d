import { Link } from 'react-router-dom';
import { useToast } from '#web/shared/ui/Toasts.tsx';
import { useActivity, useGenerateRecommendations } from '../api/personal.ts';

/** The Reading Activity panel (reader spec section 2), every figure counted from the reader's last 30 days. */
export function ReadingActivity() {
  const activity = useActivity();
  const toast = useToast();
  const generate = useGenerateRecommendations({
    onSuccess: ({ generated }) => toast('Success', `Generated ${generated} new recommendations`),
    onError: () => toast('Error', 'Failed to generate recommendations'),
  });
  const data = activity.data;
  const tiles = data
    ? [
        { label: 'Articles Read', value: String(data.articlesRead) },
        { label: 'Reading Time', value: `${data.readingMinutes} min` },
        { label: 'Engagement Score', value: `${data.engagementScore}%` },
        { label: 'Recommendations', value: String(data.recommendations) },
      ]
    : [];
  return (
    <section className="reading-activity" aria-labelledby="reading-activity-heading">
      <div className="panel-head">
        <h2 id="reading-activity-heading">Reading Activity</h2>
        <Link to="/dashboard?tab=overview#preferences" className="button">
          Customize
        </Link>
      </div>
      {activity.isPending && <p aria-busy="true">Loading your activity...</p>}
      {activity.isError && <p role="alert">Failed to load user preferences</p>}
      {data && (
        <>
          <dl className="stat-tiles">
            {tiles.map((tile) => (
              <div key={tile.label}>
                <dt>{tile.label}</dt>
                <dd>{tile.value}</dd>
              </div>
            ))}
          </dl>
          <p className="hint">
            Last {data.windowDays} days. Engagement is the share of the articles you started that you read to the end.{' '}
            <button type="button" className="link-button" onClick={() => generate.mutate()} disabled={generate.isPending}>
              Refresh recommendations
            </button>
          </p>
        </>
      )}
    </section>
  );
}
