import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { MAX_KEYWORD_ALERTS } from '#domain/reader/follows.ts';
import { KEYWORD_MAX_CHARS } from '#domain/reader/keyword-alerts.ts';
import { storyPath } from '#domain/reader/site-pages.ts';
import { topicPath } from '#domain/topics/topic-links.ts';
import { FOLLOWS_DIGEST_CHOICES, FOLLOWS_DIGEST_LABELS } from '#domain/reader/follows-digest.ts';
import { useFollowRemoval, useFollows, useFollowsDigest, useFollowsDigestChoice, useKeywordAlerts, type FollowKind } from '../api/follows.ts';

const failure = (error: unknown) => (error instanceof Error && error.message) || 'Something went wrong: try again';

/**
 * The account page's Following section (docs/topics.md "Follows"): the topics, publishers and stories the
 * reader follows, the publishers they muted, and their keyword alerts, each taken back in one click; the
 * alerts editor shows the server's own message when it refuses one.
 */
export function FollowingSection() {
  const follows = useFollows();
  const removal = useFollowRemoval();
  const remove = (kind: FollowKind | 'mute', id: string) => removal.mutate({ kind, id });
  const data = follows.data;

  return (
    <section id="following" className="following" aria-labelledby="following-heading" aria-busy={follows.isPending}>
      <h2 id="following-heading">Following</h2>
      <FollowsDigestChoice />
      <KeywordAlerts alerts={data?.keywords} />
      {follows.isPending && <p aria-busy="true">Loading what you follow...</p>}
      {follows.isError && <p role="alert">{failure(follows.error)}</p>}
      {removal.isError && <p role="alert" className="field-error">{failure(removal.error)}</p>}
      {data && (
        <>
          <FollowList title="Topics" empty="No topics yet: follow one from its page (a story's topic links lead there)." action="Unfollow" items={data.topics.map((topic) => ({ id: topic.id, label: <Link to={topicPath(topic)}>{topic.name}</Link>, name: topic.name }))} onRemove={(id) => remove('topic', id)} />
          <FollowList title="Publishers" empty="No publishers yet: follow one from a story's page." action="Unfollow" items={data.publishers.map((publisher) => ({ id: publisher.id, label: publisher.name, name: publisher.name }))} onRemove={(id) => remove('publisher', id)} />
          <FollowList title="Stories" empty="No stories yet: follow one to hear of new coverage." action="Unfollow" items={data.stories.map((story) => ({ id: story.id, label: <Link to={storyPath(story)}>{story.title}</Link>, name: story.title }))} onRemove={(id) => remove('story', id)} />
          <FollowList title="Muted publishers" empty="No muted publishers. A muted publisher's stories are left out of For You and your notifications." action="Unmute" items={data.mutedPublishers.map((publisher) => ({ id: publisher.id, label: publisher.name, name: publisher.name }))} onRemove={(id) => remove('mute', id)} />
        </>
      )}
    </section>
  );
}

function FollowList({ title, empty, action, items, onRemove }: { title: string; empty: string; action: string; items: Array<{ id: string; label: ReactNode; name: string }>; onRemove: (id: string) => void }) {
  const headingId = `following-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <div className="following-group" aria-labelledby={headingId} role="group">
      <h3 id={headingId}>{title}</h3>
      {items.length === 0 ? (
        <p className="hint">{empty}</p>
      ) : (
        <ul>
          {items.map((item) => (
            <li key={item.id}>
              <span>{item.label}</span>
              <button type="button" onClick={() => onRemove(item.id)} aria-label={`${action} ${item.name}`}>
                {action}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function KeywordAlerts({ alerts }: { alerts: Array<{ id: string; keyword: string }> | undefined }) {
  const [text, setText] = useState('');
  const { add, remove } = useKeywordAlerts();
  const error = add.isError ? failure(add.error) : remove.isError ? failure(remove.error) : null;
  return (
    <div className="following-group keyword-alerts" role="group" aria-labelledby="following-keywords">
      <h3 id="following-keywords">Keyword alerts</h3>
      <p className="hint">
        A notification when a new story's headline or summary names the word or phrase (whole words, any case). Up to {MAX_KEYWORD_ALERTS}; letters, digits, spaces and &amp; . - ' only.
      </p>
      <form
        className="keyword-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!text.trim()) return;
          add.mutate(text, { onSuccess: () => setText('') });
        }}
      >
        <label htmlFor="keyword-alert">Add a keyword alert</label>
        <input id="keyword-alert" value={text} maxLength={KEYWORD_MAX_CHARS * 2} placeholder="e.g. SEBI" aria-invalid={add.isError} aria-describedby={error ? 'keyword-error' : undefined} onChange={(event) => setText(event.target.value)} />
        <button type="submit" className="primary" disabled={add.isPending || !text.trim()}>
          {add.isPending ? 'Adding...' : 'Add alert'}
        </button>
      </form>
      {error && (
        <p id="keyword-error" role="alert" className="field-error">
          {error}
        </p>
      )}
      {alerts && alerts.length === 0 && <p className="hint">No keyword alerts yet.</p>}
      {alerts && alerts.length > 0 && (
        <ul className="keyword-list">
          {alerts.map((alert) => (
            <li key={alert.id}>
              <span>{alert.keyword}</span>
              <button type="button" aria-label={`Remove alert ${alert.keyword}`} disabled={remove.isPending} onClick={() => remove.mutate(alert.id)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The mail of what the reader follows (docs/topics.md "Mail of what you follow"): saved as soon as it is chosen. */
function FollowsDigestChoice() {
  const digest = useFollowsDigest();
  const choose = useFollowsDigestChoice();
  const current = choose.isPending ? choose.variables : digest.data?.choice;
  return (
    <fieldset className="following-group follows-digest" aria-busy={digest.isPending || choose.isPending} aria-describedby={choose.isError ? 'follows-digest-error' : 'follows-digest-hint'}>
      <legend>Mail me the news of what I follow</legend>
      <p id="follows-digest-hint" className="hint">
        New stories on the topics you follow, at 07:30 India time (weekly: on Mondays). Nothing new, no mail; every mail has a one-click unsubscribe.
      </p>
      {digest.isError && <p role="alert">{failure(digest.error)}</p>}
      {FOLLOWS_DIGEST_CHOICES.map((choice) => (
        <label key={choice} className="radio">
          <input type="radio" name="follows-digest" value={choice} checked={current === choice} disabled={!digest.data || choose.isPending} onChange={() => choose.mutate(choice)} />
          {FOLLOWS_DIGEST_LABELS[choice]}
        </label>
      ))}
      {choose.isPending && <span aria-live="polite"> Saving...</span>}
      {choose.isSuccess && !choose.isPending && <span aria-live="polite"> Saved</span>}
      {choose.isError && (
        <p id="follows-digest-error" role="alert" className="field-error">
          {failure(choose.error)}
        </p>
      )}
    </fieldset>
  );
}
