import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Frequency, Topic } from '#domain/newsletter/newsletter.ts';
import type { ApiAnswer } from '#http/answers.ts';
import { call } from '#web/shared/api/client.ts';
import { meCall } from '#web/shared/api/meCall.ts';
import type { Keyed } from '#web/shared/api/submission.ts';
import { useAuth } from '#web/shared/auth/AuthProvider.tsx';

/** A reader's subscription as the server answers it (a change adds its message). */
export type Subscription = ApiAnswer<'GET /me/newsletter'> & { message?: string };

export interface SubscriptionRequest {
  email: string;
  /** Left out, the server takes the console's default. */
  frequency?: Frequency;
  topics: Topic[];
}

export type NewsletterOptions = ApiAnswer<'GET /newsletter/options'>;

/** The console's default frequency and digest times (Settings), cached by the API for a minute. */
export function useNewsletterOptions() {
  return useQuery({ queryKey: ['newsletter', 'options'], queryFn: () => call('GET /newsletter/options'), staleTime: 60_000 });
}

const key = ['me', 'newsletter'] as const;

/** A guest's request: the answer is always "check your e-mail" (double opt-in). */
export function requestSubscription(request: SubscriptionRequest, idempotencyKey?: string) {
  return call('POST /newsletter/subscriptions', { body: request, idempotencyKey });
}

/** Keyed by the link's token: the page asking twice confirms once. */
function confirmSubscription(token: string) {
  return call('POST /newsletter/confirmations', { body: { token }, idempotencyKey: `confirm:${token.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 100)}` });
}

function unsubscribeWithToken(token: string) {
  return call('POST /newsletter/unsubscribe', { query: { token } });
}

/**
 * A mail link's one action, asked as a query of its token: the cache asks once per token (a remount, a
 * second render in development, a focus ask nothing again), and both actions are safe to repeat on the
 * server (the confirmation carries an Idempotency-Key; unsubscribing twice leaves one state), so no effect
 * posts on load. A failure is shown by the page, never retried behind the reader's back.
 */
const ONCE_PER_LINK = { staleTime: Infinity, gcTime: Infinity, retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false } as const;

/** The double opt-in link (/newsletter/confirm?token=...). */
export function useConfirmation(token: string) {
  return useQuery({ queryKey: ['newsletter', 'confirmation', token], queryFn: () => confirmSubscription(token), enabled: token !== '', ...ONCE_PER_LINK });
}

/** The unsubscribe link of a newsletter (/unsubscribe?token=...). */
export function useLinkUnsubscribe(token: string) {
  return useQuery({ queryKey: ['newsletter', 'unsubscribe', token], queryFn: () => unsubscribeWithToken(token), enabled: token !== '', ...ONCE_PER_LINK });
}

export function requestUnsubscribe(email: string) {
  return call('POST /newsletter/unsubscribe-requests', { body: { email } });
}

/** The signed-in reader's subscription, loaded from the server (the old app never did). */
export function useMySubscription() {
  const signedIn = useAuth().status === 'signed-in';
  return useQuery({ queryKey: key, queryFn: () => meCall('GET /me/newsletter'), enabled: signedIn });
}

export function useMySubscriptionChanges() {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: ({ idempotencyKey, ...preferences }: Keyed<{ frequency: Frequency; topics: Topic[] }>) => meCall('PUT /me/newsletter', { body: preferences, idempotencyKey }),
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
  const leave = useMutation({
    mutationFn: () => meCall('DELETE /me/newsletter'),
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
  return { save, leave };
}
