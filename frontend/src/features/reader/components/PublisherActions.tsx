import { useAuth } from '#web/shared/auth/AuthProvider.tsx';
import { useToast } from '#web/shared/ui/Toasts.tsx';
import { useDismissableDetails } from '#web/shared/ui/useDismissableDetails.ts';
import { useMute, type Publisher } from '../api/follows.ts';
import { FollowButton } from './FollowButton.tsx';

/**
 * A story's publisher on the story page and in the story dialog: Follow <publisher>, and for a signed-in reader a
 * small menu with Mute (its stories leave For You and make no notification; docs/topics.md "Follows"). Nothing
 * for an editor's own story, which has no publisher to follow.
 */
export function PublisherActions({ publisher }: { publisher: Publisher | null | undefined }) {
  const { status } = useAuth();
  if (!publisher) return null;
  return (
    <span className="publisher-actions">
      <FollowButton kind="publisher" id={publisher.id} label={publisher.name} />
      {status === 'signed-in' && <MuteMenu publisher={publisher} />}
    </span>
  );
}

function MuteMenu({ publisher }: { publisher: Publisher }) {
  const toast = useToast();
  const menu = useDismissableDetails();
  const { muted, pending, toggle } = useMute(publisher, {
    onSuccess: (_answer, on) => toast(on ? 'Muted' : 'Unmuted', on ? `Stories from ${publisher.name} are left out of For You and your notifications` : `Stories from ${publisher.name} are back in For You`),
    onError: () => toast('Error', 'Failed to change what you mute'),
  });
  return (
    <details ref={menu.ref} className="share-menu publisher-menu">
      <summary aria-label={`More about ${publisher.name}`}>{muted ? 'Muted' : '⋯'}</summary>
      <ul>
        <li>
          <button
            type="button"
            disabled={pending}
            onClick={() => {
              menu.close();
              toggle();
            }}
          >
            {muted ? `Unmute ${publisher.name}` : `Mute ${publisher.name}`}
          </button>
        </li>
      </ul>
    </details>
  );
}
