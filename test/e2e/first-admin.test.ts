import { randomUUID } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { local } from '../support/aws.ts';
import { seriousViolations } from '../support/axe.ts';
import { useChromium } from '../support/browser.ts';
import type { ApiAnswer } from '#http/answers.ts';
import { callApi, tokenOf } from '../support/console.ts';

/**
 * The first admin as a deploy makes them: an account created in the pool with a temporary password and put
 * in the admin group (AdminCreateUser + AdminAddUserToGroup, what the stack's UserPoolUser does), who never
 * signed up. They sign in on /auth with the temporary password, choose their own, land in the console and
 * find themselves on the Users screen (the sign-in made their profile).
 */
const chromium = useChromium();
const SLOW = { timeout: 20_000 };
const TEMPORARY_PASSWORD = 'Invite-Temp-2026';
const NEW_PASSWORD = 'First-Admin-2026';
let cognito: CognitoIdentityProviderClient;

beforeAll(() => {
  cognito = new CognitoIdentityProviderClient({ endpoint: local().urls.userPool.endpoint, region: 'ap-south-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
});
afterAll(() => cognito?.destroy());

/** An invited account, as the deploy creates the first admin. */
async function invitedUser(groups: string[]): Promise<string> {
  const { userPoolId } = local().urls.userPool;
  const email = `invited-${randomUUID().slice(0, 8)}@test.local`;
  await cognito.send(new AdminCreateUserCommand({
    UserPoolId: userPoolId,
    Username: email,
    TemporaryPassword: TEMPORARY_PASSWORD,
    MessageAction: 'SUPPRESS',
    UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'true' }],
  }));
  for (const group of groups) await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: email, GroupName: group }));
  return email;
}

const passwordSignIn = (email: string, password: string) =>
  cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: local().urls.userPool.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } }));

describe('the first admin, invited with a temporary password', () => {
  it('chooses a new password on /auth, lands in the console and is listed on the Users screen', async () => {
    const email = await invitedUser(['admin']);
    const page = await chromium.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${local().urls.site}/auth?redirect=${encodeURIComponent('/admin/users')}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(TEMPORARY_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();

    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor(SLOW);
    await page.getByText('You signed in with a temporary password. Choose your own to finish signing in.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The sign-up form's rules and messages, and the two fields must agree.
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('different');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('alllowercase1');
    await page.getByLabel('Confirm new password').fill('alllowercase1');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.getByText('Password must contain uppercase letters').waitFor();
    expect(await page.getByText('Passwords do not match').count()).toBe(0);

    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/users', SLOW);
    await page.getByRole('heading', { name: 'User Management' }).waitFor(SLOW);

    // Their own row (with its Actions menu), not the empty list's row, which repeats the search.
    await page.getByRole('searchbox', { name: 'Search users by name or email' }).fill(email);
    await page.getByRole('button', { name: `Actions for ${email}` }).waitFor(SLOW);
    const listed = await callApi<ApiAnswer<'GET /admin/users'>>(await tokenOf(page), 'GET', `/admin/users?search=${encodeURIComponent(email)}`);
    // Listed in the role its groups give it, as the console would have set it (the row's badge reads Admin).
    expect(listed.body.items.map((user) => [user.email, user.role])).toEqual([[email, 'admin']]);
    expect(await page.getByRole('row', { name: new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).getByText('Admin', { exact: true }).count()).toBe(1);
    await page.close();

    // The new password is the account's now; the temporary one no longer signs in.
    expect((await passwordSignIn(email, NEW_PASSWORD)).AuthenticationResult?.IdToken).toBeTruthy();
    await expect(passwordSignIn(email, TEMPORARY_PASSWORD)).rejects.toThrow();
  });

  it('gives the new-password challenge only for the right temporary password, and its answer only with the challenge session and a valid password', async () => {
    const email = await invitedUser([]);
    const ClientId = local().urls.userPool.userPoolClientId;
    await expect(passwordSignIn(email, 'Not-The-Temp-1')).rejects.toThrow('Incorrect username or password.');

    const challenge = await passwordSignIn(email, TEMPORARY_PASSWORD);
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const answer = (Session: string | undefined, password: string) =>
      cognito.send(new RespondToAuthChallengeCommand({ ClientId, ChallengeName: 'NEW_PASSWORD_REQUIRED', Session, ChallengeResponses: { USERNAME: email, NEW_PASSWORD: password } }));
    await expect(answer(randomUUID(), NEW_PASSWORD)).rejects.toThrow('Invalid session for the user, session is expired.');
    await expect(answer(challenge.Session, 'weakpassword')).rejects.toThrow('Password does not conform to policy');

    const signedIn = await answer(challenge.Session, NEW_PASSWORD);
    const refreshToken = signedIn.AuthenticationResult?.RefreshToken;
    expect(refreshToken).toBeTruthy();
    // The session Amplify keeps refreshes itself with this token an hour later.
    const refreshed = await cognito.send(new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId, AuthParameters: { REFRESH_TOKEN: refreshToken as string } }));
    expect(refreshed.AuthenticationResult?.IdToken).toBeTruthy();
  });
});
