import { randomUUID } from 'node:crypto';
import type { ApiAnswer } from '#http/answers.ts';
import http from 'node:http';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { RECOVERY_ACTIONS } from '#domain/operations/operations.ts';
import { routeKey, stack, type RouteDescription } from '../../lib/stack-description.ts';
import { anotherClient, api, local, signedInUser } from '../support/aws.ts';

/**
 * Property-based fuzzing of every described route through the local gateway: hostile path parameters,
 * query strings, bodies and headers, as a guest and as an admin. The property: never a 5xx, and every 4xx
 * explains itself with a JSON `message`. Runs per route: CNH_FUZZ_RUNS, 60 by default (about 6,300
 * requests, some 1-2 minutes on a quiet 2-core machine: the test suite's share of its 30-minute budget); the seed
 * changes with every run, so successive runs try different inputs, and CNH_FUZZ_RUNS=500 is a deeper pass. Each
 * request comes from its own loopback address, so per-client rate limits answer 429 only where a route really is
 * hammered.
 */
const RUNS = Number(process.env.CNH_FUZZ_RUNS ?? 60);
/** Routes whose allowed, valid call does heavy work (a whole-table export, every diagnostic check): fewer runs. */
// Heavy: each call does real work (a backup, diagnostics, a cleanup; a picture fetched and resized, 40-350 ms).
const HEAVY = new Set(['POST /admin/backups', 'POST /admin/diagnostics', 'POST /admin/lifecycle/cleanup-auto-rejected', 'GET /img/{id}/{variant}']);
const SEED = Number(process.env.CNH_FUZZ_SEED ?? Date.now() % 1_000_000);

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
  as: 'guest' | 'admin';
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/** One request exactly as given: the path is not normalised (`..`, bad %-escapes stay), the body is raw text. */
function send(request: Sent, token: string | undefined): Promise<Answer> {
  // Through the edge, as every reader comes: the path goes on as written after the site's /api.
  const target = new URL(local().urls.api);
  const headers: Record<string, string | number> = { ...request.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  if (request.body !== undefined) headers['content-length'] = Buffer.byteLength(request.body);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { host: target.hostname, port: target.port, method: request.method, path: `${target.pathname}${request.path}`, headers, localAddress: anotherClient(), setHost: !('host' in headers) },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, contentType: String(response.headers['content-type'] ?? ''), text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

// ---- arbitraries -------------------------------------------------------------------------------------

const hugeText = fc.string({ minLength: 2000, maxLength: 4000 });
// Whole code points only: a lone surrogate cannot be percent-encoded, so no client could send one.
const anyText = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 40 }), fc.string({ unit: 'binary-ascii', maxLength: 20 }));

/** Already-encoded path segments: hostile raw escapes, dot segments, and any text percent-encoded. */
function segment(plausible: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    // Real values more than half the time, so the cases also reach the handlers' work past validation.
    { arbitrary: fc.constantFrom(...plausible.map(encodeURIComponent)), weight: 4 },
    fc.constantFrom('..', '.', '%2e%2e', '..%2F..%2Fadmin', '%E0%A4%A', '%', '%zz', '%00', '%C0%AF', '%FF%FE', '%2F', '%252F', '__proto__', 'constructor', 'null', 'undefined', '-1', '0', '1e999', 'NaN'),
    anyText.filter((text) => text.length > 0).map(encodeURIComponent),
    hugeText.map((text) => cutEncoded(encodeURIComponent(text), 3000)),
  );
}

/** Cuts percent-encoded text without splitting an escape, to stay under the 16 KB of headers Node accepts. */
function cutEncoded(text: string, length: number): string {
  return text.slice(0, length).replace(/%[0-9A-F]?$/i, '');
}

