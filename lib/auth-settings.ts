/** Sign-in rules shared by the Cognito construct, the local pool and the sign-up form (reader spec 5). */
export { PASSWORD_POLICY } from '#domain/reader/account.ts';

export const GROUPS = [
  { name: 'admin', description: 'Runs the console: content, users, revenue, pipeline', precedence: 1 },
  { name: 'moderator', description: 'Reviews and manages articles', precedence: 2 },
] as const;

/** The web client's sessions: short-lived tokens, refreshed by Amplify from a 30-day refresh token. */
export const TOKEN_VALIDITY = { accessTokenHours: 1, idTokenHours: 1, refreshTokenDays: 30 } as const;
