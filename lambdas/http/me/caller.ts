import { signedInCaller, type Caller } from '#platform/auth.ts';
import { isDeletedAccount } from '#store/accounts.ts';
import { HttpError } from '#core/errors.ts';

/**
 * The signed-in reader of a `user` route. The area router has already refused guests; this narrows the
 * type. Every route of this area works on this reader only: no route reads a user id from the request.
 */
export const reader = signedInCaller;

/** Refuses a deleted account's tokens, which stay valid until they expire (one read per request). */
export async function liveReader(caller: Caller | null): Promise<Caller> {
  const me = reader(caller);
  if (await isDeletedAccount(me.userId)) throw new HttpError(401, 'This account has been deleted');
  return me;
}

