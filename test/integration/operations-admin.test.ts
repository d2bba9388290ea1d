import { beforeAll, describe, expect, it } from 'vitest';
import { local, signedInRoles } from '../support/aws.ts';
import { callApi } from '../support/console.ts';
import type { ApiAnswer } from '#http/answers.ts';
import type { ErrorAnswer } from '#platform/router.ts';

/**
 * Operations and Recovery through the local gateway: run metrics recorded by real requests, state
 * machine success rates from the Step Functions stand-in, and each recovery action on a prepared store.
 */

type Operations = ApiAnswer<'GET /admin/operations'>;
type Run = ApiAnswer<'POST /admin/recovery/{action}'>;
type Recovery = ApiAnswer<'GET /admin/recovery'>;

let admin: string;
let moderator: string;
let reader: string;

beforeAll(async () => ({ admin, moderator, reader } = await signedInRoles()));

async function operations(): Promise<Operations> {
  const { status, body } = await callApi<Operations>(admin, 'GET', '/admin/operations');
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

async function recovery(): Promise<Recovery> {
  const { status, body } = await callApi<Recovery>(admin, 'GET', '/admin/recovery');
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

const pending = (state: Recovery, action: string) => state.actions.find((entry) => entry.action === action)?.pending ?? -1;
const fnOf = (state: Operations, name: string) => state.functions.find((fn) => fn.name === name) as Operations['functions'][number];
const machineOf = (state: Operations, name: string) => state.stateMachines.find((machine) => machine.machine === name) as Operations['stateMachines'][number];

async function run(action: string, body?: unknown): Promise<Run> {
  const { status, body: result } = await callApi<Run>(admin, 'POST', `/admin/recovery/${action}`, body);
  expect(status, JSON.stringify(result)).toBe(200);
  return result;
}

async function finished(machine: string, name: string, timeoutMs = 45_000): Promise<{ status: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await callApi<ApiAnswer<'GET /admin/pipeline/executions/{machine}/{name}'>>(admin, 'GET', `/admin/pipeline/executions/${machine}/${name}`);
    if (body.status !== 'RUNNING') return body;
    if (Date.now() > deadline) throw new Error(`${machine}/${name} still running`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function injectFault(fn: string, times: number): Promise<void> {
  const response = await fetch(`${local().urls.stepfunctions}/_local/faults`, { method: 'POST', body: JSON.stringify({ fn, times }) });
  expect(response.status).toBe(200);
}

async function failedExecution(machine: string, fn: string, options: Record<string, unknown> = {}): Promise<string> {
  await injectFault(fn, 1);
  const started = await callApi<ApiAnswer<'POST /admin/pipeline/executions'>>(admin, 'POST', '/admin/pipeline/executions', { machine, ...options });
  expect(started.status).toBe(200);
  expect((await finished(machine, started.body.name)).status).toBe('FAILED');
  return started.body.name;
}

async function auditActions(target: string): Promise<string[]> {
  const { listAudit } = await import('#store/audit.ts');
  return (await listAudit({ target })).items.map((entry) => entry.action);
}

describe('Operations and Recovery routes', () => {
  it('are for admins only: guests 401, readers and moderators 403', async () => {
    const routes: Array<[string, string]> = [
      ['GET', '/admin/operations'],
      ['GET', '/admin/recovery'],
      ['POST', '/admin/recovery/reject-auto-rejected'],
    ];
    for (const [method, path] of routes) {
      expect((await callApi(undefined, method, path)).status, `${method} ${path} guest`).toBe(401);
      expect((await callApi(reader, method, path)).status, `${method} ${path} reader`).toBe(403);
      expect((await callApi(moderator, method, path)).status, `${method} ${path} moderator`).toBe(403);
    }
    expect((await callApi(admin, 'GET', '/admin/operations')).status).toBe(200);
    expect((await callApi(admin, 'GET', '/admin/recovery')).status).toBe(200);
  });

  it('answers an unknown action 404 with the actions it knows', async () => {
    const { status, body } = await callApi<ErrorAnswer>(admin, 'POST', '/admin/recovery/ml-system-reset');
    expect(status).toBe(404);
    expect(body.message).toBe('Unknown recovery action ml-system-reset: use one of classify-drafts, redrive-failed, reject-auto-rejected, rebuild-search-index, resend-digest-batch, redrive-dead-letters');
  });
});

describe('recorded runs', () => {
  it('counts every request of the admin-operations function, 4xx as invocations and not as errors', async () => {
    const before = fnOf(await operations(), 'admin-operations').day;
    const N = 6;
    for (let i = 0; i < N; i += 1) expect((await callApi(admin, 'GET', '/admin/alerts')).status).toBe(200);
    expect((await callApi(admin, 'POST', '/admin/recovery/unknown-action')).status).toBe(404);
    expect((await callApi(admin, 'POST', '/admin/recovery/rebuild-search-index', { pageSize: 0 })).status).toBe(400);
    expect((await callApi(reader, 'GET', '/admin/operations')).status).toBe(403);
    const after = fnOf(await operations(), 'admin-operations').day;
    // The first GET /admin/operations itself is recorded after it answered, then N alert lists, the 404, the 400 and the 403.
    expect(after.invocations - before.invocations).toBe(1 + N + 3);
    expect(after.errors - before.errors).toBe(0);
    expect(after.avgMs).not.toBeNull();
    expect(after.p95Ms).toBeGreaterThan(0);
  });

  it('counts a thrown error of a non-HTTP function and flushes it at once', async () => {
    const before = fnOf(await operations(), 'lifecycle').day;
    // The described lifecycle function's handler, called as Lambda would call it, with an input it refuses.
    const { handler } = await import('../../lambdas/pipeline/lifecycle.handler.ts');
    await expect(handler({ step: 'no-such-step' })).rejects.toThrow();
    const after = fnOf(await operations(), 'lifecycle').day;
    expect(after.invocations - before.invocations).toBe(1);
    expect(after.errors - before.errors).toBe(1);
  });
});

describe('state machine success rates and alarms', () => {
  it('a failed execution lowers the success rate and raises the alarm', async () => {
    const before = machineOf(await operations(), 'lifecycle');
    const name = await failedExecution('lifecycle', 'lifecycle');
    const state = await operations();
    const after = machineOf(state, 'lifecycle');
    expect(after.counts.FAILED).toBe((before.counts.FAILED ?? 0) + 1);
    const finishedRuns = after.counts.SUCCEEDED! + after.counts.FAILED! + after.counts.TIMED_OUT! + after.counts.ABORTED!;
    expect(after.successRate).toBeCloseTo(after.counts.SUCCEEDED! / finishedRuns);
    expect(after.lastFailure).toMatchObject({ name, status: 'FAILED', error: 'InjectedFault' });
    const alarm = state.alarms.find((entry) => entry.name === 'lifecycle success rate');
    expect(after.successRate!).toBeLessThan(0.9);
    expect(alarm).toMatchObject({ state: 'ALARM', kind: 'state-machine-success' });
    expect(state.health.status).toMatch(/healthy|warning|critical/);
    expect(Object.keys(state.health.areas)).toEqual(['content', 'pipeline', 'functions']);
    expect(state.schedules.map((schedule) => schedule.name)).toContain('lifecycle-twice-daily');
  });
});

describe('recovery actions', () => {
  it('reject-auto-rejected moves auto-rejected drafts to rejected', async () => {
    const { createArticle, getArticle } = await import('#store/articles.ts');
    const { testArticle } = await import('../support/articles.ts');
    const stuck = testArticle({ status: 'draft', adminStatus: 'auto_rejected', mlConfidenceScore: 0.2 });
    await createArticle(stuck);
    const before = pending(await recovery(), 'reject-auto-rejected');
    expect(before).toBeGreaterThanOrEqual(1);
    const result = await run('reject-auto-rejected');
    expect(result).toMatchObject({ action: 'reject-auto-rejected', status: 'completed', done: before, total: before, failed: 0 });
    expect(await getArticle(stuck.id)).toMatchObject({ status: 'rejected' });
    const after = await recovery();
    expect(pending(after, 'reject-auto-rejected')).toBe(0);
    expect(after.runs[0]).toMatchObject({ id: result.id, status: 'completed' });
    expect(await auditActions(result.id)).toContain('recovery.reject-auto-rejected');
  });

  it('classify-drafts starts the ingest classify-only run that classifies the waiting drafts', async () => {
    const { createArticle, getArticle } = await import('#store/articles.ts');
    const { testArticle } = await import('../support/articles.ts');
    const waiting = testArticle({ status: 'draft', adminStatus: 'unclassified', mlConfidenceScore: 0 });
    await createArticle(waiting);
    expect(pending(await recovery(), 'classify-drafts')).toBeGreaterThanOrEqual(1);
    const result = await run('classify-drafts');
    expect(result.execution?.machine).toBe('ingest');
    expect((await finished('ingest', result.execution!.name, 90_000)).status).toBe('SUCCEEDED');
    expect((await getArticle(waiting.id))?.adminStatus).not.toBe('unclassified');
    expect(pending(await recovery(), 'classify-drafts')).toBe(0);
  });

  it('rebuild-search-index notes every published article, in chunks the caller continues', async () => {
    const { createArticle } = await import('#store/articles.ts');
    const { articlesChangedSince } = await import('#store/article-lists.ts');
    const { testArticle } = await import('../support/articles.ts');
    const { countArticlesInTable } = await import('../support/store-counts.ts');
    const fresh = Array.from({ length: 12 }, () => testArticle());
    for (const article of fresh) await createArticle(article);
    const startedAt = new Date().toISOString();
    const published = (await countArticlesInTable()).byStatus.published ?? 0;
    expect(pending(await recovery(), 'rebuild-search-index')).toBeGreaterThanOrEqual(published);
    // Pages of 1 article, at most 10 pages a call: more than 10 published articles take several calls.
    let result = await run('rebuild-search-index', { pageSize: 1 });
    expect(result).toMatchObject({ status: 'running', done: 10 });
    let calls = 1;
    while (result.status === 'running' && calls < 1000) {
      const next = await run('rebuild-search-index', { runId: result.id, pageSize: 1 });
      expect(next.done).toBeGreaterThan(result.done);
      result = next;
      calls += 1;
    }
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(result).toMatchObject({ status: 'completed', failed: 0 });
    expect(result.done).toBe(result.total);
    expect(result.done).toBeGreaterThanOrEqual(published);
    const noted = new Set(await articlesChangedSince(startedAt));
    for (const article of fresh) expect(noted.has(article.id)).toBe(true);
    // A finished run answers as it is.
    expect(await run('rebuild-search-index', { runId: result.id })).toMatchObject({ id: result.id, status: 'completed', done: result.done });
  });

  it('resend-digest-batch re-runs a failed digest execution with its input', async () => {
    const failed = await failedExecution('newsletter', 'newsletter-digest', { frequency: 'weekly' });
    const before = pending(await recovery(), 'resend-digest-batch');
    expect(before).toBeGreaterThanOrEqual(1);
    const result = await run('resend-digest-batch');
    expect(result.details).toMatchObject({ resendOf: failed, input: { frequency: 'weekly' } });
    expect((await finished('newsletter', result.execution!.name)).status).toBe('SUCCEEDED');
    expect(pending(await recovery(), 'resend-digest-batch')).toBe(before - 1);
  });

  it('redrive-failed redrives each failed execution of the last 24 h', async () => {
    const name = await failedExecution('lifecycle', 'lifecycle');
    const before = pending(await recovery(), 'redrive-failed');
    expect(before).toBeGreaterThanOrEqual(1);
    const result = await run('redrive-failed');
    const executions = (result.details as { executions: Array<{ machine: string; name: string; result: string }> }).executions;
    expect(executions).toHaveLength(before);
    expect(executions).toContainEqual(expect.objectContaining({ machine: 'lifecycle', name, result: 'redriven' }));
    expect(result).toMatchObject({ status: 'completed', total: before, done: executions.filter((entry) => entry.result === 'redriven').length });
    for (const entry of executions.filter((item) => item.result === 'redriven')) expect((await finished(entry.machine, entry.name)).status).toBe('SUCCEEDED');
    expect(pending(await recovery(), 'redrive-failed')).toBe(0);
    expect(await auditActions(result.id)).toContain('recovery.redrive-failed');
  });
});
