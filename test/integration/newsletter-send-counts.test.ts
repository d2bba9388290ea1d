import { beforeAll, describe, expect, it } from 'vitest';
import { httpEvent, lambdaContext, useFreshTable } from '../support/aws.ts';
import type { ApiAnswer } from '#http/answers.ts';

/**
 * The confirmed send on a table this file owns, so the counts are exact: an audience of nobody is said to
 * be nobody and never started, and the count follows confirmations, unsubscribes and suppressions.
 */
type Handler = (event: unknown, context: unknown) => Promise<{ statusCode: number; body: string }>;
let handler: Handler;
const adminClaims = { sub: 'editor-1', email: 'editor@test.local', 'cognito:groups': '[admin]' };

async function call<T>(routeKey: string, options: { query?: Record<string, string>; body?: unknown } = {}) {
  const response = await handler(httpEvent(routeKey, { ...options, claims: adminClaims }), lambdaContext);
  return { status: response.statusCode, body: JSON.parse(response.body) as T };
}
const recipients = async (frequency?: string) => (await call<ApiAnswer<'GET /admin/newsletter/recipients'>>('GET /admin/newsletter/recipients', frequency ? { query: { frequency } } : {})).body.recipients;

beforeAll(async () => {
  await useFreshTable();
  handler = (await import('../../lambdas/http/admin/admin.handler.ts')).handler as unknown as Handler;
});

describe('recipients on a table of its own', () => {
  it('says zero and refuses to send when nobody is confirmed', async () => {
    const { recordSubscriptionRequest } = await import('#store/subscribers.ts');
    await recordSubscriptionRequest('pending@test.local');
    expect(await recipients()).toBe(0);
    const refused = await call<{ message: string }>('POST /admin/newsletter/issues', { body: { subject: 'Nobody', content: 'Hello?', recipients: 0 } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('No confirmed subscribers would receive this issue: nothing was sent');
    const { latestPipelineRuns } = await import('#store/pipeline-runs.ts');
    expect(await latestPipelineRuns('newsletter', 1)).toEqual([]);
  });

  it('follows confirmations, unsubscribes and suppressions, per audience', async () => {
    const { activateSubscription, deactivateSubscription, suppressSubscriber } = await import('#store/subscribers.ts');
    for (let index = 0; index < 3; index += 1) await activateSubscription(`daily-${index}@test.local`, { frequency: 'daily', topics: [] });
    await activateSubscription('weekly@test.local', { frequency: 'weekly', topics: ['creator-economy'] });
    expect(await recipients()).toBe(4);
    expect(await recipients('daily')).toBe(3);
    expect(await recipients('weekly')).toBe(1);
    expect(await recipients('monthly')).toBe(0);
    await deactivateSubscription('daily-0@test.local');
    await suppressSubscriber('daily-1@test.local', 'complaint');
    expect(await recipients('daily')).toBe(1);
    expect(await recipients()).toBe(2);
    const stale = await call<{ message: string }>('POST /admin/newsletter/issues', { body: { subject: 'Hi', content: 'Hello', frequency: 'daily', recipients: 3 } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed from 3 to 1/);
  });
});
