/** The reader's profile, preferences and data (reader spec section 2). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { meCall, meKeys, useSignedIn, type ChangeNotices } from '#web/shared/api/meCall.ts';
import type { ApiAnswer } from '#http/answers.ts';
import type { ApiBody } from '#web/shared/api/client.ts';
import type { Keyed } from '#web/shared/api/submission.ts';

export type Preferences = ApiAnswer<'GET /me/preferences'>;

export type Profile = ApiAnswer<'GET /me'>;

/** The preferences a change sends (PUT /me/preferences' body). */
export type PreferencesChange = ApiBody<'PUT /me/preferences'>;

export function useProfile() {
  return useQuery({ queryKey: meKeys.profile, queryFn: () => meCall('GET /me'), enabled: useSignedIn() });
}

export function usePreferences() {
  return useQuery({ queryKey: meKeys.preferences, queryFn: () => meCall('GET /me/preferences'), enabled: useSignedIn() });
}

export function useSavePreferences(notices: ChangeNotices<Preferences, Keyed<PreferencesChange>> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...preferences }: Keyed<PreferencesChange>) => meCall('PUT /me/preferences', { body: preferences, idempotencyKey }),
    onSuccess: (saved, preferences) => {
      queryClient.setQueryData(meKeys.preferences, saved);
      // The feeds are picked by the preferences: they are asked for again.
      void queryClient.invalidateQueries({ queryKey: meKeys.feeds });
      notices.onSuccess?.(saved, preferences);
    },
    onError: (error, preferences) => notices.onError?.(error, preferences),
  });
}

/** Everything the site holds on the reader, as a JSON document (GDPR export). */
export const exportMyData = () => meCall('GET /me/export');

export const deleteMyAccount = () => meCall('DELETE /me');
