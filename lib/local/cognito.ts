import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { GROUPS, PASSWORD_POLICY } from '../auth-settings.ts';
import { startChild, waitForPort } from './processes.ts';
import type { LocalSettings } from './settings.ts';

export interface LocalUserPool {
  userPoolId: string;
  userPoolClientId: string;
  endpoint: string;
  issuer: string;
  jwksUrl: string;
}

const require = createRequire(import.meta.url);

export async function startCognitoLocal(settings: LocalSettings): Promise<void> {
  const workDir = path.join(settings.dataDir, 'cognito');
  mkdirSync(workDir, { recursive: true });
  const entry = require.resolve('cognito-local/lib/bin/start.js');
  startChild('cognito', process.execPath, [entry], {
    cwd: workDir,
    env: { ...process.env, PORT: String(settings.ports.cognito), HOST: 'localhost', CODE: settings.confirmationCode },
  });
  await waitForPort(settings.ports.cognito, 'cognito-local');
}

export function cognitoClient(settings: LocalSettings): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint: `http://localhost:${settings.ports.cognito}`,
    region: settings.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/**
 * Creates the pool, its client, the groups and the first admin on the first start, and remembers the
 * ids in the data folder so a second start reuses them.
 */
export async function ensureUserPool(settings: LocalSettings): Promise<LocalUserPool> {
  const endpoint = `http://localhost:${settings.ports.cognito}`;
  const saved = path.join(settings.dataDir, 'user-pool.json');
  const describe = (userPoolId: string, userPoolClientId: string): LocalUserPool => ({
    userPoolId,
    userPoolClientId,
    endpoint,
    issuer: `${endpoint}/${userPoolId}`,
    jwksUrl: `${endpoint}/${userPoolId}/.well-known/jwks.json`,
  });
  if (existsSync(saved)) {
    const ids = JSON.parse(readFileSync(saved, 'utf8')) as { userPoolId: string; userPoolClientId: string };
    return describe(ids.userPoolId, ids.userPoolClientId);
  }
  const client = cognitoClient(settings);
  const pool = await client.send(
    new CreateUserPoolCommand({
      PoolName: 'creator-news-hub-users',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: {
        PasswordPolicy: {
          MinimumLength: PASSWORD_POLICY.minLength,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: false,
        },
      },
    }),
  );
  const userPoolId = pool.UserPool?.Id;
  if (!userPoolId) throw new Error('cognito-local created no user pool');
  const appClient = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'web',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH'],
    }),
  );
  const userPoolClientId = appClient.UserPoolClient?.ClientId;
  if (!userPoolClientId) throw new Error('cognito-local created no app client');
  for (const group of GROUPS) {
    await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: group.name, Description: group.description }));
  }
  await createConfirmedUser(settings, { userPoolId, userPoolClientId }, settings.admin.email, settings.admin.password, ['admin']);
  mkdirSync(settings.dataDir, { recursive: true });
  writeFileSync(saved, JSON.stringify({ userPoolId, userPoolClientId }, null, 2));
  return describe(userPoolId, userPoolClientId);
}

/** A user who can sign in at once (no verification mail), in the given groups. Returns the user's sub. */
export async function createConfirmedUser(
  settings: LocalSettings,
  pool: Pick<LocalUserPool, 'userPoolId' | 'userPoolClientId'>,
  email: string,
  password: string,
  groups: string[] = [],
): Promise<string> {
  const client = cognitoClient(settings);
  let sub: string | undefined;
  try {
    const created = await client.send(
      new AdminCreateUserCommand({
        UserPoolId: pool.userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    sub = created.User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  } catch (error) {
    if (!(error instanceof UsernameExistsException)) throw error;
  }
  await client.send(
    new AdminSetUserPasswordCommand({ UserPoolId: pool.userPoolId, Username: email, Password: password, Permanent: true }),
  );
  for (const group of groups) {
    await client.send(new AdminAddUserToGroupCommand({ UserPoolId: pool.userPoolId, Username: email, GroupName: group }));
  }
  return sub ?? email;
}
