import { AdminGetUserCommand, CognitoIdentityProviderClient, InitiateAuthCommand, NotAuthorizedException } from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, local, signedInUser, signedUpReader, useLocalAws, type Reader } from '../support/aws.ts';
import type { ApiAnswer } from '#http/answers.ts';

/** User management through the local API gateway, against cognito-local (the user pool) and DynamoDB Local. */

type Listing = ApiAnswer<'GET /admin/users'>;

let adminToken: string;
let adminSub: string;
let adminEmail: string;
let reader: Reader;
let readerId: string;

const subOf = (idToken: string) => (JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
const groupsOf = (idToken: string) => (JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as { 'cognito:groups'?: string[] })['cognito:groups'] ?? [];

function cognito() {
  return new CognitoIdentityProviderClient({ endpoint: local().urls.userPool.endpoint, region: 'ap-south-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}

async function signIn(email: string, password: string) {
  const result = await cognito().send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: local().urls.userPool.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } }));
  return result.AuthenticationResult!;
}

async function list(query: string): Promise<Listing> {
  const answer = await api('GET', `/admin/users?${query}`, adminToken);
  expect(answer.status).toBe(200);
  return answer.body as Listing;
}

beforeAll(async () => {
  useLocalAws();
  const admin = await signedInUser(['admin']);
  adminToken = admin.idToken;
  adminSub = subOf(admin.idToken);
  adminEmail = admin.email;
  reader = await signedUpReader(`Zara Quokka ${randomUUID().slice(0, 6)}`);
  readerId = subOf(reader.idToken);
});

describe('user management: access', () => {
  const routes = (id: string): Array<[string, string, unknown?]> => [
    ['GET', '/admin/users'],
    ['PUT', `/admin/users/${id}`, { fullName: 'X' }],
    ['PUT', `/admin/users/${id}/role`, { role: 'moderator' }],
    ['POST', `/admin/users/${id}/messages`, { message: 'hi' }],
    ['POST', `/admin/users/${id}/suspension`, {}],
    ['DELETE', `/admin/users/${id}/suspension`],
  ];

  it('answers guests 401, readers and moderators 403 on every route, and changes nothing', async () => {
    const plainReader = (await signedInUser()).idToken;
    const moderator = (await signedInUser(['moderator'])).idToken;
    for (const [method, path, body] of routes(readerId)) {
      expect((await api(method, path, undefined, body)).status, `${method} ${path} guest`).toBe(401);
      expect(await api(method, path, plainReader, body), `${method} ${path} reader`).toMatchObject({ status: 403, body: { message: 'Access denied. Admin privileges required.' } });
      expect((await api(method, path, moderator, body)).status, `${method} ${path} moderator`).toBe(403);
    }
    const [found] = (await list(`search=${encodeURIComponent(reader.email)}`)).items;
    expect(found).toMatchObject({ role: 'user', suspended: false });
  });

  it('refuses bad input with 400 and unknown users with 404, never 500', async () => {
    expect((await api('PUT', `/admin/users/${readerId}/role`, adminToken, { role: 'root' })).status).toBe(400);
    expect((await api('POST', `/admin/users/${readerId}/messages`, adminToken, { message: '   ' })).status).toBe(400);
    expect((await api('PUT', `/admin/users/${readerId}`, adminToken, { email: 'not-an-address' })).status).toBe(400);
    expect((await api('PUT', `/admin/users/${readerId}`, adminToken, {})).status).toBe(400);
    expect((await api('GET', '/admin/users?tab=everyone', adminToken)).status).toBe(400);
    expect((await api('GET', '/admin/users?cursor=garbage', adminToken)).status).toBe(400);
    expect(await api('PUT', '/admin/users/no-such-user/role', adminToken, { role: 'moderator' })).toMatchObject({ status: 404, body: { message: 'User not found' } });
  });
});

