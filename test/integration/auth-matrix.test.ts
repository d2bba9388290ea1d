import { randomBytes, randomUUID } from 'node:crypto';
import type { ApiAnswer } from '#http/answers.ts';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { stack, routeKey, type AuthLevel, type RouteDescription } from '../../lib/stack-description.ts';
import { anotherClient, api, apiFrom, signedInUser } from '../support/aws.ts';
import { forgedTokens, signWithPoolKey, type ForgeryKind } from '../support/forged-tokens.ts';

/**
 * Every described route x every kind of caller, through the local gateway (which checks tokens as the
 * Cognito JWT authorizer does) and the handlers (which check roles). Generated from the stack description,
 * so a new route is covered the day it is described.
 */

type Role = 'reader' | 'moderator' | 'admin';
const RANK: Record<AuthLevel, number> = { public: 0, user: 1, moderator: 2, admin: 3 };
const ROLE_RANK: Record<Role, number> = { reader: 1, moderator: 2, admin: 3 };

interface Check {
  route: RouteDescription;
  caller: string;
  token: string | undefined;
  expected: '401' | '403' | 'allowed';
}

interface Outcome extends Check {
  status: number;
}

let articleId: string;

/**
 * Plausible path values. Destructive admin routes get ids that exist nowhere (a fresh UUID, an unknown
 * recovery action or schedule), so an admin's allowed call cannot delete, pause or run anything real.
 */
function pathOf(route: RouteDescription): string {
  const admin = route.path.startsWith('/admin/');
  const values: Record<string, string> = {
    id: admin || route.path.startsWith('/me/notifications') ? randomUUID() : articleId,
    articleId,
    scope: 'all',
    file: 'rss.xml',
    orderId: 'order_NoSuchOrder01',
    machine: 'ingest',
    name: route.path.includes('/schedules/') ? 'no-such-schedule' : 'no-such-execution',
    userId: randomUUID(),
    action: 'no-such-action',
    // A missing written page's category (lambdas/http/articles/missing-page.ts).
    slug: 'platform-updates',
    // A resized picture's width and fingerprint (lambdas/domain/content/resized-images.ts): one that matches no copy.
    variant: '720-0.webp',
    // A push device's id (the SHA-256 of its endpoint, base64url): one no reader has.
    deviceId: randomBytes(32).toString('base64url'),
    // A topic of the catalogue (lambdas/domain/topics/story-topics.ts topicById).
    topicId: 'youtube',
    // A publisher is a feed source's id (domain/reader/follows.ts PUBLISHER_ID_PATTERN): one no feed has.
    publisherId: 'no-such-publisher',
    // A keyword alert's id (base64url of the normalised keyword): "sebi".
    keywordId: 'c2ViaQ',
  };
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (!value) throw new Error(`No plausible value for path parameter {${name}} of ${routeKey(route)}`);
    return encodeURIComponent(value);
  });
}

function expectationFor(route: RouteDescription, role: Role | 'guest' | 'forged'): Check['expected'] {
  if (route.auth === 'public') return 'allowed';
  if (role === 'guest' || role === 'forged') return '401';
  return ROLE_RANK[role] >= RANK[route.auth] ? 'allowed' : '403';
}

function wrong(outcome: Outcome): boolean {
  if (outcome.status >= 500) return true;
  if (outcome.expected === 'allowed') return outcome.status === 401 || outcome.status === 403;
  return String(outcome.status) !== outcome.expected;
}

/** Runs checks a few at a time: the machine has two cores and the gateway runs handlers in-process. */
async function runAll(checks: Check[], concurrency = 6): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < checks.length) {
      const check = checks[next++] as Check;
      const { status } = await apiFrom(anotherClient(), check.route.method, pathOf(check.route), undefined, check.token);
      outcomes.push({ ...check, status });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return outcomes;
}

const describe_ = (outcome: Outcome) => `${routeKey(outcome.route)} as ${outcome.caller}: ${outcome.status}, expected ${outcome.expected}`;

describe('auth matrix: every described route x guest, reader, moderator, admin and forged tokens', () => {
  let tokens: Record<Role, string>;
  let adminAccessToken: string;
  let forged: Record<ForgeryKind, string>;
  let resignedAdmin: string;

  beforeAll(async () => {
    // A second admin holds the access token: DELETE /me with the first admin's ID token deletes that account.
    const [reader, moderator, admin, secondAdmin] = await Promise.all([signedInUser(), signedInUser(['moderator']), signedInUser(['admin']), signedInUser(['admin'])]);
    tokens = { reader: reader.idToken, moderator: moderator.idToken, admin: admin.idToken };
    adminAccessToken = secondAdmin.accessToken;
    forged = await forgedTokens(admin, reader);
    resignedAdmin = await signWithPoolKey(decodeJwt(admin.idToken));
    const list = (await api('GET', '/articles?limit=1')).body as ApiAnswer<'GET /articles'>;
    articleId = list.items[0]?.id ?? randomUUID();
  });

  it('forges with the pool\'s real key: an unaltered re-signed token is accepted, so the forgeries below fail on what they change', async () => {
    expect((await api('GET', '/admin/ping', resignedAdmin)).status).toBe(200);
  });

  it('answers 401 to guests and forged tokens, 403 to too low a role, and neither (nor a 5xx) to a sufficient role', { timeout: 600_000 }, async () => {
    const checks: Check[] = [];
    // DELETE /me deletes the caller's account: those checks run last, once every other check is done.
    const routes = [...stack.routes].sort((a, b) => Number(routeKey(a) === 'DELETE /me') - Number(routeKey(b) === 'DELETE /me'));
    for (const route of routes) {
      const batch: Check[] = [{ route, caller: 'guest', token: undefined, expected: expectationFor(route, 'guest') }];
      for (const kind of Object.keys(forged) as ForgeryKind[]) {
        batch.push({ route, caller: `forged (${kind})`, token: forged[kind], expected: expectationFor(route, 'forged') });
      }
      for (const role of ['reader', 'moderator', 'admin'] as const) {
        batch.push({ route, caller: role, token: tokens[role], expected: expectationFor(route, role) });
      }
      // API Gateway's Cognito authorizer also takes the pool's access tokens (client_id instead of aud).
      batch.push({ route, caller: 'admin (access token)', token: adminAccessToken, expected: expectationFor(route, 'admin') });
      checks.push(...batch);
    }
    const last = checks.filter((check) => routeKey(check.route) === 'DELETE /me');
    const outcomes = [...(await runAll(checks.filter((check) => !last.includes(check)))), ...(await runAll(last, 1))];

    const wrongOnes = outcomes.filter(wrong).map(describe_);
    console.info(`auth matrix: ${outcomes.length} checks over ${stack.routes.length} routes, ${wrongOnes.length} wrong`);
    expect(outcomes).toHaveLength(stack.routes.length * 13);
    expect(wrongOnes).toEqual([]);
    // The matrix would pass vacuously if every call were refused: each level must have been let in somewhere.
    for (const level of ['public', 'user', 'moderator', 'admin'] as const) {
      expect(outcomes.some((outcome) => outcome.route.auth === level && outcome.expected === 'allowed' && outcome.status < 400)).toBe(true);
    }
  });
});
