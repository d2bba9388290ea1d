import { execFile } from 'node:child_process';
import type { ApiAnswer } from '#http/answers.ts';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { AdminCreateUserCommand, AdminListGroupsForUserCommand, CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, local, signedInUser, signedUpReader, useLocalAws, type Reader } from '../support/aws.ts';
import { repoRoot } from '../support/local-runtime.ts';

/** `npm run admin` against the integration runtime, as an owner runs it against `npm start`'s. */
async function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'bin/admin.ts', ...args], {
      cwd: repoRoot,
      env: { ...process.env, CNH_LOCAL_DIR: local().dataDir, CNH_PORT_BASE: String(local().portBase), CNH_TABLE_NAME: local().tableName },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

function cognito() {
  return new CognitoIdentityProviderClient({ endpoint: local().urls.userPool.endpoint, region: 'ap-south-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}

const subOf = (idToken: string) => (JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

async function groupsOf(userId: string): Promise<string[]> {
  const { Groups } = await cognito().send(new AdminListGroupsForUserCommand({ UserPoolId: local().urls.userPool.userPoolId, Username: userId }));
  return (Groups ?? []).map((group) => group.GroupName ?? '');
}

/** The role the console's user list shows (the profile's mirror of the groups). */
async function listedRole(email: string): Promise<string | undefined> {
  const answer = await api('GET', `/admin/users?search=${encodeURIComponent(email)}`, adminToken);
  return (answer.body as ApiAnswer<'GET /admin/users'>).items.find((user) => user.email === email)?.role;
}

let adminToken: string;
let reader: Reader;
let readerId: string;

beforeAll(async () => {
  useLocalAws();
  adminToken = (await signedInUser(['admin'])).idToken;
  reader = await signedUpReader(`Cli Person ${randomUUID().slice(0, 6)}`);
  readerId = subOf(reader.idToken);
});

describe('npm run admin -- --local', () => {
  it('makes a reader a moderator and back: the groups, the console\'s role and the next sign-in\'s token follow', async () => {
    // GIVEN a plain reader
    expect(await groupsOf(readerId)).toEqual([]);
    // WHEN the owner adds the moderator role
    const added = await admin('add', reader.email.toUpperCase(), 'moderator', '--local');
    // THEN it says so, the pool and the profile agree, and a new sign-in carries the group
    expect(added).toMatchObject({ code: 0 });
    expect(added.stdout).toContain(`${reader.email} is now a moderator in the local runtime`);
    expect(await groupsOf(readerId)).toEqual(['moderator']);
    expect(await listedRole(reader.email)).toBe('moderator');
    const signIn = await cognito().send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: local().urls.userPool.userPoolClientId, AuthParameters: { USERNAME: reader.email, PASSWORD: reader.password } }));
    const idToken = signIn.AuthenticationResult?.IdToken ?? '';
    expect((JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as { 'cognito:groups'?: string[] })['cognito:groups']).toEqual(['moderator']);
    expect((await api('GET', '/admin/session', idToken)).status).toBe(200);

    // WHEN admin is added too, the one role replaces the other (as the console's Change User Role does)
    expect((await admin('add', reader.email, 'admin', '--local')).code).toBe(0);
    expect(await groupsOf(readerId)).toEqual(['admin']);
    expect(await listedRole(reader.email)).toBe('admin');

    // WHEN it is removed, the person is a reader again
    const removed = await admin('remove', reader.email, 'admin', '--local');
    expect(removed.stdout).toContain(`${reader.email} is no longer an admin (now a reader)`);
    expect(await groupsOf(readerId)).toEqual([]);
    expect(await listedRole(reader.email)).toBe('user');
  });

  it('gives an account the deploy created (no sign-up, so no profile) its profile with the role, as the console lists it', async () => {
    // GIVEN an account made by AdminCreateUser, as the stack makes the first admin
    const email = `first-admin-${randomUUID().slice(0, 8)}@test.local`;
    const created = await cognito().send(new AdminCreateUserCommand({ UserPoolId: local().urls.userPool.userPoolId, Username: email, UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'true' }], MessageAction: 'SUPPRESS' }));
    const sub = created.User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value ?? created.User?.Username ?? '';
    expect(await listedRole(email)).toBeUndefined();
    // WHEN the owner adds the admin role
    expect((await admin('add', email, 'admin', '--local')).code).toBe(0);
    // THEN the console lists the account as an admin, and the pool agrees
    expect(await listedRole(email)).toBe('admin');
    expect(await groupsOf(sub)).toEqual(['admin']);
  });

  it('refuses an unknown user, an unknown role or action, and removing a role the person does not have, changing nothing', async () => {
    const unknown = await admin('add', 'nobody-here@test.local', 'admin', '--local');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('No account with the e-mail nobody-here@test.local in the local runtime');
    const badRole = await admin('add', reader.email, 'owner', '--local');
    expect(badRole.code).toBe(2);
    expect(badRole.stderr).toContain('Unknown role "owner": use admin or moderator.');
    const badAction = await admin('grant', reader.email, 'admin', '--local');
    expect(badAction.code).toBe(2);
    expect(badAction.stderr).toContain('Unknown action "grant": use add or remove.');
    const notThere = await admin('remove', reader.email, 'moderator', '--local');
    expect(notThere.code).toBe(2);
    expect(notThere.stderr).toContain(`${reader.email} is not a moderator in the local runtime`);
    expect(await groupsOf(readerId)).toEqual([]);
    expect((await admin('add')).stderr).toContain('Usage: npm run admin -- <add|remove> <email> <admin|moderator>');
  });
});
