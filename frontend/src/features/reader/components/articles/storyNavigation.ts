/**
 * A story opened from a list gets its own address (/story/<slug>-<id>) while the list stays underneath
 * (react-router's background-location pattern): the dialog's history entry carries the list's location, so
 * Back closes the dialog and the list is where it was. The same address loaded afresh is the story's page.
 */
import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router-dom';
import { STORY_PATH_PREFIX, storyPath } from '#domain/reader/site-pages.ts';

/**
 * This document's load. History keeps an entry's state across a reload: a dialog entry from an earlier load
 * (the reader reloaded, or came back from another site) opens as the story's page, which is also what the
 * server wrote for that address.
 */
const THIS_LOAD = Math.random().toString(36).slice(2);

export interface StoryDialogState {
  /** The list the dialog shows over. */
  backgroundLocation: Location;
  /** Opened without the list's own entry behind it (a legacy /?article= link): closing replaces, not goes back. */
  direct?: boolean;
  load: string;
}

type StoryTarget = { id: string; title: string };

/** The dialog state of an entry opened in this load over a list, or null (the address shows the story's page). */
export function storyDialogState(location: Location): StoryDialogState | null {
  const state = location.state as Partial<StoryDialogState> | null;
  return location.pathname.startsWith(STORY_PATH_PREFIX) && state?.backgroundLocation && state.load === THIS_LOAD ? (state as StoryDialogState) : null;
}

/**
 * Opens a story in the dialog over the list on screen (or over `background`); `direct` replaces the
 * current entry, when no list entry is to stay behind it.
 */
export function useOpenStory(): (article: StoryTarget, options?: { direct?: boolean; background?: Location }) => void {
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (article, options = {}) => {
      const state: StoryDialogState = { backgroundLocation: options.background ?? location, load: THIS_LOAD, ...(options.direct ? { direct: true } : {}) };
      navigate(storyPath(article), { state, replace: Boolean(options.direct) });
    },
    [location, navigate],
  );
}

/**
 * Once the story is known, an address whose words are not its headline's (an old link, a bare id) is
 * replaced by the story's own, keeping the entry's state (the dialog stays a dialog).
 */
export function useCanonicalStoryAddress(article: StoryTarget | undefined, location: Location): void {
  const navigate = useNavigate();
  const canonical = article ? storyPath(article) : null;
  useEffect(() => {
    if (canonical && location.pathname !== canonical) navigate({ pathname: canonical, search: location.search, hash: location.hash }, { replace: true, state: location.state });
  }, [canonical, location, navigate]);
}