describe('user management: list and search', () => {
  it('finds the user by part of the name or the e-mail, whatever the case, newest first', async () => {
    const byName = await list(`search=${encodeURIComponent('zARA qUOKKA')}`);
    expect(byName.items.map((user) => user.userId)).toContain(readerId);
    expect(byName.items.every((user) => /zara quokka/i.test(user.fullName) || /zara quokka/i.test(user.email))).toBe(true);
    const byEmail = await list(`search=${encodeURIComponent(reader.email.toUpperCase())}`);
    expect(byEmail.items.map((user) => user.userId)).toEqual([readerId]);
    expect((await list('search=no-such-person-anywhere')).items).toEqual([]);

    const all = await list('tab=all&limit=100');
    const times = all.items.map((user) => user.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.items.find((user) => user.userId === readerId)).toMatchObject({ email: reader.email, role: 'user', suspended: false });
  });

  it('shows the new reader under Recent (joined in the last 7 days) and not under Admins', async () => {
    const recent = await list('tab=recent&limit=100');
    expect(recent.items.map((user) => user.userId)).toContain(readerId);
    expect(recent.items.every((user) => Date.now() - Date.parse(user.createdAt) <= 7 * 86_400_000)).toBe(true);
    const admins = await list('tab=admins');
    expect(admins.items.map((user) => user.userId)).not.toContain(readerId);
    expect(admins.items.every((user) => user.role === 'admin' || user.role === 'moderator')).toBe(true);
    // The runtime's first admin: its profile mirrors the admin group.
    expect(admins.items).toContainEqual(expect.objectContaining({ email: local().admin.email, role: 'admin' }));
  });

  it('pages with a cursor without repeating anyone', async () => {
    const first = await list('limit=1');
    expect(first.items).toHaveLength(1);
    expect(first.cursor).not.toBeNull();
    const second = await list(`limit=1&cursor=${encodeURIComponent(first.cursor!)}`);
    expect(second.items[0]?.userId).not.toBe(first.items[0]!.userId);
  });

  it('hands out opaque cursors and refuses one of another list, other filters or a home-made one with 400', async () => {
    const first = await list('limit=1');
    const token = first.cursor!;
    // Opaque: the table's key names and values do not show through. The token is ciphertext, random bytes, so the
    // check looks for what a plain key would show (quoted key names, the listed user's id), not two letters that
    // random bytes spell about once in a hundred tokens.
    const decoded = Buffer.from(token, 'base64url').toString('latin1');
    expect(decoded).not.toMatch(/"(?:gsi\w*|pk|sk)"|profile/i);
    expect(decoded).not.toContain(first.items[0]!.userId);
    const refused = async (path: string) => {
      const answer = await api('GET', path, adminToken);
      expect(answer, path).toMatchObject({ status: 400, body: { message: 'Invalid cursor: start again from the first page' } });
    };
    await refused(`/admin/users?limit=1&tab=admins&cursor=${encodeURIComponent(token)}`);
    await refused(`/admin/audit?cursor=${encodeURIComponent(token)}`);
    await refused(`/admin/review?cursor=${encodeURIComponent(token)}`);
    // What an ElectroDB cursor looks like in the clear: a key of another shape, base64url JSON.
    const homeMade = Buffer.from(JSON.stringify({ pk: '$cnh#userid_x', sk: '$profile_1', gsi1pk: 1, gsi1sk: { S: 'x' } })).toString('base64url');
    await refused(`/admin/users?cursor=${homeMade}`);
    await refused(`/admin/alerts?cursor=${homeMade}`);
  });
});

describe('user management: roles', () => {
  it('makes a reader a moderator: the next token carries the group and the review queue opens', async () => {
    expect((await api('GET', '/admin/review', reader.idToken)).status).toBe(403);
    const changed = await api('PUT', `/admin/users/${readerId}/role`, adminToken, { role: 'moderator' });
    expect(changed).toMatchObject({ status: 200, body: { userId: readerId, role: 'moderator' } });

    const next = await signIn(reader.email, reader.password);
    expect(groupsOf(next.IdToken!)).toEqual(['moderator']);
    expect((await api('GET', '/admin/review', next.IdToken)).status).toBe(200);
    expect((await api('GET', '/admin/users', next.IdToken)).status).toBe(403);
    const admins = await list(`tab=admins&search=${encodeURIComponent(reader.email)}`);
    expect(admins.items).toEqual([expect.objectContaining({ userId: readerId, role: 'moderator' })]);

    const { listAudit } = await import('#store/audit.ts');
    const [entry] = (await listAudit({ target: readerId })).items;
    expect(entry).toMatchObject({ action: 'user.role', actorId: adminSub, before: { role: 'user' }, after: { role: 'moderator' } });

    expect((await api('PUT', `/admin/users/${readerId}/role`, adminToken, { role: 'user' })).status).toBe(200);
    const demoted = await signIn(reader.email, reader.password);
    expect(groupsOf(demoted.IdToken!)).toEqual([]);
    expect((await api('GET', '/admin/review', demoted.IdToken)).status).toBe(403);
    expect((await list(`tab=admins&search=${encodeURIComponent(reader.email)}`)).items).toEqual([]);
  });

  it('refuses an admin removing their own admin role (409) and leaves them admin', async () => {
    expect(await api('PUT', `/admin/users/${adminSub}/role`, adminToken, { role: 'moderator' })).toMatchObject({ status: 409, body: { message: 'You cannot remove your own admin role' } });
    expect((await api('GET', '/admin/users', adminToken)).status).toBe(200);
  });
});

