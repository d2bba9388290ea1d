import * as z from '#domain/common/validation.ts';
import { config } from '#core/config.ts';
import { cachedSecret } from './secrets.ts';

/*
 * Web push's keys, apart from core/secrets.ts: only the functions that push or hand out the key carry this
 * schema (every function reads secrets.ts for the link signing key).
 */
/** A P-256 key as web push writes it: base64url, 65 bytes (public, uncompressed) or 32 (private). */
const base64urlKey = (bytes: number, what: string) => z.string().check(z.refine((value) => /^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, 'base64url').length === bytes, `${what} must be ${bytes} bytes, base64url`));
const vapidKeysSchema = z.object({
  publicKey: base64urlKey(65, 'The VAPID public key'),
  privateKey: base64urlKey(32, 'The VAPID private key'),
  // RFC 8292: a contact the push service can reach, mailto: or https:.
  subject: z.string().check(z.regex(/^(mailto:|https:\/\/)/, 'The VAPID subject must be a mailto: or https: address')),
});
export type VapidKeys = z.infer<typeof vapidKeysSchema>;

/** Web push's VAPID key pair and contact (RFC 8292): the push services know the site by its public key. */
export const vapidKeys = cachedSecret<VapidKeys>(
  config.VAPID_SECRET_ARN,
  () => vapidKeysSchema.parse(JSON.parse(config.VAPID_KEYS ?? '{}')),
  (value) => vapidKeysSchema.parse(JSON.parse(value)),
);
