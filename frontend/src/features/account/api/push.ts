/**
 * Web push in this browser (issue #37): the reader's push choices, and this browser's Push API subscription
 * made with the site's VAPID key and handed to the API (PUT /me/push/subscriptions), or removed from both.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { meCall, meKeys, useSignedIn } from '#web/shared/api/meCall.ts';
import { ApiError, type ApiAnswer, type ApiBody } from '#web/shared/api/client.ts';

export type PushSettings = ApiAnswer<'GET /me/push/choices'>;
export type PushChoicesChange = ApiBody<'PUT /me/push/choices'>;

export function usePushSettings() {
  return useQuery({ queryKey: meKeys.push, queryFn: () => meCall('GET /me/push/choices'), enabled: useSignedIn() });
}

export function useSavePushChoices(onError: (error: unknown) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PushChoicesChange) => meCall('PUT /me/push/choices', { body: change }),
    onSuccess: (saved) => queryClient.setQueryData(meKeys.push, saved),
    onError,
  });
}

/** Push needs a service worker (production builds register /sw.js), the Push API and notifications. */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** This browser's subscription, if it has one (null where push is unsupported or no worker is registered). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

const fromBase64url = (value: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
};

/** The device id the API keeps this browser under: SHA-256 of its endpoint, base64url (as the server computes it). */
async function deviceIdOf(endpoint: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint)));
  return btoa(String.fromCharCode(...digest)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export class PushRefused extends Error {}

/**
 * Asks for permission, subscribes this browser with the site's key and hands the subscription to the API.
 * A subscription made with another key (the site's key changed) is replaced.
 */
export async function enablePush(publicKey: string): Promise<void> {
  if (!pushSupported()) throw new PushRefused('This browser cannot receive push notifications from this site.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushRefused('Notifications are blocked for this site in your browser settings.');
  const registration = await navigator.serviceWorker.ready;
  const applicationServerKey = fromBase64url(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  const sameKey = subscription?.options.applicationServerKey && new Uint8Array(subscription.options.applicationServerKey).every((byte, index) => byte === applicationServerKey[index]);
  if (subscription && !sameKey) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  const json = subscription.toJSON();
  await meCall('PUT /me/push/subscriptions', { body: { endpoint: subscription.endpoint, expirationTime: null, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } } });
}

/** Removes this browser from the reader's devices, then ends its subscription. */
export async function disablePush(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  try {
    await meCall('DELETE /me/push/subscriptions/{deviceId}', { params: { deviceId: await deviceIdOf(subscription.endpoint) } });
  } catch (error) {
    // Already gone on the server (the push service ended it, or another reader took this browser over).
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  await subscription.unsubscribe();
}
