import { signedInCaller } from '#platform/auth.ts';

/**
 * The signed-in reader of a `user` route. The area router has already refused guests; this narrows the
 * type. Every route of this area works on this reader only: no route reads a user id from the request. A deleted
 * or suspended account's tokens are refused before (`refuseClosedAccount`, platform/auth.ts).
 */
export const reader = signedInCaller;

