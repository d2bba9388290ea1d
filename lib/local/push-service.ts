import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import webpush from 'web-push';

/**
 * A browser vendor's push service, locally (RFC 8030): it issues subscriptions the way a browser's
 * PushManager.subscribe() hands them out (an endpoint here, a P-256 public key and an auth secret, with the
 * private key kept here as the browser keeps it), receives the push messages the push function sends,
 * checks each one's VAPID token (RFC 8292: ES256 over the sender's key, audience this origin, not expired,
 * a contact subject) and decrypts its aes128gcm body (RFC 8291) with the subscription's own keys, written
 * here from the RFCs with node:crypto rather than with the library that encrypted it. Tests read what
 * arrived, decrypted, and can end a subscription so the next push is answered 410 Gone (or 404).
 *
 * Its own API (JSON):
 * - POST /subscriptions {applicationServerKey?}  -> a subscription's JSON (endpoint, keys), as a browser's toJSON();
 * - POST /push/<id>                              -> the push endpoint: 201 when accepted;
 * - GET /subscriptions/<id>/messages             -> the messages received, decrypted, oldest first;
 * - POST /subscriptions/<id>/end {status}        -> later pushes to it answered 410 (default) or 404.
 * Subscriptions (with their private keys) are kept in a JSON file under the runtime's data directory.
 */
export interface PushServiceOptions {
  port: number;
  dataFile: string;
  log?: (line: string) => void;
}

interface StoredSubscription {
  id: string;
  /** The P-256 private key (32 bytes) and public key (65 bytes), base64url: the browser's half of the ECDH. */
  privateKey: string;
  publicKey: string;
  auth: string;
  /** The VAPID public key it was made for (RFC 8292 section 4.1): pushes signed with another key are refused. */
  applicationServerKey: string | null;
  /** Set when the subscription has ended: every push is answered with it. */
  endedWith: 404 | 410 | null;
}

export interface ReceivedPush {
  receivedAt: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The VAPID token's subject (who sent it). */
  subject: string;
  /** The decrypted payload, as text. */
  payload: string;
}

export interface PushService {
  url: string;
  server: http.Server;
}

/** RFC 8292 section 2: a token must not be valid for more than 24 hours. */
const MAX_TOKEN_SECONDS = 24 * 3600;

/** The VAPID keys of the local deployment: made at the first start, kept beside the runtime's data. */
export function localVapidKeys(file: string): { publicKey: string; privateKey: string; subject: string } {
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string; subject: string };
  const keys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:hello@creatornewshub.local' };
  writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
  return keys;
}

/** A P-256 public key (65 bytes, uncompressed) as a KeyObject, for ES256 verification. */
function p256PublicKey(raw: Buffer) {
  return createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') }, format: 'jwk' });
}

class PushRefusal extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/** RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`; the token checked against the key and this origin. */
function checkVapid(header: string | undefined, origin: string, subscription: StoredSubscription): { subject: string } {
  const match = /^vapid\s+(.+)$/i.exec(header ?? '');
  if (!match) throw new PushRefusal(401, 'Authorization must be "vapid t=..., k=..."');
  const params = Object.fromEntries((match[1] as string).split(',').map((part) => part.trim().split(/=(.*)/s).slice(0, 2) as [string, string]));
  const token = params.t;
  const key = params.k;
  if (!token || !key) throw new PushRefusal(401, 'The vapid authorization needs t and k');
  const keyBytes = Buffer.from(key, 'base64url');
  if (keyBytes.length !== 65 || keyBytes[0] !== 4) throw new PushRefusal(401, 'k is not a P-256 public key');
  const [head, body, signature] = token.split('.');
  if (!head || !body || !signature) throw new PushRefusal(401, 't is not a JWT');
  const joseHeader = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string; typ?: string };
  if (joseHeader.alg !== 'ES256') throw new PushRefusal(401, 'The token must be signed with ES256');
  const signed = verify('sha256', Buffer.from(`${head}.${body}`), { key: p256PublicKey(keyBytes), dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) throw new PushRefusal(401, 'The token\'s signature does not match k');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { aud?: string; exp?: number; sub?: string };
  if (claims.aud !== origin) throw new PushRefusal(401, `The token's audience must be ${origin}`);
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= now || claims.exp > now + MAX_TOKEN_SECONDS) throw new PushRefusal(401, 'The token has expired or lives longer than 24 hours');
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:\/\/)/.test(claims.sub)) throw new PushRefusal(401, 'The token\'s subject must be a mailto: or https: contact');
  if (subscription.applicationServerKey && subscription.applicationServerKey !== key) throw new PushRefusal(403, 'The subscription was made for another application server key');
  return { subject: claims.sub };
}

/**
 * RFC 8291 and RFC 8188: the aes128gcm body is a header (salt, record size, the sender's ephemeral public key)
 * and one record; the keys come from ECDH with the subscription's private key and its auth secret.
 */