describe('user management: messages, profile, suspension', () => {
  it('delivers a Message from Admin to the reader\'s notifications', async () => {
    const text = `Please check your profile ${randomUUID().slice(0, 6)}`;
    expect(await api('POST', `/admin/users/${readerId}/messages`, adminToken, { message: text })).toMatchObject({ status: 200, body: { title: 'Message from Admin' } });
    const mine = (await api('GET', '/me/notifications', reader.idToken)).body as ApiAnswer<'GET /me/notifications'>;
    expect(mine.items[0]).toMatchObject({ title: 'Message from Admin', message: text, type: 'admin_message' });
  });

  it('edits the name and the e-mail, in the profile and in Cognito (the new address unverified)', async () => {
    const email = `renamed-${randomUUID().slice(0, 6)}@test.local`;
    const answer = await api('PUT', `/admin/users/${readerId}`, adminToken, { fullName: 'Zara Q. Renamed', email: email.toUpperCase() });
    expect(answer).toMatchObject({ status: 200, body: { fullName: 'Zara Q. Renamed', email, emailVerified: false } });
    const user = await cognito().send(new AdminGetUserCommand({ UserPoolId: local().urls.userPool.userPoolId, Username: readerId }));
    const attribute = (name: string) => user.UserAttributes?.find((entry) => entry.Name === name)?.Value;
    expect(attribute('email')).toBe(email);
    expect(attribute('email_verified')).toBe('false');
    expect((await list(`search=renamed`)).items.map((item) => item.userId)).toContain(readerId);

    reader = { ...reader, email };
  });

  it('refuses an address another account holds (409), and changes nothing', async () => {
    const answer = await api('PUT', `/admin/users/${readerId}`, adminToken, { email: adminEmail });
    expect(answer).toMatchObject({ status: 409, body: { message: 'Another account already uses this e-mail address' } });
    const user = await cognito().send(new AdminGetUserCommand({ UserPoolId: local().urls.userPool.userPoolId, Username: readerId }));
    expect(user.UserAttributes?.find((entry) => entry.Name === 'email')?.Value).toBe(reader.email);
    // The account's own address again is no change, not a conflict.
    expect((await api('PUT', `/admin/users/${readerId}`, adminToken, { email: reader.email })).status).toBe(200);
  });

  it('suspends: sign-in and refresh refused, the notice sent, off the Active tab; enabling lets them in again', async () => {
    const before = await signIn(reader.email, reader.password);
    const suspended = await api('POST', `/admin/users/${readerId}/suspension`, adminToken, { reason: 'Spam comments' });
    expect(suspended).toMatchObject({ status: 200, body: { userId: readerId, suspended: true } });

    await expect(signIn(reader.email, reader.password)).rejects.toBeInstanceOf(NotAuthorizedException);
    await expect(cognito().send(new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: local().urls.userPool.userPoolClientId, AuthParameters: { REFRESH_TOKEN: before.RefreshToken! } }))).rejects.toBeInstanceOf(NotAuthorizedException);

    // Its token still verifies until it expires: its own reads answer (the notice is there), its writes do not.
    const mine = (await api('GET', '/me/notifications', before.IdToken)).body as ApiAnswer<'GET /me/notifications'>;
    expect(mine.items[0]).toMatchObject({ title: 'Account Suspension Notice', type: 'warning' });
    expect(mine.items[0]!.message).toMatch(/temporarily suspended.*contact support/i);
    const refused = { status: 403, body: { message: 'This account is temporarily suspended: contact support' } };
    expect(await api('PATCH', '/me', before.IdToken!, { fullName: 'Suspended Write' })).toMatchObject(refused);
    expect(await api('PUT', '/me/newsletter', before.IdToken!, { frequency: 'daily' })).toMatchObject(refused);
    expect(await api('POST', '/me/follows/keywords', before.IdToken!, { keyword: 'suspended' })).toMatchObject(refused);

    const search = `search=${encodeURIComponent(reader.email)}`;
    expect((await list(`tab=all&${search}`)).items).toEqual([expect.objectContaining({ userId: readerId, suspended: true })]);
    expect((await list(`tab=active&${search}`)).items).toEqual([]);

    expect(await api('DELETE', `/admin/users/${readerId}/suspension`, adminToken)).toMatchObject({ status: 200, body: { suspended: false } });
    expect((await signIn(reader.email, reader.password)).IdToken).toBeTruthy();
    expect((await api('PATCH', '/me', before.IdToken!, { fullName: 'Zara Q. Renamed' })).status).toBe(200);
    expect((await list(`tab=active&${search}`)).items).toEqual([expect.objectContaining({ userId: readerId, suspended: false })]);

    const { listAudit } = await import('#store/audit.ts');
    const actions = (await listAudit({ target: readerId })).items.map((entry) => entry.action);
    expect(actions.slice(0, 2)).toEqual(['user.enable', 'user.suspend']);
  });

  it('refuses an admin suspending their own account', async () => {
    expect((await api('POST', `/admin/users/${adminSub}/suspension`, adminToken, {})).status).toBe(409);
  });
});