const QUERY_NAMES = ['limit', 'page', 'pageSize', 'cursor', 'search', 'q', 'category', 'sort', 'status', 'after', 'before', 'from', 'to', 'days', 'range', 'format', 'market', 'quality', 'featured', 'machine', 'ids', 'id', 'email', 'token', '__proto__', 'constructor'];
const queryValue = fc.oneof(anyText, fc.integer().map(String), fc.double().map(String), fc.constantFrom('', 'true', 'false', 'null', '-1', '0', '99999999999999999999', '[]', '{}', '%E0%A4%A', '%'), hugeText);
const queryString = fc.oneof(
  fc.constant(''),
  fc.dictionary(fc.oneof(fc.constantFrom(...QUERY_NAMES), anyText), queryValue, { maxKeys: 5 }).map((entries) => {
    const text = cutEncoded(new URLSearchParams(entries).toString(), 4000);
    return text ? `?${text}` : '';
  }),
  // Repeated names and raw, badly escaped text.
  fc.constantFrom('?limit=1&limit=2', '?page=%E0%A4%A', '?search=%', '?cursor=%zz', '?&&&=', '?__proto__[x]=1', '?sort=;DROP'),
  // Home-made cursors in the clear, of the shapes that once reached ElectroDB and DynamoDB as a key of the
  // wrong type (numbers, booleans, arrays, objects for key values): cursors are sealed now, so each is a 400.
  fc
    .constantFrom<unknown>({ pk: 1, sk: 2 }, { pk: { S: 'x' }, sk: [1] }, { pk: '$cnh#x', sk: '$y', gsi1pk: true, gsi1sk: 0 }, { pk: ['a'], sk: null }, [], 'null')
    .map((key) => `?cursor=${Buffer.from(JSON.stringify(key)).toString('base64url')}`),
);

const BODY_NAMES = ['email', 'name', 'message', 'subject', 'term', 'title', 'url', 'feedUrl', 'link', 'category', 'categories', 'status', 'role', 'reason', 'amount', 'currency', 'orderId', 'paymentId', 'signature', 'razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature', 'frequency', 'enabled', 'featured', 'ids', 'action', 'id', 'articleId', 'path', 'progress', 'percent', 'token', 'topics', 'keyword', 'hidden', 'machine', 'input', 'mode', 'runId', 'pageSize', 'settings', 'source', 'stack', 'error'];
const jsonish = fc.oneof(fc.jsonValue({ maxDepth: 3 }), hugeText, fc.constantFrom(null, true, -1, 0, 1e308, '', [], {}));
const markup = fc.constantFrom('<script>alert(1)</script>', 'buy followers at evil.example', 'javascript:alert(1)', '"; DROP TABLE x; --', '\u202Eevil', '${7*7}{{7*7}}');
const hostileText = fc.oneof(anyText, markup);
/** Bodies with the field names and shapes the routes take, filled with hostile values: they pass validation often. */
const likelyBodies = fc
  .record(
    {
      term: hostileText,
      platform: fc.constantFrom('twitter', 'linkedin', 'facebook', 'whatsapp', 'email', 'copy', 'myspace'),
      path: hostileText.map((text) => `/${text}`),
      referrer: fc.oneof(hostileText, fc.webUrl()),
      name: fc.oneof(fc.constant('Asha Reader'), hostileText),
      email: fc.oneof(fc.emailAddress(), fc.constantFrom('a@b', `${'x'.repeat(300)}@example.com`, 'bounce@simulator.amazonses.com')),
      subject: hostileText,
      message: hostileText,
      errorId: fc.uuid(),
      level: fc.constantFrom('component', 'page', 'critical', 'admin', 'fatal'),
      page: hostileText,
      frequency: fc.constantFrom('daily', 'weekly', 'monthly', 'hourly'),
      categories: fc.array(fc.constantFrom('brand-deals', 'platform-updates', 'creator-economy', 'nope', '__proto__'), { maxLength: 4 }),
      ids: fc.array(fc.oneof(fc.uuid(), anyText), { maxLength: 5 }),
      progress: fc.oneof(fc.double(), fc.integer({ min: -5, max: 105 })),
      url: fc.oneof(fc.webUrl(), markup),
      role: fc.constantFrom('user', 'moderator', 'admin', 'root'),
    },
    { requiredKeys: [] },
  )
  .map((value) => JSON.stringify(value));
