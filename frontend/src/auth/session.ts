import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { siteConfig } from '../api/config.ts';

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

export async function signInWithPassword(email: string, password: string): Promise<void> {
  await configureAuth();
  const config = await siteConfig();
  const result = await signIn({
    username: email.trim().toLowerCase(),
    password,
    // SRP in AWS; cognito-local only speaks USER_PASSWORD_AUTH, and says so in /config.json.
    options: { authFlowType: config.authFlowType ?? 'USER_SRP_AUTH' },
  });
  if (!result.isSignedIn) throw new Error('Please check your email to verify your account.');
}

/** The ID token (it carries the e-mail and the cognito:groups claim the API reads), or null for a guest. */
export async function idToken(): Promise<string | null> {
  await configureAuth();
  const session = await fetchAuthSession().catch(() => null);
  return session?.tokens?.idToken?.toString() ?? null;
}

export async function signOutEverywhere(): Promise<void> {
  await configureAuth();
  await signOut();
}
