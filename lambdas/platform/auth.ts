import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import type { AuthLevel } from '#stack/stack-description.ts';
import type { Caller, Role } from '#domain/common/caller.ts';
import { ACCESS_MESSAGES, HttpError } from '../core/errors.ts';
import { logger } from '../core/logger.ts';
import { accountStanding } from '#store/account-standing.ts';

// Handlers take the caller's type from the router's module, where the caller comes from.
export type { Caller, Role };

/** Events as API Gateway hands them over; the authorizer part is absent on public routes. */
export type HttpEvent = Omit<APIGatewayProxyEventV2WithJWTAuthorizer, 'requestContext'> & {
  requestContext: Omit<APIGatewayProxyEventV2WithJWTAuthorizer['requestContext'], 'authorizer'> & {
    authorizer?: APIGatewayProxyEventV2WithJWTAuthorizer['requestContext']['authorizer'];
  };
};

/**
 * API Gateway's JWT authorizer flattens array claims into one string, "[admin moderator]"; an
 * unflattened array (or a single group name) is accepted as well.
 */
export function parseGroupsClaim(claim: unknown): string[] {
  if (Array.isArray(claim)) return claim.map(String);
  if (typeof claim !== 'string' || claim.trim() === '') return [];
  return claim
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .map((group) => group.trim())
    .filter(Boolean);
}

export function roleOf(groups: readonly string[]): Role {
  if (groups.includes('admin')) return 'admin';
  if (groups.includes('moderator')) return 'moderator';
  return 'user';
}

/** The verified caller, from the claims the authorizer checked, or null for a guest. */
export function callerOf(event: HttpEvent): Caller | null {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  if (!claims || typeof claims.sub !== 'string') return null;
  const groups = parseGroupsClaim(claims['cognito:groups']);
  const username = claims['cognito:username'];
  return {
    userId: claims.sub,
    username: typeof username === 'string' && username ? username : claims.sub,
    email: typeof claims.email === 'string' ? claims.email : undefined,
    // API Gateway's authorizer hands claims over as strings ("true"); an unflattened boolean is read as well.
    emailVerified: String(claims.email_verified) === 'true',
    name: typeof claims.name === 'string' && claims.name ? claims.name : undefined,
    role: roleOf(groups),
    groups,
  };
}

/**
 * Enforces a route's auth level in the handler, behind the gateway's authorizer: the gateway proves
 * who the caller is, this decides what the caller may do.
 */
export function authorize(level: AuthLevel, caller: Caller | null): void {
  if (level === 'public') return;
  if (!caller) throw new HttpError(401, ACCESS_MESSAGES.signInRequired);
  if (level === 'admin' && caller.role !== 'admin') throw new HttpError(403, ACCESS_MESSAGES.admin);
  if (level === 'moderator' && caller.role === 'user') throw new HttpError(403, ACCESS_MESSAGES.moderator);
}

/**
 * Refuses the still-valid tokens of an account closed since they were issued (an ID token lives an hour on AWS, and
 * Cognito does not revoke it): a deleted account on every route (401); a suspended one on every write and every
 * console route (403), while its own reads still answer (its notifications hold the suspension notice). Two reads
 * of the table per signed-in request, bounded (STANDING_WAIT_MS, store/account-standing.ts): when the table does
 * not answer the token is taken as it is, since the console's diagnostics must still say that DynamoDB is failing,
 * and a route that needs the table fails on its own.
 */
export async function refuseClosedAccount(caller: Caller, level: AuthLevel, method: string): Promise<void> {
  let standing: Awaited<ReturnType<typeof accountStanding>>;
  try {
    standing = await accountStanding(caller.userId);
  } catch (error) {
    logger.warn('account standing unknown: the token is taken as it is', { userId: caller.userId, error: error instanceof Error ? error.message : String(error) });
    return;
  }
  if (standing === 'deleted') throw new HttpError(401, ACCESS_MESSAGES.deleted);
  if (standing === 'suspended' && (method !== 'GET' || level !== 'user')) throw new HttpError(403, ACCESS_MESSAGES.suspended);
}

/** The caller of a route the area router has already limited to signed-in users (narrows the type). */
export function signedInCaller(caller: Caller | null): Caller {
  if (!caller) throw new HttpError(401, ACCESS_MESSAGES.signInRequired);
  return caller;
}
