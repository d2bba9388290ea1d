/** Sign-in rules shared by the Cognito construct, the local pool and the sign-up form (reader spec 5). */
export const PASSWORD_POLICY = { minLength: 8, maxLength: 128 } as const;

export const GROUPS = [
  { name: 'admin', description: 'Runs the console: content, users, revenue, pipeline', precedence: 1 },
  { name: 'moderator', description: 'Reviews and manages articles', precedence: 2 },
] as const;