export function decryptPush(body: Buffer, subscription: Pick<StoredSubscription, 'privateKey' | 'publicKey' | 'auth'>): string {
  if (body.length < 21 + 65 + 17) throw new PushRefusal(400, 'The body is too short for aes128gcm');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20] as number;
  if (keyIdLength !== 65) throw new PushRefusal(400, 'The aes128gcm key id must be the sender\'s 65-byte public key');
  const senderPublic = body.subarray(21, 21 + 65);
  const record = body.subarray(21 + 65);
  if (record.length > recordSize) throw new PushRefusal(400, 'A push message is one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(subscription.privateKey, 'base64url'));
  const sharedSecret = ecdh.computeSecret(senderPublic);
  const receiverPublic = Buffer.from(subscription.publicKey, 'base64url');
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, Buffer.from(subscription.auth, 'base64url'), keyInfo, 32));
  const contentKey = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  let plain: Buffer;
  try {
    plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  } catch {
    throw new PushRefusal(400, 'The body does not decrypt with the subscription\'s keys');
  }
  // The last record ends with the delimiter 0x02, then any padding zeros.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new PushRefusal(400, 'The last record has no 0x02 delimiter');
  return plain.subarray(0, end).toString('utf8');
}

async function readBody(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startPushService(options: PushServiceOptions): Promise<PushService> {
  const origin = `http://127.0.0.1:${options.port}`;
  const stored: Record<string, StoredSubscription> = existsSync(options.dataFile) ? (JSON.parse(readFileSync(options.dataFile, 'utf8')) as Record<string, StoredSubscription>) : {};
  const save = () => writeFileSync(options.dataFile, JSON.stringify(stored, null, 2), { mode: 0o600 });
  // Received messages live in memory: a restart starts with an empty inbox, as the mail stand-in's does.
  const received = new Map<string, ReceivedPush[]>();

  const server = http.createServer((request, response) => {
    const answer = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers });
      response.end(body === undefined ? undefined : JSON.stringify(body));
    };
    void (async () => {
      const url = new URL(request.url ?? '/', origin);
      const body = await readBody(request);
      if (request.method === 'POST' && url.pathname === '/subscriptions') {
        const asked = body.length ? (JSON.parse(body.toString('utf8')) as { applicationServerKey?: string }) : {};
        const ecdh = createECDH('prime256v1');
        ecdh.generateKeys();
        const subscription: StoredSubscription = {
          id: randomUUID(),
          privateKey: ecdh.getPrivateKey().toString('base64url'),
          publicKey: ecdh.getPublicKey().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
          applicationServerKey: asked.applicationServerKey ?? null,
          endedWith: null,
        };
        stored[subscription.id] = subscription;
        save();
        return answer(201, { endpoint: `${origin}/push/${subscription.id}`, expirationTime: null, keys: { p256dh: subscription.publicKey, auth: subscription.auth } });
      }
      const push = /^\/push\/([0-9a-f-]{36})$/.exec(url.pathname);
      if (request.method === 'POST' && push) {
        const subscription = stored[push[1] as string];
        if (!subscription) return answer(404, { error: 'No such subscription' });
        if (subscription.endedWith) return answer(subscription.endedWith, { error: 'The subscription has ended' });
        const ttl = Number(request.headers.ttl);
        if (request.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) return answer(400, { error: 'TTL is required (RFC 8030 section 5.2)' });
        const { subject } = checkVapid(request.headers.authorization, origin, subscription);
        if (request.headers['content-encoding'] !== 'aes128gcm') return answer(415, { error: 'Content-Encoding must be aes128gcm (RFC 8291)' });
        const payload = decryptPush(body, subscription);
        const message: ReceivedPush = {
          receivedAt: new Date().toISOString(),
          ttl,
          urgency: (request.headers.urgency as string | undefined) ?? null,
          topic: (request.headers.topic as string | undefined) ?? null,
          subject,
          payload,
        };
        received.set(subscription.id, [...(received.get(subscription.id) ?? []), message]);
        options.log?.(`Push service: a message for ${subscription.id} (${payload.length} characters).`);
        return answer(201, undefined, { location: `${origin}/messages/${randomUUID()}` });
      }
      const messages = /^\/subscriptions\/([0-9a-f-]{36})\/messages$/.exec(url.pathname);
      if (request.method === 'GET' && messages) {
        if (!stored[messages[1] as string]) return answer(404, { error: 'No such subscription' });
        return answer(200, { items: received.get(messages[1] as string) ?? [] });
      }
      const end = /^\/subscriptions\/([0-9a-f-]{36})\/end$/.exec(url.pathname);
      if (request.method === 'POST' && end) {
        const subscription = stored[end[1] as string];
        if (!subscription) return answer(404, { error: 'No such subscription' });
        const asked = body.length ? (JSON.parse(body.toString('utf8')) as { status?: number }) : {};
        subscription.endedWith = asked.status === 404 ? 404 : 410;
        save();
        return answer(200, { id: subscription.id, endedWith: subscription.endedWith });
      }
      return answer(404, { error: 'Not found' });
    })().catch((error: unknown) => {
      if (response.headersSent) return;
      answer(error instanceof PushRefusal ? error.status : 400, { error: error instanceof Error ? error.message : String(error) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return { url: origin, server };
}
