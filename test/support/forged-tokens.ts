import { createRequire } from 'node:module';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';

/**
 * Tokens an attacker could bring, made from a real ID token that cognito-local issued. cognito-local signs
 * every pool's tokens with one fixed key shipped in its package; with that key a test can also make tokens
 * that are correctly signed but wrong in one claim (expired, another pool, another client), which checks the
 * gateway's claim checks and not only its signature check.
 */
const require = createRequire(import.meta.url);
const poolKeyJwk = (require('cognito-local/lib/keys/cognitoLocal.private.json') as { jwk: JWK }).jwk;

export type ForgeryKind =
  | 'expired'
  | 'altered signature'
  | 'alg none'
  | 'another key'
  | 'edited groups'
  | 'other pool issuer'
  | 'wrong audience'
  | 'access token as id token with wrong client';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A reader's token with `admin` written into its groups claim, the original signature kept. */
function editedGroups(idToken: string): string {
  const [encodedHeader, , signature] = idToken.split('.') as [string, string, string];
  return `${encodedHeader}.${base64url({ ...decodeJwt(idToken), 'cognito:groups': ['admin'] })}.${signature}`;
}

/** Signs claims with the pool's own key (kid CognitoLocal), as cognito-local does. */
export async function signWithPoolKey(claims: JWTPayload): Promise<string> {
  const key = await importJWK(poolKeyJwk, 'RS256');
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: poolKeyJwk.kid }).sign(key);
}

/**
 * Every forgery, by kind, of a genuine admin's tokens; the edited-groups one starts from a reader's token,
 * the escalation an attacker would try.
 */
export async function forgedTokens(genuine: { idToken: string; accessToken: string }, reader: { idToken: string }): Promise<Record<ForgeryKind, string>> {
  const claims = decodeJwt(genuine.idToken);
  const header = decodeProtectedHeader(genuine.idToken);
  const [encodedHeader, encodedPayload, signature] = genuine.idToken.split('.') as [string, string, string];
  const now = Math.floor(Date.now() / 1000);

  const flipped = `${signature.slice(0, -4)}${signature.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
  const { privateKey: strangerKey } = await generateKeyPair('RS256');
  const iss = String(claims.iss);

  return {
    expired: await signWithPoolKey({ ...claims, iat: now - 7200, exp: now - 3600 }),
    'altered signature': `${encodedHeader}.${encodedPayload}.${flipped}`,
    'alg none': `${base64url({ alg: 'none', typ: 'JWT' })}.${encodedPayload}.`,
    // Same kid as the pool's key, so only the signature tells them apart.
    'another key': await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: header.kid ?? 'CognitoLocal' }).sign(strangerKey),
    'edited groups': editedGroups(reader.idToken),
    'other pool issuer': await signWithPoolKey({ ...claims, iss: iss.replace(/[^/]+$/, 'ap-south-1_OtherPool1') }),
    'wrong audience': await signWithPoolKey({ ...claims, aud: 'another-app-client-id' }),
    'access token as id token with wrong client': await signWithPoolKey({ ...decodeJwt(genuine.accessToken), client_id: 'another-app-client-id' }),
  };
}
