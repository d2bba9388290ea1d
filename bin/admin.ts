/**
 * Role changes for when the console is out of reach (no admin yet, or the only one locked out):
 *
 *   npm run admin -- add <email> <admin|moderator>        on the deployed stack (its outputs name the pool)
 *   npm run admin -- remove <email> <admin|moderator>
 *   npm run admin -- add <email> admin --local            on the running local runtime (.local/urls.json)
 *
 * Options: --stack <name> (default CreatorNewsHub), --region <region> (default AWS_REGION, else ap-south-1).
 * It changes what the console's Change User Role changes, with the same code: the Cognito groups (the
 * authority, effective at the user's next sign-in or token refresh), the profile's mirror of the role, and
 * an audit entry.
 */
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { AdminGetUserCommand, AdminListGroupsForUserCommand, CognitoIdentityProviderClient, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { STACK_OUTPUTS } from '../lib/app-stack.ts';
import { DEFAULT_REGION } from '../lib/deploy-config.ts';
import { localSettings } from '../lib/local/settings.ts';

const ACTIONS = ['add', 'remove'] as const;
const ROLES = ['admin', 'moderator'] as const;
type Action = (typeof ACTIONS)[number];
type RoleName = (typeof ROLES)[number];

const USAGE = 'Usage: npm run admin -- <add|remove> <email> <admin|moderator> [--local] [--stack CreatorNewsHub] [--region ap-south-1]';

class UsageError extends Error {}

/** Where the pool and the table are, and how the SDK reaches them. */
interface Target {
  description: string;
  userPoolId: string;
  tableName: string;
  region: string;
  /** Locally: the stand-ins' endpoints and dummy credentials; on AWS the SDK's own credential chain. */
  env: Record<string, string>;
}

function parse(argv: string[]): { action: Action; email: string; role: RoleName; local: boolean; stack: string; region: string } {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { local: { type: 'boolean', default: false }, stack: { type: 'string', default: 'CreatorNewsHub' }, region: { type: 'string' } },
  });
  const [action, email, role, ...rest] = positionals;
  if (!action || !email || !role || rest.length) throw new UsageError(USAGE);
  if (!(ACTIONS as readonly string[]).includes(action)) throw new UsageError(`Unknown action "${action}": use add or remove.\n${USAGE}`);
  if (!(ROLES as readonly string[]).includes(role)) throw new UsageError(`Unknown role "${role}": use admin or moderator.\n${USAGE}`);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new UsageError(`"${email}" is not an e-mail address.\n${USAGE}`);
  return { action: action as Action, email: email.toLowerCase(), role: role as RoleName, local: values.local, stack: values.stack, region: values.region ?? process.env.AWS_REGION ?? DEFAULT_REGION };
}

function localTarget(): Target {
  const settings = localSettings();
  const urlsFile = path.join(settings.dataDir, 'urls.json');
  if (!existsSync(urlsFile)) throw new UsageError(`No local runtime found (${urlsFile} is missing): start it with npm start first.`);
  const urls = JSON.parse(readFileSync(urlsFile, 'utf8')) as { dynamodb: string; userPool: { userPoolId: string; endpoint: string } };
  return {
    description: `the local runtime (${urls.userPool.endpoint})`,
    userPoolId: urls.userPool.userPoolId,
    tableName: settings.tableName,
    region: settings.region,
    env: {
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: urls.userPool.endpoint,
      AWS_ENDPOINT_URL_DYNAMODB: urls.dynamodb,
    },
  };
}