const bodies = fc.oneof(
  fc.constant(undefined),
  { arbitrary: likelyBodies, weight: 3 },
  fc.dictionary(fc.constantFrom(...BODY_NAMES), jsonish, { maxKeys: 6 }).map((value) => JSON.stringify(value)),
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  // Deep nesting, prototype keys (JSON.stringify would drop a literal __proto__), broken JSON.
  fc.integer({ min: 50, max: 2000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.constantFrom(
    '{"__proto__":{"isAdmin":true,"role":"admin"},"constructor":{"prototype":{"polluted":1}}}',
    '{"email":{"__proto__":null},"ids":{"length":1e9}}',
    '{"ids":[null,{},[],"' + 'x'.repeat(200) + '"]}',
    '{',
    'null',
    '"text"',
    '<xml/>',
    'email=a%40b.c&name=x',
    '\u0000\uFFFF',
  ),
  hugeText.map((text) => JSON.stringify({ message: text, email: text, name: text, term: text })),
);

const headers = fc.record(
  {
    host: fc.constantFrom('evil.example', 'evil.example:4444', 'localhost:1', '[::1]:99', 'a'.repeat(300), 'x"><script>alert(1)</script>', ''),
    'x-forwarded-proto': fc.constantFrom('javascript', 'https, http', 'ftp', '', 'http://evil.example/'),
    'x-forwarded-host': fc.constantFrom('evil.example', 'evil.example/<script>'),
    'content-type': fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16', 'multipart/form-data; boundary=x', 'application/xml', '*/*', ''),
    'user-agent': fc.oneof(anyText.map((text) => text.replace(/[^\x20-\x7e]/g, '')), fc.constant('x'.repeat(1000))),
    'accept-language': fc.constantFrom('*', 'hi-IN,hi;q=0.9', ';;;'),
  },
  { requiredKeys: [] },
);

/** Path values that exist or look real; destructive routes never get a real one (see `requestsFor`). */
let plausible: Record<string, string[]>;

function requestsFor(route: RouteDescription): fc.Arbitrary<Sent> {
  const destructive = route.method !== 'GET' && route.path.startsWith('/admin/');
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
  const params = names.map((name) => {
    const values = destructive && (name === 'id' || name === 'articleId') ? [randomUUID()] : (plausible[name] ?? [randomUUID()]);
    let values_ = segment(values);
    // Never a real recovery action or schedule: the fuzz must not run recovery or pause the runtime's schedules.
    if (name === 'action') values_ = values_.filter((value) => !(RECOVERY_ACTIONS as readonly string[]).includes(safeDecode(value)));
    if (name === 'name' && route.path.includes('/schedules/')) values_ = values_.filter((value) => !stack.schedules.some((schedule) => schedule.name === safeDecode(value)));
    return values_;
  });
  return fc
    .record({ params: fc.tuple(...params), query: queryString, body: bodies, headers, as: fc.constantFrom('guest' as const, 'admin' as const) })
    .map(({ params: values, query, body, headers: sent, as }) => {
      let index = 0;
      const path = route.path.replace(/\{\w+\}/g, () => values[index++] as string) + query;
      const withType = body !== undefined && !('content-type' in sent) ? { ...sent, 'content-type': 'application/json' } : sent;
      return { method: route.method, path, headers: withType, body, as };
    });
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * A page a browser is sent to (a written page that does not exist: /pages/..., lambdas/http/articles/missing-page.ts)
 * says what is wrong in its heading, not in JSON: the reader reads it, no script does.
 */
const PAGE_WITH_MESSAGE = /^<!doctype html>[\s\S]*<h1>[^<]+<\/h1>/i;

/** What is wrong with an answer, or null: a 5xx, or a 4xx without a JSON message (or a page's heading). */
function problemWith(answer: Answer): string | null {
  if (answer.status >= 500) return `status ${answer.status}: ${answer.text.slice(0, 200)}`;
  if (answer.status >= 400 && !PAGE_WITH_MESSAGE.test(answer.text)) {
    try {
      const parsed = JSON.parse(answer.text) as { message?: unknown };
      if (typeof parsed.message !== 'string' || !parsed.message) return `status ${answer.status} without a message: ${answer.text.slice(0, 200)}`;
    } catch {
      return `status ${answer.status} not JSON: ${answer.text.slice(0, 200)}`;
    }
  }
  return null;
}

describe('fuzzing every described route', () => {
  let adminToken: string;
  /** DELETE /me deletes the caller: it gets an admin of its own, so the other routes keep theirs. */
  let deletableAdminToken: string;

  beforeAll(async () => {
    const [admin, deletable] = await Promise.all([signedInUser(['admin']), signedInUser(['admin'])]);
    adminToken = admin.idToken;
    deletableAdminToken = deletable.idToken;
    const list = (await api('GET', '/articles?limit=3')).body as ApiAnswer<'GET /articles'>;
    const articleIds = list.items.map((item) => item.id);
    plausible = {
      id: articleIds.length ? articleIds : [randomUUID()],
      articleId: articleIds.length ? articleIds : [randomUUID()],
      scope: ['all', 'brand-deals'],
      file: ['rss.xml', 'atom.xml', 'feed.json'],
      orderId: ['order_NoSuchOrder01'],
      machine: ['ingest', 'lifecycle', 'retrain', 'newsletter'],
      name: ['no-such-execution'],
      userId: [randomUUID()],
      action: ['no-such-action'],
    };
  });

  it('answers no 5xx, and a JSON message with every 4xx, whatever arrives', { timeout: 900_000 }, async () => {
    const perRoute = new Map<string, Record<string, number>>();
    const failures: string[] = [];
    const fuzzRoute = async (route: RouteDescription, index: number) => {
      const key = routeKey(route);
      const counts: Record<string, number> = {};
      perRoute.set(key, counts);
      const token = (as: Sent['as']) => (as === 'guest' ? undefined : key === 'DELETE /me' ? deletableAdminToken : adminToken);
      // Sampled with a printed seed rather than shrunk: every failing input is kept and reported, none stops the rest.
      const requests = fc.sample(requestsFor(route), { numRuns: HEAVY.has(key) ? Math.min(RUNS, 10) : RUNS, seed: SEED + index });
      for (const request of requests) {
        const answer = await send(request, token(request.as));
        const tally = `${request.as} ${answer.status}`;
        counts[tally] = (counts[tally] ?? 0) + 1;
        const problem = problemWith(answer);
        if (problem) failures.push(`${key} as ${request.as}: ${request.method} ${request.path.slice(0, 300)} headers=${JSON.stringify(request.headers).slice(0, 300)} body=${String(request.body).slice(0, 300)} -> ${problem}`);
      }
    };

    // A few routes at a time: each property runs its cases one after another.
    const routes = [...stack.routes];
    let next = 0;
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        while (next < routes.length) {
          const index = next++;
          await fuzzRoute(routes[index] as RouteDescription, index);
        }
      }),
    );

    const total = [...perRoute.values()].reduce((sum, counts) => sum + Object.values(counts).reduce((a, b) => a + b, 0), 0);
    console.info(`fuzz (seed ${SEED}): ${total} requests over ${perRoute.size} routes`);
    for (const [key, counts] of perRoute) console.info(`  ${key}: ${Object.values(counts).reduce((a, b) => a + b, 0)} ${JSON.stringify(counts)}`);
    expect(perRoute.size).toBe(stack.routes.length);
    expect(failures).toEqual([]);
  });
});
