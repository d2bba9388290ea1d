import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../support/inbox.ts';
import { anotherClient, apiFrom, local, signedInUser, signedUpReader, useLocalAws, type Reader } from '../support/aws.ts';

/**
 * Writes sent with an Idempotency-Key, through the site's /api as the forms send them: the same submission
 * twice (a double click, a retry after a lost answer) writes once and gets the first answer.
 */
let adminToken: string;
let reader: Reader;
let readerId: string;
const subOf = (idToken: string) => (JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

/** A call with an Idempotency-Key, its replay header read too. */
async function keyed(method: string, path: string, body: unknown, key: string, token?: string) {
  const response = await fetch(`${local().urls.api}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'idempotency-key': key, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, replayed: response.headers.get('idempotent-replayed') === 'true' };
}

beforeAll(async () => {
  useLocalAws();
  adminToken = (await signedInUser(['admin'])).idToken;
  reader = await signedUpReader(`Idem Reader ${randomUUID().slice(0, 6)}`);
  readerId = subOf(reader.idToken);
});

describe('a write sent with an Idempotency-Key', () => {
  it('changes a role once for a double submission, sent one after the other or side by side, and answers both alike', async () => {
    const { listAudit } = await import('#store/audit.ts');
    const before = (await listAudit({ target: readerId })).items.length;
    const key = randomUUID();
    const first = await keyed('PUT', `/admin/users/${readerId}/role`, { role: 'moderator' }, key, adminToken);
    const second = await keyed('PUT', `/admin/users/${readerId}/role`, { role: 'moderator' }, key, adminToken);
    expect(first).toMatchObject({ status: 200, replayed: false, body: { userId: readerId, role: 'moderator' } });
    expect(second).toEqual({ ...first, replayed: true });
    expect((await listAudit({ target: readerId })).items.length).toBe(before + 1);

    // Side by side: the second waits for the first and gets its answer.
    const together = randomUUID();
    const both = await Promise.all([1, 2].map(() => keyed('PUT', `/admin/users/${readerId}/role`, { role: 'user' }, together, adminToken)));
    expect(both.map((answer) => answer.status)).toEqual([200, 200]);
    expect(both.filter((answer) => answer.replayed)).toHaveLength(1);
    expect((await listAudit({ target: readerId })).items.length).toBe(before + 2);
  });

  it('refuses the same key with another body, and a malformed key, with a message', async () => {
    const { KEY_REUSED_MESSAGE } = await import('#platform/idempotency.ts');
    const key = randomUUID();
    expect((await keyed('PUT', '/me/preferences', { contentLanguage: 'en' }, key, reader.idToken)).status).toBe(200);
    expect(await keyed('PUT', '/me/preferences', { contentLanguage: 'hi' }, key, reader.idToken)).toMatchObject({ status: 422, body: { message: KEY_REUSED_MESSAGE } });
    const malformed = await keyed('PUT', '/me/preferences', { contentLanguage: 'en' }, 'short', reader.idToken);
    expect(malformed.status).toBe(400);
    expect(String(malformed.body.message)).toMatch(/^Idempotency-Key must be/);
  });

  it('keeps one reader\u2019s key apart from another\u2019s, and a refused request is not kept', async () => {
    const key = randomUUID();
    const other = await signedUpReader('Other Idem Reader');
    expect((await keyed('PUT', '/me/preferences', { contentLanguage: 'en' }, key, reader.idToken)).replayed).toBe(false);
    expect((await keyed('PUT', '/me/preferences', { contentLanguage: 'en' }, key, other.idToken)).replayed).toBe(false);
    // A 400 is answered again, not replayed: the next try with the same key runs.
    const bad = randomUUID();
    expect((await keyed('PUT', '/me/preferences', { contentLanguage: 'xx' }, bad, reader.idToken)).status).toBe(400);
    expect((await keyed('PUT', '/me/preferences', { contentLanguage: 'xx' }, bad, reader.idToken)).replayed).toBe(false);
  });

  it('subscribes a guest to the newsletter once for a double submission', async () => {
    const email = `idem-${randomUUID().slice(0, 8)}@test.local`;
    const key = randomUUID();
    const client = anotherClient();
    const send = () => apiFrom(client, 'POST', '/newsletter/subscriptions', { email, topics: [] }, undefined, { 'idempotency-key': key });
    const [first, second] = [await send(), await send()];
    expect(first.status).toBe(second.status);
    expect(second.body).toEqual(first.body);
    expect(await mailsTo(local().urls.mail, email)).toHaveLength(1);
  });
});
