import {
  AdminAddUserToGroupCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  AliasExistsException,
  CognitoIdentityProviderClient,
  ListUsersCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Role } from '#domain/common/caller.ts';
import { config } from '#core/config.ts';
import { HttpError } from '#core/errors.ts';
import { clientSettings, watched } from './aws-clients.ts';

/**
 * The console's user management on the product's user pool (admin function). Users are addressed by their
 * `sub` (the profile's userId), which Cognito accepts as the user name of a pool that signs in by e-mail.
 */
const cognito = watched(new CognitoIdentityProviderClient(clientSettings()), 'cognito');

function poolId(): string {
  if (!config.USER_POOL_ID) throw new Error('USER_POOL_ID is not set for this function');
  return config.USER_POOL_ID;
}

/** The groups that carry a role (a plain reader is in none). */
const ROLE_GROUPS = ['admin', 'moderator'] as const;

async function send<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof UserNotFoundException) throw new HttpError(404, 'This user has no account in the user pool');
    throw error;
  }
}

/** The role groups a user is in, in the pool that named it (a trigger has the pool's id from its event). */
export async function roleGroupsIn(userPoolId: string, username: string): Promise<string[]> {
  const listed = await send(() => cognito.send(new AdminListGroupsForUserCommand({ UserPoolId: userPoolId, Username: username })));
  return (listed.Groups ?? []).map((group) => group.GroupName ?? '').filter((name) => (ROLE_GROUPS as readonly string[]).includes(name));
}

/**
 * Puts the user in the group of the role and out of the other role groups. Takes effect at the user's next
 * token (the groups are a claim of the ID token). Returns the role groups the user was in before.
 */
export async function setRoleGroups(userId: string, role: Role): Promise<string[]> {
  const before = await roleGroupsIn(poolId(), userId);
  for (const group of before) {
    if (group !== role) await send(() => cognito.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: poolId(), Username: userId, GroupName: group })));
  }
  if (role !== 'user' && !before.includes(role)) {
    await send(() => cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: poolId(), Username: userId, GroupName: role })));
  }
  return before;
}

const ANOTHER_ACCOUNT_HAS_EMAIL = 'Another account already uses this e-mail address';

/**
 * A new sign-in address. Nobody has proved the user reads it, so it is stored as unverified (Cognito sends
 * the code to the new address); an address another account uses is refused.
 */
export async function changeEmail(userId: string, email: string): Promise<void> {
  // Asked first: Cognito refuses an address another account signs in with (AliasExistsException, below), but an
  // address another account merely holds is not refused by every pool (nor by the local stand-in).
  const holders = await send(() => cognito.send(new ListUsersCommand({ UserPoolId: poolId(), Filter: `email = "${email.replace(/["\\]/g, '')}"`, AttributesToGet: ['sub'], Limit: 2 })));
  const others = (holders.Users ?? []).filter((user) => user.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value !== userId && user.Username !== userId);
  if (others.length) throw new HttpError(409, ANOTHER_ACCOUNT_HAS_EMAIL);
  try {
    await send(() => cognito.send(new AdminUpdateUserAttributesCommand({
      UserPoolId: poolId(),
      Username: userId,
      UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'false' }],
    })));
  } catch (error) {
    if (error instanceof AliasExistsException) throw new HttpError(409, ANOTHER_ACCOUNT_HAS_EMAIL);
    throw error;
  }
}

/** The account cannot sign in, and its refresh tokens stop working (issued ID tokens run out within the hour). */
export async function disableUser(userId: string): Promise<void> {
  await send(() => cognito.send(new AdminDisableUserCommand({ UserPoolId: poolId(), Username: userId })));
  await send(() => cognito.send(new AdminUserGlobalSignOutCommand({ UserPoolId: poolId(), Username: userId })));
}

export async function enableUser(userId: string): Promise<void> {
  await send(() => cognito.send(new AdminEnableUserCommand({ UserPoolId: poolId(), Username: userId })));
}
