/**
 * Amplify Auth, in its own chunk: the reader site imports this module only when someone signs in, signs
 * up, or already holds a session (see AuthProvider), so a guest's first page never downloads Amplify.
 */
import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  fetchAuthSession,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
} from 'aws-amplify/auth';
import { siteConfig } from '#web/shared/api/config.ts';
import type { SessionUser } from './user.ts';

let configured: Promise<void> | undefined;

/** Amplify reads the user pool from /config.json; locally it also gets cognito-local's endpoint. */
export function configureAuth(): Promise<void> {
  configured ??= siteConfig().then((config) => {
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: config.userPoolId,
          userPoolClientId: config.userPoolClientId,
          ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        },
      },
    });
  });
  return configured;
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Thrown when the account exists but its e-mail is not verified yet: the page asks for the code. */
export class NeedsConfirmation extends Error {
  constructor(readonly email: string) {
    super('Please check your email to verify your account.');
  }
}

/**
 * Thrown when the password was right but is a temporary one (an account an administrator or the deploy made,
 * invited by Cognito's mail): the page asks for a new password and finishes with chooseNewPassword.
 */
export class NeedsNewPassword extends Error {
  constructor(readonly email: string) {
    super('Choose a new password to finish signing in.');
  }
}

export async function signInWithPassword(email: string, password: string): Promise<void> {
  await configureAuth();
  const config = await siteConfig();
  const result = await signIn({
    username: normaliseEmail(email),
    password,
    // SRP in AWS; cognito-local only speaks USER_PASSWORD_AUTH, and says so in /config.json.
    options: { authFlowType: config.authFlowType ?? 'USER_SRP_AUTH' },
  });
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') throw new NeedsConfirmation(normaliseEmail(email));
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED') throw new NeedsNewPassword(normaliseEmail(email));
  if (!result.isSignedIn) throw new Error('Please check your email to verify your account.');
}

/** Answers the temporary password's challenge (Amplify keeps the sign-in's session); the reader is then signed in. */
export async function chooseNewPassword(newPassword: string): Promise<void> {
  await configureAuth();
  const result = await confirmSignIn({ challengeResponse: newPassword });
  if (!result.isSignedIn) throw new Error('The sign-in could not be finished. Sign in again with your new password.');
}

export async function signUpWithPassword(input: { email: string; password: string; fullName: string }): Promise<void> {
  await configureAuth();
  await signUp({
    username: normaliseEmail(input.email),
    password: input.password,
    options: { userAttributes: { email: normaliseEmail(input.email), name: input.fullName } },
  });
}

export async function confirmEmail(email: string, code: string): Promise<void> {
  await configureAuth();
  await confirmSignUp({ username: normaliseEmail(email), confirmationCode: code.trim() });
}

export async function resendCode(email: string): Promise<void> {
  await configureAuth();
  await resendSignUpCode({ username: normaliseEmail(email) });
}

export async function startPasswordReset(email: string): Promise<void> {
  await configureAuth();
  await resetPassword({ username: normaliseEmail(email) });
}

export async function finishPasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  await configureAuth();
  await confirmResetPassword({ username: normaliseEmail(email), confirmationCode: code.trim(), newPassword });
}

/**
 * The ID token (it carries the e-mail, the name and the cognito:groups claim the API reads), refreshed by
 * Amplify when it has expired; null for a guest or a session that can no longer be refreshed.
 */
export async function idToken(): Promise<string | null> {
  await configureAuth();
  const session = await fetchAuthSession().catch(() => null);
  return session?.tokens?.idToken?.toString() ?? null;
}

/** The signed-in reader as the ID token describes them, or null. */
export async function currentUser(): Promise<SessionUser | null> {
  await configureAuth();
  const session = await fetchAuthSession().catch(() => null);
  const claims = session?.tokens?.idToken?.payload;
  if (!claims || typeof claims.sub !== 'string') return null;
  const groups = Array.isArray(claims['cognito:groups']) ? claims['cognito:groups'].map(String) : [];
  return {
    userId: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : '',
    name: typeof claims.name === 'string' ? claims.name : '',
    isAdmin: groups.includes('admin'),
    isModerator: groups.includes('admin') || groups.includes('moderator'),
  };
}

export async function signOutEverywhere(): Promise<void> {
  await configureAuth();
  await signOut();
}
