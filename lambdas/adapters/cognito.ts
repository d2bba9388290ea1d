import { AdminDeleteUserCommand, CognitoIdentityProviderClient, DescribeUserPoolCommand, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { config } from '#core/config.ts';
import { boundedClientSettings, clientSettings, watched } from './aws-clients.ts';

/**
 * Cognito admin calls on the product's user pool. The endpoint comes from the SDK's environment lookup
 * (AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER), which the local runtime points at cognito-local.
 */
const cognito = watched(new CognitoIdentityProviderClient(clientSettings()), 'cognito');

function poolId(): string {
  if (!config.USER_POOL_ID) throw new Error('USER_POOL_ID is not set for this function');
  return config.USER_POOL_ID;
}

/** Deletes the account; an account already gone counts as deleted. */
export async function deleteCognitoUser(username: string): Promise<void> {
  try {
    await cognito.send(new AdminDeleteUserCommand({ UserPoolId: poolId(), Username: username }));
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
  }
}

/** The user pool's name (DescribeUserPool), with a bounded wait on a client made for the call: the diagnostics' check. */
export async function userPoolName(timeoutMs: number): Promise<string> {
  const UserPoolId = poolId();
  const client = new CognitoIdentityProviderClient(boundedClientSettings(timeoutMs));
  try {
    const answer = await client.send(new DescribeUserPoolCommand({ UserPoolId }));
    return answer.UserPool?.Name ?? UserPoolId;
  } finally {
    client.destroy();
  }
}
