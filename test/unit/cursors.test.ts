import { describe, expect, it } from 'vitest';
import { cursorKeyFrom, cursorScope, openCursorWith, sealCursorWith } from '#platform/cursors.ts';
import { InvalidCursorError } from '#store/table/paging.ts';

const key = cursorKeyFrom('a-test-secret-that-is-long-enough-0123456789');
const inner = Buffer.from(JSON.stringify({ pk: '$cnh#articles', sk: '$article_1#id_42' })).toString('base64url');

describe('sealed list cursors', () => {
  it('open to what was sealed, for the same list and filters', () => {
    const scope = cursorScope('audit', { target: 'article#42' });
    const token = sealCursorWith(key, scope, inner);
    expect(openCursorWith(key, cursorScope('audit', { target: 'article#42' }), token)).toBe(inner);
  });

  it('hide the table key layout (no key names in the token, a fresh token each time)', () => {
    const scope = cursorScope('review-queue');
    const token = sealCursorWith(key, scope, inner);
    // Ciphertext is random bytes: look for what the plain key would show, not two letters random bytes may spell.
    expect(Buffer.from(token, 'base64url').toString('latin1')).not.toMatch(/"pk"|"sk"|article/);
    expect(sealCursorWith(key, scope, inner)).not.toBe(token);
  });

  it('refuse a cursor of another list, other filters, another key, an edit or garbage', () => {
    const scope = cursorScope('audit', { target: 'a' });
    const token = sealCursorWith(key, scope, inner);
    const refused = (attempt: () => string) => expect(attempt).toThrow(InvalidCursorError);
    refused(() => openCursorWith(key, cursorScope('review-queue'), token));
    refused(() => openCursorWith(key, cursorScope('audit', { target: 'b' }), token));
    refused(() => openCursorWith(cursorKeyFrom('another-secret-that-is-long-enough-000000000'), scope, token));
    const bytes = Buffer.from(token, 'base64url');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] as number) ^ 1;
    refused(() => openCursorWith(key, scope, bytes.toString('base64url')));
    refused(() => openCursorWith(key, scope, inner));
    refused(() => openCursorWith(key, scope, '%%%not base64%%%'));
    refused(() => openCursorWith(key, scope, 'AAAA'));
  });

  it('scope does not depend on the order filters are written in', () => {
    expect(cursorScope('users', { tab: 'all', search: 'x' })).toBe(cursorScope('users', { search: 'x', tab: 'all' }));
    expect(cursorScope('users', { search: undefined })).toBe(cursorScope('users', { search: null }));
  });
});
