import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAnswer } from '#http/answers.ts';
import { api, signedInRoles } from '../support/aws.ts';
import { callApi } from '../support/console.ts';
import { clearFaults, faultStats, setFaults } from '../support/faults.ts';

/**
 * Every failure seen: each fault injected into the runtime's dependencies is counted on the Operations screen
 * (failed attempts, and the calls that still failed after their retries), with its reason in words, and a reader
 * meets a 503 with Retry-After, never a 500. The test counts what it injected against what Operations reports.
 */

type Operations = ApiAnswer<'GET /admin/operations'>;
type Row = Operations['dependencyFailures'][number];

let admin: string;

beforeAll(async () => ({ admin } = await signedInRoles()));
afterAll(async () => {
  await clearFaults();
});

async function operations(): Promise<Operations> {
  const { status, body } = await callApi<Operations>(admin, 'GET', '/admin/operations');
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

const key = (row: Pick<Row, 'service' | 'kind'>) => `${row.service}|${row.kind}`;
const byKey = (rows: readonly Row[]) => new Map(rows.map((row) => [key(row), row]));
/** What the injector's faults are called on Operations. */
const KIND_OF: Record<string, Row['kind']> = { throttle: 'throttled', 'throughput-exceeded': 'throttled', 'server-error': 'server-error', reset: 'connection', 'lost-response': 'connection', timeout: 'timeout' };

describe('every injected failure is seen on Operations', () => {
  it('counts each failed attempt and each call that gave up, per service and reason, and readers get 503 with Retry-After', async () => {
    const before = byKey((await operations()).dependencyFailures);
    // An article's page reads DynamoDB (the list may come from the search index in memory).
    const { body: list } = await api('GET', '/articles?limit=3');
    const ids = (list as { items: Array<{ id: string }> }).items.map((item) => item.id);
    expect(ids.length).toBeGreaterThan(0);
    await setFaults({
      seed: 11,
      rules: [
        { service: 'dynamodb', fault: 'throttle', times: 5 },
        { service: 'dynamodb', fault: 'server-error', times: 3 },
        { service: 'dynamodb', fault: 'reset', times: 2 },
      ],
    });
    const statuses: number[] = [];
    for (let request = 0; request < 30; request += 1) {
      const answer = await api('GET', `/articles/${ids[request % ids.length]}`);
      statuses.push(answer.status);
      if (answer.status === 503) {
        expect(answer.headers.get('retry-after')).toBe('2');
        expect(answer.body).toMatchObject({ message: 'We are busy for a moment - please try again in a few seconds', retryable: true });
      }
      if ((await faultStats()).journal.length >= 10) break;
    }
    const { journal } = await faultStats();
    await clearFaults();
    expect(statuses).not.toContain(500);
    expect(statuses).toContain(503);
    expect(journal.length).toBe(10);

    // Injected, per service and kind.
    const injected = new Map<string, number>();
    for (const fault of journal) {
      const name = `${fault.service}|${KIND_OF[fault.fault]}`;
      injected.set(name, (injected.get(name) ?? 0) + 1);
    }
    // Reported: what Operations added since `before` (each invocation writes what it saw when it ends).
    let reported: Map<string, number>;
    let gaveUp: number;
    const deadline = Date.now() + 15_000;
    do {
      const rows = (await operations()).dependencyFailures;
      reported = new Map(rows.map((row) => [key(row), row.attempts - (before.get(key(row))?.attempts ?? 0)]).filter(([, added]) => Number(added) > 0) as Array<[string, number]>);
      gaveUp = rows.reduce((sum, row) => sum + row.gaveUp - (before.get(key(row))?.gaveUp ?? 0), 0);
      if (JSON.stringify([...reported].sort()) === JSON.stringify([...injected].sort())) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    } while (Date.now() < deadline);
    expect(Object.fromEntries([...reported].sort())).toEqual(Object.fromEntries([...injected].sort()));
    // Every 503 a reader met is a call that gave up (a background run may have met one too).
    expect(gaveUp).toBeGreaterThanOrEqual(statuses.filter((status) => status === 503).length);

    const after = await operations();
    const throttled = after.dependencyFailures.find((row) => row.service === 'dynamodb' && row.kind === 'throttled');
    expect(throttled?.reason).toBe('DynamoDB refused for rate (throttled)');
    expect(throttled?.lastError).toBe('ThrottlingException');
    expect(after.alarms.map((alarm) => alarm.name)).toEqual(expect.arrayContaining(['DynamoDB failures', 'S3 failures', 'SES failures', 'Razorpay failures']));
  });
});
