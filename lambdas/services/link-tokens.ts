import { createHmac, timingSafeEqual } from 'node:crypto';
import { linkIsCurrent, type LinkPayload } from '#domain/newsletter/newsletter.ts';

/**
 * Newsletter link tokens are signed here, on the server, and not in the domain module: the browser imports
 * lambdas/domain/newsletter/newsletter.ts for its texts and choices, and must never load node:crypto.
 */

/** A signed link token: the payload in base64url, then its HMAC-SHA256 (no database lookup, no guessing). */
export function signLinkToken(payload: LinkPayload, secret: string): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** The payload of a token this service signed, if its signature holds and it has not expired; else null. */
export function readLinkToken(token: string, secret: string, now = Date.now()): LinkPayload | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LinkPayload;
    return linkIsCurrent(payload, now) ? payload : null;
  } catch {
    return null;
  }
}
