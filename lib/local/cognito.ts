import { randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
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
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { passwordSchema } from '#domain/reader/account.ts';
import { GROUPS, PASSWORD_POLICY, TOKEN_VALIDITY } from '../auth-settings.ts';
import type { LocalSettings } from './settings.ts';

export interface LocalUserPool {
  userPoolId: string;
  userPoolClientId: string;
  endpoint: string;
  issuer: string;
  jwksUrl: string;
}

const require = createRequire(import.meta.url);

/** A Cognito trigger as cognito-local calls it: the function's handler, given the Lambda event. */
export type TriggerInvoker = (functionName: string, event: unknown) => Promise<unknown>;

type Constructor = new (...args: unknown[]) => unknown;

/** One export of a cognito-local module (CommonJS, untyped); a missing one fails loudly on an upgrade. */
function cognitoLocal<T = Constructor>(file: string, name: string): T {
  const exported = (require(`cognito-local/lib/${file}`) as Record<string, unknown>)[name];
  if (!exported) throw new Error(`cognito-local/lib/${file} no longer exports ${name}`);
  return exported as T;
}

interface CognitoUser {
  Username: string;
  Attributes?: Array<{ Name: string; Value?: string }>;
}

/**
 * cognito-local, run inside the local runtime the way `createDefaultServer` builds it, with four
 * differences that make it behave as the deployed pool does:
 * - its mails (verification, resend, password reset) go through SES to the local inbox, as Cognito sends
 *   them through SES on AWS, instead of being printed;
 * - its Lambda triggers run the described functions' handlers in this process (as every local function
 *   runs), through cognito-local's own trigger code;
 * - it answers GetTokensFromRefreshToken (Amplify's refresh call) as InitiateAuth REFRESH_TOKEN_AUTH;
 * - a disabled account cannot sign in, and AdminUserGlobalSignOut revokes refresh tokens (accountRules);
 * - a password sign-in runs the PreAuthentication trigger first, as the deployed pool does (cognito-local
 *   5.3.0 has no PreAuthentication; it does call PostAuthentication itself);
 * - a temporary password (AdminCreateUser) is checked before the NEW_PASSWORD_REQUIRED challenge is given,
 *   and the challenge's answer needs that challenge's session and a password the pool's policy accepts
 *   (temporaryPasswordRules).
 */
export async function startCognitoLocal(settings: LocalSettings, triggers: Record<string, string>, invoke: TriggerInvoker): Promise<Server> {
  const configDirectory = path.join(settings.dataDir, 'cognito', '.cognito');
  mkdirSync(configDirectory, { recursive: true });
  const Router = cognitoLocal<(services: unknown) => (target: string) => (ctx: unknown, req: unknown) => Promise<unknown>>('server/Router.js', 'Router');
  const createServer = cognitoLocal<(router: unknown, logger: unknown, options: unknown, services: unknown) => { start: () => Promise<Server> }>('server/server.js', 'createServer');
  const service = (name: string) => cognitoLocal('services/index.js', name);
  // cognito-local's own logger (pino), quiet unless asked.
  const pino = createRequire(require.resolve('cognito-local/package.json'))('pino') as (options: { level: string }) => unknown;
  const logger = pino({ level: process.env.COGNITO_LOCAL_LOG ?? 'warn' });
  const ctx = { logger };
  const port = settings.ports.cognito;
  const config = {
    TriggerFunctions: triggers,
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: `http://localhost:${port}` },
    KMSConfig: { credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, region: 'local' },
    ServerConfig: { port, hostname: 'localhost', development: false, https: false },
  };
  const clock = new (service('DateClock'))();
  const dataStoreFactory = new (cognitoLocal('services/dataStore/stormDb.js', 'StormDBDataStoreFactory'))(path.join(configDirectory, 'db'));
  const cognitoServiceFactory = new (cognitoLocal('services/cognitoService.js', 'CognitoServiceFactoryImpl'))(path.join(configDirectory, 'db'), dataStoreFactory, new (cognitoLocal('services/userPoolService.js', 'UserPoolServiceFactoryImpl'))(clock, dataStoreFactory)) as {
    create: (ctx: unknown, defaults: unknown) => Promise<unknown>;
  };
  const cognito = await cognitoServiceFactory.create(ctx, config.UserPoolDefaults);
  // cognito-local calls `lambda.invoke({ FunctionName, Payload }).promise()` (the v2 SDK's shape).
  const lambdaClient = {
    invoke: (params: { FunctionName: string; Payload: string }) => ({
      promise: async () => {
        try {
          const result = await invoke(params.FunctionName, JSON.parse(params.Payload));
          return { StatusCode: 200, Payload: JSON.stringify(result ?? {}) };
        } catch (error) {
          return { StatusCode: 200, FunctionError: 'Unhandled', Payload: JSON.stringify({ errorMessage: error instanceof Error ? error.message : String(error) }) };
        }
      },
    }),
  };
  const triggerService = new (service('TriggersService'))(clock, cognito, new (service('LambdaService'))(config.TriggerFunctions, lambdaClient), new (cognitoLocal('services/crypto.js', 'CryptoService'))(config.KMSConfig));
  const mail = new SESv2Client({ endpoint: `http://127.0.0.1:${settings.ports.mail}`, region: settings.region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const sendEmail = async (_ctx: unknown, user: CognitoUser, destination: string, message: { __code: string; emailSubject?: string; emailMessage?: string }) => {
    const to = user.Attributes?.find((attribute) => attribute.Name === 'email')?.Value ?? destination;
    const html = message.emailMessage || `<p>Your verification code is ${message.__code}</p>`;
    await mail.send(
      new SendEmailCommand({
        FromEmailAddress: 'no-reply@verificationemail.com',
        Destination: { ToAddresses: [to] },
        Content: { Simple: { Subject: { Data: message.emailSubject || 'Your verification code' }, Body: { Html: { Data: html } } } },
      }),
    );
  };
  const sender = { sendEmail, sendSms: async () => undefined };
  const services = {
    clock,
    cognito,
    config,
    messages: new (service('MessagesService'))(triggerService, new (cognitoLocal('services/messageDelivery/messageDelivery.js', 'MessageDeliveryService'))(sender)),
    otp: () => String(randomInt(0, 1_000_000)).padStart(6, '0'),
    tokenGenerator: new (cognitoLocal('services/tokenGenerator.js', 'JwtTokenGenerator'))(clock, triggerService, config.TokenConfig),
    triggers: triggerService,
  };
  const route = Router(services);
  const accounts = accountRules(cognito as CognitoPools);
  const preAuthentication = triggers.PreAuthentication;
  const withPreAuthentication = preAuthentication ? accounts.preAuthenticate((event) => invoke(preAuthentication, event)) : (handler: Parameters<typeof accounts.refuseDisabled>[0]) => handler;
  const temporaryPasswords = temporaryPasswordRules(cognito as CognitoPools);
  const router = (target: string) => {
    if (target === 'AdminUserGlobalSignOut') return accounts.globalSignOut;
    if (target === 'InitiateAuth') return accounts.refuseDisabled(withPreAuthentication(temporaryPasswords.initiateAuth(route(target))));
    if (target === 'RespondToAuthChallenge') return temporaryPasswords.respondToAuthChallenge(route(target));
    if (target === 'ConfirmSignUp') return accounts.verifyOnConfirm(route(target));
    if (target !== 'GetTokensFromRefreshToken') return route(target);
    const initiateAuth = accounts.refuseDisabled(route('InitiateAuth'));
    return (context: unknown, req: unknown) => {
      const { ClientId, RefreshToken } = req as { ClientId: string; RefreshToken: string };
      return initiateAuth(context, { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId, AuthParameters: { REFRESH_TOKEN: RefreshToken } });
    };
  };
  const server = await createServer(router, logger, config.ServerConfig, services).start();
  return server;
}

interface LocalPoolUser {
  Username?: string;
  Password?: string;
  UserStatus?: string;
  Attributes?: Array<{ Name: string; Value?: string }>;
  Enabled?: boolean;
  RefreshTokens?: string[];
}

interface LocalPool {
  getUserByUsername(ctx: unknown, username: string): Promise<LocalPoolUser | null>;
  getUserByRefreshToken(ctx: unknown, token: string): Promise<LocalPoolUser | null>;
  saveUser(ctx: unknown, user: LocalPoolUser): Promise<void>;
  storeRefreshToken(ctx: unknown, token: string, user: LocalPoolUser): Promise<void>;
}

interface CognitoPools {
  getUserPool(ctx: unknown, id: string): Promise<LocalPool>;
  getUserPoolForClientId(ctx: unknown, clientId: string): Promise<LocalPool>;
}

/**
 * Two account rules of the deployed pool that cognito-local 5.3.0 lacks: a disabled user (AdminDisableUser)
 * cannot sign in or refresh ("User is disabled."), and AdminUserGlobalSignOut revokes the user's refresh tokens.
 */
function accountRules(cognito: CognitoPools) {
  const errors = require('cognito-local/lib/errors.js') as {
    NotAuthorizedError: new (message?: string) => Error;
    UserNotFoundError: new () => Error;
    UserLambdaValidationError: new (message?: string) => Error;
  };
  type Handler = (ctx: unknown, req: unknown) => Promise<unknown>;
  return {
    /**
     * A password sign-in of an existing user first runs PreAuthentication with the event AWS sends
     * (before the password is checked, so wrong passwords count as attempts); a trigger that fails
     * refuses the sign-in, as on AWS ("PreAuthentication failed with error ...").
     */
    preAuthenticate: (trigger: (event: unknown) => Promise<unknown>) => (initiateAuth: Handler): Handler => async (ctx, req) => {
      const { ClientId, AuthFlow, AuthParameters } = req as { ClientId?: string; AuthFlow?: string; AuthParameters?: Record<string, string> };
      if (ClientId && AuthParameters?.USERNAME && (AuthFlow === 'USER_PASSWORD_AUTH' || AuthFlow === 'USER_SRP_AUTH')) {
        const pool = await cognito.getUserPoolForClientId(ctx, ClientId).catch(() => null);
        const user = await pool?.getUserByUsername(ctx, AuthParameters.USERNAME);
        if (user) {
          const userAttributes = Object.fromEntries((user.Attributes ?? []).map((attribute) => [attribute.Name, attribute.Value ?? '']));
          try {
            await trigger({
              version: '1',
              region: 'local',
              userPoolId: (pool as unknown as { options?: { Id?: string } }).options?.Id ?? '',
              userName: user.Username ?? AuthParameters.USERNAME,
              callerContext: { awsSdkVersion: 'cognito-local', clientId: ClientId },
              triggerSource: 'PreAuthentication_Authentication',
              request: { userAttributes, validationData: {} },
              response: {},
            });
          } catch (error) {
            throw new errors.UserLambdaValidationError(`PreAuthentication failed with error ${error instanceof Error ? error.message : String(error)}.`);
          }
        }
      }
      return initiateAuth(ctx, req);
    },
    refuseDisabled: (initiateAuth: Handler): Handler => async (ctx, req) => {
      const { ClientId, AuthParameters } = req as { ClientId?: string; AuthParameters?: Record<string, string> };
      if (ClientId && AuthParameters) {
        const pool = await cognito.getUserPoolForClientId(ctx, ClientId).catch(() => null);
        const user = AuthParameters.USERNAME
          ? await pool?.getUserByUsername(ctx, AuthParameters.USERNAME)
          : AuthParameters.REFRESH_TOKEN ? await pool?.getUserByRefreshToken(ctx, AuthParameters.REFRESH_TOKEN) : null;
        if (user && user.Enabled === false) throw new errors.NotAuthorizedError('User is disabled.');
      }
      return initiateAuth(ctx, req);
    },
    /**
     * Confirming a sign-up with the mailed code proves the address: Cognito marks it verified (the ID token then says
     * email_verified true, which the signed-in newsletter reads); cognito-local 5.3.0 leaves it unverified.
     */
    verifyOnConfirm: (confirmSignUp: Handler): Handler => async (ctx, req) => {
      const answer = await confirmSignUp(ctx, req);
      const { ClientId, Username } = req as { ClientId?: string; Username?: string };
      const pool = ClientId ? await cognito.getUserPoolForClientId(ctx, ClientId).catch(() => null) : null;
      const user = pool && Username ? await pool.getUserByUsername(ctx, Username) : null;
      if (pool && user) {
        const attributes = (user.Attributes ?? []).filter((attribute) => attribute.Name !== 'email_verified');
        await pool.saveUser(ctx, { ...user, Attributes: [...attributes, { Name: 'email_verified', Value: 'true' }] });
      }
      return answer;
    },
    globalSignOut: async (ctx: unknown, req: unknown) => {
      const { UserPoolId, Username } = req as { UserPoolId: string; Username: string };
      const pool = await cognito.getUserPool(ctx, UserPoolId);
      const user = await pool.getUserByUsername(ctx, Username);
      if (!user) throw new errors.UserNotFoundError();
      await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
      return {};
    },
  };
}

/** How long a NEW_PASSWORD_REQUIRED session may be answered (Cognito's sessions last three minutes). */
const CHALLENGE_SESSION_MS = 3 * 60 * 1000;

/**
 * What the deployed pool does with a temporary password and cognito-local 5.3.0 does not: its InitiateAuth
 * hands the NEW_PASSWORD_REQUIRED challenge to anyone who names a FORCE_CHANGE_PASSWORD user, whatever
 * the password; its RespondToAuthChallenge takes any session and any new password, and keeps no refresh
 * token for the tokens it issues (so Amplify's refresh would fail an hour later).
 */
function temporaryPasswordRules(cognito: CognitoPools) {
  const errors = require('cognito-local/lib/errors.js') as {
    NotAuthorizedError: new (message?: string) => Error;
    CognitoError: new (code: string, message: string) => Error;
  };
  type Handler = (ctx: unknown, req: unknown) => Promise<unknown>;
  /** Challenge session -> the user's pool username, until it runs out. */
  const sessions = new Map<string, { username: string; until: number }>();
  return {
    initiateAuth: (initiateAuth: Handler): Handler => async (ctx, req) => {
      const { ClientId, AuthFlow, AuthParameters } = req as { ClientId?: string; AuthFlow?: string; AuthParameters?: Record<string, string> };
      if (ClientId && AuthFlow === 'USER_PASSWORD_AUTH' && AuthParameters?.USERNAME) {
        const pool = await cognito.getUserPoolForClientId(ctx, ClientId).catch(() => null);
        const user = await pool?.getUserByUsername(ctx, AuthParameters.USERNAME);
        if (user?.UserStatus === 'FORCE_CHANGE_PASSWORD' && user.Password !== AuthParameters.PASSWORD) {
          throw new errors.NotAuthorizedError('Incorrect username or password.');
        }
      }
      const result = (await initiateAuth(ctx, req)) as { ChallengeName?: string; Session?: string; ChallengeParameters?: Record<string, string> };
      const username = result.ChallengeParameters?.USER_ID_FOR_SRP;
      if (result.ChallengeName === 'NEW_PASSWORD_REQUIRED' && result.Session && username) {
        const now = Date.now();
        for (const [session, entry] of sessions) if (entry.until < now) sessions.delete(session);
        sessions.set(result.Session, { username, until: now + CHALLENGE_SESSION_MS });
      }
      return result;
    },
    respondToAuthChallenge: (respond: Handler): Handler => async (ctx, req) => {
      const { ClientId, ChallengeName, Session, ChallengeResponses } = req as { ClientId: string; ChallengeName?: string; Session?: string; ChallengeResponses?: Record<string, string> };
      if (ChallengeName !== 'NEW_PASSWORD_REQUIRED') return respond(ctx, req);
      const pool = await cognito.getUserPoolForClientId(ctx, ClientId);
      const user = ChallengeResponses?.USERNAME ? await pool.getUserByUsername(ctx, ChallengeResponses.USERNAME) : null;
      const issued = Session ? sessions.get(Session) : undefined;
      if (!user || !issued || issued.until < Date.now() || issued.username !== user.Username) {
        throw new errors.NotAuthorizedError('Invalid session for the user, session is expired.');
      }
      const policy = passwordSchema.safeParse(ChallengeResponses?.NEW_PASSWORD ?? '');
      if (!policy.success) throw new errors.CognitoError('InvalidPasswordException', `Password does not conform to policy: ${policy.error.issues[0]?.message ?? 'invalid password'}`);
      const result = (await respond(ctx, req)) as { AuthenticationResult?: { RefreshToken?: string } };
      sessions.delete(Session as string);
      const refreshToken = result.AuthenticationResult?.RefreshToken;
      const changed = await pool.getUserByUsername(ctx, user.Username as string);
      if (refreshToken && changed) await pool.storeRefreshToken(ctx, refreshToken, changed);
      return result;
    },
  };
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
/**
 * The pool, created on first start with the admin account; then `createdAdminSub` names the new admin so
 * the runtime can run the confirmation trigger for it, as a sign-up's confirmation would (profile, counters).
 */
export async function ensureUserPool(settings: LocalSettings): Promise<LocalUserPool & { createdAdminSub?: string }> {
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
      AccessTokenValidity: TOKEN_VALIDITY.accessTokenHours,
      IdTokenValidity: TOKEN_VALIDITY.idTokenHours,
      RefreshTokenValidity: TOKEN_VALIDITY.refreshTokenDays,
      TokenValidityUnits: { AccessToken: 'hours', IdToken: 'hours', RefreshToken: 'days' },
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH'],
    }),
  );
  const userPoolClientId = appClient.UserPoolClient?.ClientId;
  if (!userPoolClientId) throw new Error('cognito-local created no app client');
  for (const group of GROUPS) {
    await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: group.name, Description: group.description }));
  }
  const createdAdminSub = await createConfirmedUser(settings, { userPoolId, userPoolClientId }, settings.admin.email, settings.admin.password, ['admin']);
  mkdirSync(settings.dataDir, { recursive: true });
  writeFileSync(saved, JSON.stringify({ userPoolId, userPoolClientId }, null, 2));
  return { ...describe(userPoolId, userPoolClientId), createdAdminSub };
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
