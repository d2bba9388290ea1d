import { useSaveAndLike } from './useSaveAndLike.ts';

/**
 * Save/Saved and Like/Liked for one story: a guest is invited to sign in, a reader's choice is kept. Its own
 * component, so a card's session-dependent part renders again alone when the session becomes known.
 */
export function SaveAndLikeButtons({ articleId }: { articleId: string }) {
  const { saved, liked, toggleSave, toggleLike } = useSaveAndLike(articleId);
  return (
    <>
      <button type="button" aria-pressed={saved} className={saved ? 'active' : undefined} onClick={toggleSave}>
        {saved ? 'Saved' : 'Save'}
      </button>
      <button type="button" aria-pressed={liked} className={liked ? 'active' : undefined} onClick={toggleLike}>
        {liked ? 'Liked' : 'Like'}
      </button>
    </>
  );
}
