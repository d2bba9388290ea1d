export const SIGN_IN_REFUSED = 'Incorrect email or password.';

/** How a refused password or an unknown address comes back: Cognito, and the local stand-in (cognito-local). */
const REFUSALS = new Set(['UserNotFoundException', 'NotAuthorizedException', 'InvalidPasswordException']);

/**
 * A failed sign-in says the same for an unknown address and a wrong password, so the form tells no one
 * which addresses have accounts (the deployed pool's client prevents user-existence errors too; the
 * local stand-in does not). A suspended account is told so: only its owner's password gets that far.
 */
export function signInFailure(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : '';
  if (REFUSALS.has(name) && !/disabled/i.test(message)) return SIGN_IN_REFUSED;
  return error instanceof Error && error.message ? error.message : 'An error occurred';
}
