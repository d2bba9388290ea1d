import { useAuth } from '#web/shared/auth/AuthProvider.tsx';
import { GUEST_TOASTS, useToast } from '#web/shared/ui/Toasts.tsx';
import { useFollow, type FollowKind } from '../api/follows.ts';

const FOLLOW_TEXTS = {
  topic: { on: 'You will be told of new stories about', off: 'You no longer follow', failed: 'Failed to change what you follow' },
  story: { on: 'You will be told of new coverage of', off: 'You no longer follow', failed: 'Failed to change what you follow' },
  publisher: { on: 'You will be told of new stories from', off: 'You no longer follow', failed: 'Failed to change what you follow' },
} as const;

const BUTTON_TEXTS: Record<FollowKind, (label: string, following: boolean) => string> = {
  topic: (_label, following) => (following ? 'Following' : 'Follow'),
  story: (_label, following) => (following ? 'Following' : 'Follow story'),
  publisher: (label, following) => `${following ? 'Following' : 'Follow'} ${label}`,
};

/** Follow/Following for a topic, a story or a publisher: a guest is invited to sign in, a reader's choice is kept. */
export function FollowButton({ kind, id, label }: { kind: FollowKind; id: string; label: string }) {
  const { status } = useAuth();
  const toast = useToast();
  const texts = FOLLOW_TEXTS[kind];
  const { following, pending, toggle } = useFollow(kind, id, label, {
    onSuccess: (_answer, on) => toast(on ? 'Following' : 'Unfollowed', `${on ? texts.on : texts.off} ${kind === 'story' ? 'this story' : label}`),
    onError: () => toast('Error', texts.failed),
  });
  const onClick = () => {
    if (status !== 'signed-in') {
      const [title, description] = GUEST_TOASTS.follow;
      toast(title, description);
      return;
    }
    toggle();
  };
  return (
    <button type="button" className={`follow-button${following ? ' active' : ''}`} aria-pressed={following} disabled={pending} onClick={onClick}>
      {BUTTON_TEXTS[kind](label, following)}
    </button>
  );
}
