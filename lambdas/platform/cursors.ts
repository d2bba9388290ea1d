import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { linkSigningKey } from '../core/secrets.ts';
import { InvalidCursorError } from '#store/table/paging.ts';

/**
 * List cursors leave the API sealed with AES-256-GCM: opaque (the table's key layout stays inside),
 * unforgeable (an edited or home-made cursor fails its tag), and bound to the list and filters they page
 * (the scope is the authenticated additional data), so one list's cursor never reaches another's Query.
 * The key is derived (HKDF) from the service's signing secret under its own purpose.
 */
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function cursorKeyFrom(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'creator-news-hub', 'list-cursor-v1', 32));
}

/** The scope a cursor is bound to: the list's name and every filter that shapes its Query. */
export function cursorScope(list: string, filters: Record<string, string | number | boolean | null | undefined> = {}): string {
  return JSON.stringify([list, ...Object.keys(filters).sort().map((name) => [name, filters[name] ?? null])]);
}

export function sealCursorWith(key: Buffer, scope: string, cursor: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(scope, 'utf8'));
  const sealed = Buffer.concat([cipher.update(cursor, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The inner cursor, or InvalidCursorError for anything this API did not seal for this scope. */
export function openCursorWith(key: Buffer, scope: string, token: string): string {
  const bytes = /^[A-Za-z0-9_-]+$/.test(token) ? Buffer.from(token, 'base64url') : Buffer.alloc(0);
  if (bytes.length <= IV_BYTES + TAG_BYTES) throw new InvalidCursorError();
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(scope, 'utf8'));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new InvalidCursorError();
  }
}

let key: Promise<Buffer> | undefined;
const cursorKey = () => {
  key ??= linkSigningKey().then(cursorKeyFrom, (error: unknown) => {
    key = undefined;
    throw error;
  });
  return key;
};

/** Seals a page's next cursor for the answer (null stays null: the last page). */
export async function sealCursor(scope: string, cursor: string | null): Promise<string | null> {
  return cursor === null ? null : sealCursorWith(await cursorKey(), scope, cursor);
}

/** Opens a cursor a client sent back (absent: the first page). */
export async function openCursor(scope: string, token: string | null | undefined): Promise<string | null> {
  return token ? openCursorWith(await cursorKey(), scope, token) : null;
}
