import type { PushChoices } from '#domain/reader/push.ts';
import { deletePushSubscription, getPushChoices, pushSubscriptionsOf, savePushChoices, savePushSubscription } from '#store/push-subscriptions.ts';
import { notFound } from '#core/errors.ts';
import { vapidKeys } from '#core/vapid-keys.ts';

/** A reader's push settings as their dashboard shows them: the key to subscribe with, the choices, how many devices get pushes. */
export async function pushSettingsOf(userId: string, choices?: PushChoices) {
  // The key from the secret itself, not through the push adapter: the reader API does not carry web-push's code.
  const [{ publicKey }, saved, devices] = await Promise.all([vapidKeys(), choices ?? getPushChoices(userId), pushSubscriptionsOf(userId)]);
  return { publicKey, choices: saved, devices: devices.length };
}

export async function changePushChoices(userId: string, changes: Partial<PushChoices>) {
  return pushSettingsOf(userId, await savePushChoices(userId, changes));
}

/** Adds (or renews) a browser as one of the reader's devices; its id is the endpoint's SHA-256, base64url. */
export async function addPushDevice(userId: string, subscription: { endpoint: string; p256dh: string; auth: string }): Promise<string> {
  return (await savePushSubscription(userId, subscription)).deviceId;
}

/** Another reader's device, or one already gone, is not found. */
export async function removePushDevice(userId: string, deviceId: string): Promise<void> {
  if (!(await deletePushSubscription(userId, deviceId))) throw notFound('No such device');
}
