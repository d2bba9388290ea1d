import { randomInt, randomUUID } from 'node:crypto';
import http from 'node:http';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { CognitoIdentityProviderClient, ConfirmSignUpCommand, InitiateAuthCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';
import { createConfirmedUser } from '../../lib/local/cognito.ts';
import { ensureTable } from '../../lib/local/dynamodb.ts';
import { LOCAL_SNAPSHOT_BUCKET, localSettings } from '../../lib/local/settings.ts';
import { stack } from '../../lib/stack-description.ts';
import { codeIn, waitForMail } from './inbox.ts';

/** The local runtime the global setup started (test/support/start-local.ts). */
export const local = () => inject('local');

/**
 * Points this test file's AWS SDK clients (the handlers' included) at the running stand-ins, as the
 * local runtime does for its own handlers. Call before importing any handler or store module.
 */
export function useLocalAws(tableName = local().tableName): void {
  const { urls } = local();
  Object.assign(process.env, {
    AWS_REGION: 'ap-south-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: urls.dynamodb,
    AWS_ENDPOINT_URL_SFN: urls.stepfunctions,
    AWS_ENDPOINT_URL_SESV2: urls.mail,
    AWS_ENDPOINT_URL_S3: urls.objects,
    // The runtime's bucket; a snapshot names its table, so a fresh table's index never starts from it.
    SEARCH_SNAPSHOT_BUCKET: LOCAL_SNAPSHOT_BUCKET,
    TABLE_NAME: tableName,
    LOG_LEVEL: 'error',
    // Tests change the table between requests: the search index looks at the change notes on every request.
    SEARCH_SYNC_SECONDS: '0',
  });
}

/** A new, empty table of the described shape, so a test file owns all the data it reads. */
export async function useFreshTable(): Promise<string> {
  const name = `test-${randomUUID().slice(0, 8)}`;
  useLocalAws(name);
  const client = new DynamoDBClient({});
  await ensureTable(client, name, stack);
  client.destroy();
  return name;
}

/** Creates a confirmed user in the given groups and returns its ID token, as the site would hold it. */
export async function signedInUser(groups: string[] = []): Promise<{ email: string; idToken: string; accessToken: string }> {
  const { urls, portBase } = local();
  const settings = localSettings({ CNH_PORT_BASE: String(portBase) });
  const email = `user-${randomUUID().slice(0, 8)}@test.local`;
  const password = 'Reader-Pass-2026';
  await createConfirmedUser(settings, urls.userPool, email, password, groups);
  const client = new CognitoIdentityProviderClient({
    endpoint: urls.userPool.endpoint,
    region: 'ap-south-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const result = await client.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: urls.userPool.userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const idToken = result.AuthenticationResult?.IdToken;
  const accessToken = result.AuthenticationResult?.AccessToken;
  if (!idToken || !accessToken) throw new Error('cognito-local issued no tokens');
  return { email, idToken, accessToken };
}

/** Points the SDK at the local stack and signs in a new admin, moderator and reader: the ID tokens of each role. */
export async function signedInRoles(): Promise<{ admin: string; moderator: string; reader: string }> {
  useLocalAws();
  const [admin, moderator, reader] = await Promise.all([signedInUser(['admin']), signedInUser(['moderator']), signedInUser()]);
  return { admin: admin.idToken, moderator: moderator.idToken, reader: reader.idToken };
}

export interface Reader {
  email: string;
  password: string;
  idToken: string;
  refreshToken: string;
}

function cognitoOf(endpoint = local().urls.userPool.endpoint): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({ endpoint, region: 'ap-south-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}

/**
 * A reader who signed up as the site lets them: SignUp with their name, the code read from the
 * verification mail in the local inbox, ConfirmSignUp (which runs the PostConfirmation trigger), sign-in;
 * on the e2e runtime unless another runtime's URLs are given.
 */
export async function signedUpReader(fullName = 'Asha Reader', urls = local().urls): Promise<Reader> {
  const client = cognitoOf(urls.userPool.endpoint);
  const email = `reader-${randomUUID().slice(0, 8)}@test.local`;
  const password = 'Reader-Pass-2026';
  const ClientId = urls.userPool.userPoolClientId;
  await client.send(new SignUpCommand({ ClientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }, { Name: 'name', Value: fullName }] }));
  const mail = await waitForMail(urls.mail, email, /verification code/i);
  await client.send(new ConfirmSignUpCommand({ ClientId, Username: email, ConfirmationCode: codeIn(mail) }));
  const result = await client.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId, AuthParameters: { USERNAME: email, PASSWORD: password } }));
  const idToken = result.AuthenticationResult?.IdToken;
  const refreshToken = result.AuthenticationResult?.RefreshToken;
  if (!idToken || !refreshToken) throw new Error('cognito-local issued no tokens');
  return { email, password, idToken, refreshToken };
}

/** A call to the local API, as the site makes it: under the site's origin, through the edge. */
export async function api(method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(`${local().urls.api}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await answerBody(response), headers: response.headers };
}

/** An answer's body: its JSON, or its text when it is not JSON. */
export async function answerBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** An API Gateway v2 event as the gateway (local or AWS) hands it to a handler. */
export function httpEvent(routeKey: string, options: { query?: Record<string, string>; body?: unknown; claims?: Record<string, string> } = {}) {
  const [method, path] = routeKey.split(' ');
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: new URLSearchParams(options.query ?? {}).toString(),
    headers: {},
    queryStringParameters: options.query,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    isBase64Encoded: false,
    requestContext: {
      requestId: randomUUID(),
      routeKey,
      http: { method, path },
      ...(options.claims ? { authorizer: { jwt: { claims: options.claims, scopes: null } } } : {}),
    },
  };
}

export const lambdaContext = { awsRequestId: 'test', getRemainingTimeInMillis: () => 29_000 };

/**
 * A distinct client for the API: a random loopback source address (Linux answers the whole 127/8 on lo),
 * which the edge (the site's /api proxy) passes on as the reader's address, exactly as CloudFront passes on
 * another reader's.
 */
export const anotherClient = () => `127.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(2, 255)}`;

/** Like api(), but sent from the given loopback address (see anotherClient). */
export function apiFrom(source: string, method: string, path: string, body?: unknown, token?: string, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  const url = new URL(`${local().urls.api}${path}`);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        localAddress: source,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}), ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: response.statusCode ?? 0, body: parsed });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
