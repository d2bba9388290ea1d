/**
 * Who is calling, as the router reads it from the verified token (platform/auth.ts): kept here, below
 * every layer, because the audit log and the user admin record it as well as the router.
 */
export type Role = 'user' | 'moderator' | 'admin';

export interface Caller {
  userId: string;
  /** The Cognito user name (admin calls such as AdminDeleteUser take it); the subject when absent. */
  username: string;
  email: string | undefined;
  /** Whether Cognito says the address was proved (the `email_verified` claim; false after an admin changed it). */
  emailVerified: boolean;
  /** The name given at sign-up (the ID token's `name` claim). */
  name: string | undefined;
  role: Role;
  groups: string[];
}
