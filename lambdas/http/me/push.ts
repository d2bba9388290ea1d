import * as z from '#domain/common/validation.ts';
import { isPushServiceEndpoint } from '#domain/reader/push.ts';
import { addPushDevice, changePushChoices, pushSettingsOf, removePushDevice } from '../../services/push-devices.ts';
import { config } from '#core/config.ts';
import { route } from '#platform/router.ts';
import { reader } from './caller.ts';

const extraPushServices = (config.PUSH_SERVICE_ORIGINS ?? '').split(',').map((origin) => origin.trim()).filter(Boolean);

/** A base64url value that decodes to `bytes` bytes (RFC 8291 keys as PushSubscription.toJSON() writes them). */
const base64urlOf = (bytes: number, message: string) => z.string(message).check(z.maxLength(200, message), z.refine((value) => /^[A-Za-z0-9_-]+={0,2}$/.test(value) && Buffer.from(value, 'base64url').length === bytes, message));

/** The JSON of a browser's PushSubscription; expirationTime is accepted and unused (browsers send null). */
const subscriptionBody = z.object({
  endpoint: z.string('endpoint is required').check(
    z.maxLength(1000, 'endpoint is too long'),
    z.refine((endpoint) => isPushServiceEndpoint(endpoint, extraPushServices), 'endpoint must be an https address of a browser\'s push service'),
  ),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({
    // An uncompressed P-256 point: 65 bytes, the first 0x04.
    p256dh: z.string().check(z.refine((value) => /^[A-Za-z0-9_-]+={0,2}$/.test(value) && value.length <= 200 && Buffer.from(value, 'base64url')[0] === 4 && Buffer.from(value, 'base64url').length === 65, 'keys.p256dh must be a P-256 public key (65 bytes, base64url)')),
    auth: base64urlOf(16, 'keys.auth must be a 16-byte secret, base64url'),
  }, 'keys (p256dh and auth) are required'),
});

const hour = (name: string) => z.int(`${name} must be a whole hour, 0 to 23`).check(z.minimum(0, `${name} must be 0 to 23`), z.maximum(23, `${name} must be 0 to 23`));

const choicesBody = z.partial(z.strictObject({
  breaking: z.boolean(),
  categories: z.boolean(),
  topics: z.boolean(),
  stories: z.boolean(),
  quietHours: z.nullable(z.strictObject({ from: hour('quietHours.from'), to: hour('quietHours.to') })),
}));

const deviceParams = z.object({ deviceId: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'Unknown device')) });

export const getMyPushChoices = route({}, async ({ caller }) => pushSettingsOf(reader(caller).userId));

export const putMyPushChoices = route({ body: choicesBody }, async ({ caller, body }) => changePushChoices(reader(caller).userId, body));

/** Adds (or renews) this browser as one of the reader's devices. */
export const putMyPushSubscription = route({ body: subscriptionBody }, async ({ caller, body }) => ({
  deviceId: await addPushDevice(reader(caller).userId, { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth }),
  subscribed: true,
}));

export const deleteMyPushSubscription = route({ params: deviceParams }, async ({ caller, params }) => {
  await removePushDevice(reader(caller).userId, params.deviceId);
  return { deviceId: params.deviceId, subscribed: false };
});
