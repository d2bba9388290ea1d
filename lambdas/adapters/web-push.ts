import webpush from 'web-push';
import { vapidKeys } from '#core/vapid-keys.ts';

/**
 * The Push API's sending side (RFC 8030) through `web-push` (docs/decisions/web-push.md): it encrypts the
 * payload for the device (RFC 8291, aes128gcm) and signs the VAPID token (RFC 8292); the request itself goes
 * out through the runtime's fetch under a timeout, because the library's own sender speaks https only and the
 * local push service stand-in (lib/local/push-service.ts) is plain http on this machine.
 */
const REQUEST_TIMEOUT_MS = 8_000;

export interface DeviceSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushOutcome =
  | { result: 'delivered'; status: number }
  /** 404 or 410: the subscription has ended (the reader unsubscribed, or the browser dropped it); remove it. */
  | { result: 'gone'; status: number }
  /** Anything else (429, 5xx, a timeout): this message is lost, the subscription stays. */
  | { result: 'failed'; status: number; reason: string };

export async function sendPush(device: DeviceSubscription, payload: string, options: { ttlSeconds: number; urgency: 'normal' | 'high'; topic?: string }): Promise<PushOutcome> {
  const keys = await vapidKeys();
  const request = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, payload, {
    vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
    TTL: options.ttlSeconds,
    urgency: options.urgency,
    contentEncoding: 'aes128gcm',
    ...(options.topic ? { topic: options.topic } : {}),
  });
  let response: Response;
  try {
    response = await fetch(request.endpoint, {
      method: request.method,
      headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
      body: request.body ? new Uint8Array(request.body) : null,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    return { result: 'failed', status: 0, reason: error instanceof Error ? error.message : String(error) };
  }
  await response.body?.cancel();
  if (response.ok) return { result: 'delivered', status: response.status };
  if (response.status === 404 || response.status === 410) return { result: 'gone', status: response.status };
  return { result: 'failed', status: response.status, reason: response.statusText };
}