async function stackTarget(stackName: string, region: string): Promise<Target> {
  const cloudFormation = new CloudFormationClient({ region });
  let outputs: Record<string, string>;
  try {
    const { Stacks } = await cloudFormation.send(new DescribeStacksCommand({ StackName: stackName }));
    outputs = Object.fromEntries((Stacks?.[0]?.Outputs ?? []).map((output) => [output.OutputKey ?? '', output.OutputValue ?? '']));
  } catch (error) {
    throw new UsageError(`Could not read the stack ${stackName} in ${region}: ${(error as Error).message}. Deployed elsewhere? Pass --stack and --region.`);
  } finally {
    cloudFormation.destroy();
  }
  const userPoolId = outputs[STACK_OUTPUTS.userPoolId];
  const tableName = outputs[STACK_OUTPUTS.tableName];
  if (!userPoolId || !tableName) throw new UsageError(`The stack ${stackName} in ${region} has no ${STACK_OUTPUTS.userPoolId} or ${STACK_OUTPUTS.tableName} output: deploy the current version first.`);
  return { description: `the stack ${stackName} (${region}, pool ${userPoolId})`, userPoolId, tableName, region, env: {} };
}

const article = (role: RoleName) => (role === 'admin' ? 'an admin' : 'a moderator');

async function main(argv: string[]): Promise<string> {
  const request = parse(argv);
  const target = request.local ? localTarget() : await stackTarget(request.stack, request.region);
  // The project's own modules read their settings from the environment when first loaded: set it, then load them.
  Object.assign(process.env, target.env, { AWS_REGION: target.region, USER_POOL_ID: target.userPoolId, TABLE_NAME: target.tableName, LOG_LEVEL: 'error' });
  const { setRoleGroups } = await import('#adapters/cognito-users.ts');
  const { createAccountRecords, getProfile, setProfileRole } = await import('#store/profiles.ts');
  const { WELCOME_NOTIFICATION } = await import('#domain/reader/notifications.ts');
  const { recordAudit } = await import('#store/audit.ts');

  const cognito = new CognitoIdentityProviderClient({ region: target.region });
  let userId: string;
  let groupsBefore: string[];
  try {
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: target.userPoolId, Username: request.email }));
    userId = user.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value ?? user.Username ?? '';
    const { Groups } = await cognito.send(new AdminListGroupsForUserCommand({ UserPoolId: target.userPoolId, Username: userId }));
    groupsBefore = (Groups ?? []).map((group) => group.GroupName ?? '').filter((name) => (ROLES as readonly string[]).includes(name));
  } catch (error) {
    if (error instanceof UserNotFoundException) throw new UsageError(`No account with the e-mail ${request.email} in ${target.description}: the person signs up first (or, for the first admin, deploy with -c adminEmail).`);
    throw error;
  } finally {
    cognito.destroy();
  }
  if (request.action === 'remove' && !groupsBefore.includes(request.role)) {
    throw new UsageError(`${request.email} is not ${article(request.role)} in ${target.description}: nothing to remove.`);
  }

  // An account the deploy created (the first admin) never passed PostConfirmation, which makes the profile
  // the console lists users by: make it here, as the confirmation would have.
  if (request.action === 'add' && !(await getProfile(userId))) {
    await createAccountRecords({ userId, email: request.email }, WELCOME_NOTIFICATION);
  }
  const profile = await getProfile(userId);
  const roleAfter = request.action === 'add' ? request.role : 'user';
  await setRoleGroups(userId, roleAfter);
  if (profile) await setProfileRole(profile, roleAfter);
  const operator = `cli:${os.userInfo().username}`;
  await recordAudit(
    { userId: operator, username: operator, email: undefined, emailVerified: false, name: undefined, role: 'admin', groups: [] },
    { action: 'user.role', target: userId, before: { role: profile?.role ?? null, groups: groupsBefore }, after: { role: roleAfter } },
  );
  const change = request.action === 'add' ? `is now ${article(request.role)}` : `is no longer ${article(request.role)} (now a reader)`;
  return `${request.email} ${change} in ${target.description}. It takes effect at their next sign-in.`;
}

main(process.argv.slice(2)).then(
  (message) => {
    console.log(message);
  },
  (error: unknown) => {
    console.error(error instanceof UsageError ? error.message : `Failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  },
);
