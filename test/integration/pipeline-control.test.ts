import { beforeAll, describe, expect, it } from 'vitest';
import { local, signedInRoles } from '../support/aws.ts';
import { callApi } from '../support/console.ts';
import type { ApiAnswer } from '#http/answers.ts';
import type { ErrorAnswer } from '#platform/router.ts';

/**
 * Pipeline Control through the local gateway: the admin function drives the runtime's Step Functions
 * stand-in and its Scheduler stand-in with the real SDK clients, as it drives the services on AWS.
 */

type Summary = ApiAnswer<'GET /admin/pipeline/executions'>['items'][number];

type Detail = ApiAnswer<'GET /admin/pipeline/executions/{machine}/{name}'>;
type Schedule = ApiAnswer<'PUT /admin/pipeline/schedules/{name}'>;
type Alert = ApiAnswer<'POST /admin/alerts/{id}/resolve'>;

let admin: string;
let moderator: string;
let reader: string;

beforeAll(async () => ({ admin, moderator, reader } = await signedInRoles()));

async function start(body: Record<string, unknown>): Promise<{ machine: string; name: string; executionArn: string; startDate: string }> {
  const started = await callApi<ApiAnswer<'POST /admin/pipeline/executions'>>(admin, 'POST', '/admin/pipeline/executions', body);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return started.body;
}

async function detail(machine: string, name: string): Promise<Detail> {
  const { status, body } = await callApi<Detail>(admin, 'GET', `/admin/pipeline/executions/${machine}/${name}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

async function finished(machine: string, name: string, timeoutMs = 45_000): Promise<Detail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const execution = await detail(machine, name);
    if (execution.status !== 'RUNNING') return execution;
    if (Date.now() > deadline) throw new Error(`${machine}/${name} still running after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function injectFault(fn: string, times: number): Promise<void> {
  const response = await fetch(`${local().urls.stepfunctions}/_local/faults`, { method: 'POST', body: JSON.stringify({ fn, times }) });
  expect(response.status).toBe(200);
}

async function auditOf(target: string) {
  const { listAudit } = await import('#store/audit.ts');
  return (await listAudit({ target })).items;
}

describe('Pipeline Control routes', () => {
  it('are for admins only: guests 401, readers and moderators 403', async () => {
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/admin/pipeline/executions'],
      ['POST', '/admin/pipeline/executions', { machine: 'ingest' }],
      ['GET', '/admin/pipeline/executions/ingest/sample'],
      ['POST', '/admin/pipeline/executions/ingest/sample/stop'],
      ['POST', '/admin/pipeline/executions/ingest/sample/redrive'],
      ['GET', '/admin/pipeline/schedules'],
      ['PUT', '/admin/pipeline/schedules/retrain-weekly', { paused: true }],
      ['GET', '/admin/alerts?resolved=false'],
      ['POST', '/admin/alerts/sample/resolve'],
    ];
    for (const [method, path, body] of routes) {
      expect((await callApi(undefined, method, path, body)).status, `${method} ${path} guest`).toBe(401);
      expect(await callApi(reader, method, path, body), `${method} ${path} reader`).toEqual({ status: 403, body: { message: 'Access denied. Admin privileges required.' } });
      expect((await callApi(moderator, method, path, body)).status, `${method} ${path} moderator`).toBe(403);
    }
    // Nothing was started or paused by the refused calls.
    const schedules = await callApi<Schedule[]>(admin, 'GET', '/admin/pipeline/schedules');
    expect(schedules.body.find((schedule) => schedule.name === 'retrain-weekly')?.state).toBe('ENABLED');
  });

  it('start an ingest that is listed, with its input, history timeline and Map progress, and audited', async () => {
    const started = await start({ machine: 'ingest', mode: 'full' });
    expect(started.machine).toBe('ingest');
    expect(started.name).toMatch(/^console-\d{8}T\d{6}Z-[0-9a-f]{6}$/);
    expect(started.executionArn).toContain(`:execution:creator-news-hub-ingest:${started.name}`);

    const listed = await callApi<ApiAnswer<'GET /admin/pipeline/executions'>>(admin, 'GET', '/admin/pipeline/executions?machine=ingest');
    expect(listed.body.items.map((item) => item.name)).toContain(started.name);
    const everything = await callApi<ApiAnswer<'GET /admin/pipeline/executions'>>(admin, 'GET', '/admin/pipeline/executions');
    expect(everything.body.items.find((item) => item.name === started.name)).toMatchObject({ machine: 'ingest' });

    const execution = await finished('ingest', started.name);
    expect(execution.status).toBe('SUCCEEDED');
    expect(execution.input).toMatchObject({ trigger: 'console', mode: 'full', startedBy: { userId: expect.any(String) } });
    expect(execution.durationMs).toBe(Date.parse(execution.stopDate as string) - Date.parse(execution.startDate));
    expect(execution.output).toMatchObject({ mode: 'full' });
    const states = execution.timeline.map((entry) => entry.state);
    expect(states.slice(0, 3)).toEqual(['ChooseMode', 'StartFull', 'ListDueFeeds']);
    expect(states).toContain('FetchHosts');
    expect(states.at(-1)).toBe('RecordRun');
    expect(execution.timeline.every((entry) => entry.status === 'succeeded' && typeof entry.durationMs === 'number' && entry.exitedAt)).toBe(true);
    // The ingest at start fetched every feed, so this one may find none due: then the Map ran no iteration.
    const iterations = execution.timeline.filter((entry) => entry.iteration !== undefined);
    if (execution.progress) {
      expect(execution.progress.done + execution.progress.failed).toBe(execution.progress.total);
      expect(new Set(iterations.map((entry) => entry.iteration)).size).toBe(execution.progress.total);
    } else {
      expect(iterations).toEqual([]);
    }

    const [entry] = await auditOf(`ingest/${started.name}`);
    expect(entry).toMatchObject({ action: 'execution.start', actorRole: 'admin', after: { machine: 'ingest', input: { trigger: 'console', mode: 'full' } } });
  });

  it('show the first ingest\'s host fan-out: the Distributed Map with its timing and its hosts\' progress', async () => {
    const { body } = await callApi<ApiAnswer<'GET /admin/pipeline/executions'>>(admin, 'GET', '/admin/pipeline/executions?machine=ingest&status=SUCCEEDED&limit=100');
    const first = body.items.at(-1) as Summary; // newest first: the last one is the ingest at start
    const execution = await detail('ingest', first.name);
    expect(execution.input).toMatchObject({ trigger: 'first-start' });
    // The hosts are the map run's items (DescribeMapRun); they run in child executions, not in this timeline.
    expect(execution.progress?.total).toBeGreaterThanOrEqual(1);
    expect(execution.progress?.done).toBe(execution.progress?.total);
    const map = execution.timeline.find((entry) => entry.state === 'FetchHosts');
    expect(map).toMatchObject({ type: 'Map', status: 'succeeded' });
    expect(map?.durationMs).toBe(Date.parse(map?.exitedAt as string) - Date.parse(map?.enteredAt as string));
    expect(execution.timeline.filter((entry) => entry.iteration !== undefined)).toEqual([]);
  });

  it('start classify-only, retrain and newsletter with their inputs; refuse options that do not apply', async () => {
    const classify = await start({ machine: 'ingest', mode: 'classify-only' });
    expect((await detail('ingest', classify.name)).input).toMatchObject({ mode: 'classify-only' });
    const newsletter = await start({ machine: 'newsletter', frequency: 'weekly' });
    expect((await detail('newsletter', newsletter.name)).input).toMatchObject({ trigger: 'console', frequency: 'weekly' });
    expect((await finished('ingest', classify.name)).timeline.map((entry) => entry.state)).not.toContain('FetchHosts');
    expect((await finished('newsletter', newsletter.name)).status).toBe('SUCCEEDED');

    for (const body of [{ machine: 'lifecycle', mode: 'full' }, { machine: 'ingest', frequency: 'daily' }, { machine: 'cleanup' }, { machine: 'ingest', mode: 'everything' }, {}, { machine: 'ingest', extra: 1 }]) {
      const refused = await callApi<ErrorAnswer>(admin, 'POST', '/admin/pipeline/executions', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message).toMatch(/^Invalid body/);
    }
  });

  it('stop a running execution (audited), and refuse to stop one that has ended', async () => {
    const started = await start({ machine: 'retrain' });
    const stopped = await callApi<ApiAnswer<'POST /admin/pipeline/executions/{machine}/{name}/stop'>>(admin, 'POST', `/admin/pipeline/executions/retrain/${started.name}/stop`);
    // Retraining takes seconds; the stop lands first.
    expect(stopped).toMatchObject({ status: 200, body: { machine: 'retrain', name: started.name, status: 'ABORTED' } });
    const execution = await finished('retrain', started.name);
    expect(execution.status).toBe('ABORTED');
    expect(execution.cause).toMatch(/^Stopped from the console by /);
    expect(execution.redrivable).toBe(true);
    expect(execution.timeline.find((entry) => entry.state === 'Retrain')).toMatchObject({ status: 'failed' });
    expect((await auditOf(`retrain/${started.name}`)).map((entry) => entry.action)).toContain('execution.stop');

    const again = await callApi<ErrorAnswer>(admin, 'POST', `/admin/pipeline/executions/retrain/${started.name}/stop`);
    expect(again).toEqual({ status: 409, body: { message: 'Only a running execution can be stopped; this one is ABORTED' } });
  });

  it('show a fault-injected lifecycle as FAILED with the task\'s error, and redrive it to SUCCEEDED (audited)', async () => {
    await injectFault('lifecycle', 1);
    const started = await start({ machine: 'lifecycle' });
    const failed = await finished('lifecycle', started.name);
    expect(failed).toMatchObject({ status: 'FAILED', error: 'InjectedFault', redrivable: true, redriveCount: 0 });
    expect(failed.timeline.find((entry) => entry.state === 'ArchiveBatch')).toMatchObject({ status: 'failed', error: 'InjectedFault', cause: expect.stringContaining('lifecycle') });
    expect((await callApi<ApiAnswer<'GET /admin/pipeline/executions'>>(admin, 'GET', '/admin/pipeline/executions?status=FAILED')).body.items.map((item) => item.name)).toContain(started.name);

    const redriven = await callApi(admin, 'POST', `/admin/pipeline/executions/lifecycle/${started.name}/redrive`);
    expect(redriven).toMatchObject({ status: 200, body: { machine: 'lifecycle', name: started.name, status: 'RUNNING', redriveCount: 1 } });
    const succeeded = await finished('lifecycle', started.name);
    expect(succeeded).toMatchObject({ status: 'SUCCEEDED', redriveCount: 1, redrivable: false });
    expect(succeeded.error).toBeUndefined();
    // The failed attempt stays in the timeline, then the run after the redrive.
    const archive = succeeded.timeline.filter((entry) => entry.state === 'ArchiveBatch');
    expect(archive[0]).toMatchObject({ status: 'failed', error: 'InjectedFault' });
    expect(archive.at(-1)).toMatchObject({ status: 'succeeded' });
    expect(succeeded.timeline.at(-1)).toMatchObject({ state: 'RecordRun', status: 'succeeded' });

    // Listed once, with its latest status.
    const listed = (await callApi<ApiAnswer<'GET /admin/pipeline/executions'>>(admin, 'GET', '/admin/pipeline/executions?machine=lifecycle&limit=100')).body.items.filter((item) => item.name === started.name);
    expect(listed).toEqual([expect.objectContaining({ status: 'SUCCEEDED', redriveCount: 1 })]);
    expect((await auditOf(`lifecycle/${started.name}`)).map((entry) => entry.action).sort()).toEqual(['execution.redrive', 'execution.start']);

    const refused = await callApi<ErrorAnswer>(admin, 'POST', `/admin/pipeline/executions/lifecycle/${started.name}/redrive`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^This execution cannot be redriven: .*SUCCEEDED/);
  });

  it('answer unknown executions with 404 and malformed ones with 400', async () => {
    expect((await callApi(admin, 'GET', '/admin/pipeline/executions/ingest/no-such-execution')).status).toBe(404);
    expect((await callApi(admin, 'POST', '/admin/pipeline/executions/ingest/no-such-execution/stop')).status).toBe(404);
    expect((await callApi(admin, 'POST', '/admin/pipeline/executions/lifecycle/no-such-execution/redrive')).status).toBe(404);
    expect((await callApi(admin, 'GET', '/admin/pipeline/executions/cleanup/anything')).status).toBe(400);
    expect((await callApi(admin, 'GET', `/admin/pipeline/executions/ingest/${'x'.repeat(81)}`)).status).toBe(400);
    expect((await callApi(admin, 'GET', '/admin/pipeline/executions/ingest/has%20space')).status).toBe(400);
  });
});

describe('the executions list', () => {
  it('merges every machine newest first and pages through all of them with the cursor', async () => {
    const all = (await callApi<ApiAnswer<'GET /admin/pipeline/executions'>>(admin, 'GET', '/admin/pipeline/executions?limit=100')).body;
    expect(new Set(all.items.map((item) => item.machine))).toEqual(new Set(['ingest', 'lifecycle', 'retrain', 'newsletter']));
    const starts = all.items.map((item) => Date.parse(item.startDate));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));

    const paged: Summary[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : '?limit=2';
      const page = (await callApi<ApiAnswer<'GET /admin/pipeline/executions'>>(admin, 'GET', `/admin/pipeline/executions${query}`)).body;
      expect(page.items.length).toBeLessThanOrEqual(2);
      paged.push(...page.items);
      cursor = page.cursor;
    } while (cursor);
    expect(paged.map((item) => `${item.machine}/${item.name}`)).toEqual(all.items.map((item) => `${item.machine}/${item.name}`));
  });

  it('filters by machine, status and time range', async () => {
    const all = (await callApi<ApiAnswer<'GET /admin/pipeline/executions'>>(admin, 'GET', '/admin/pipeline/executions?limit=100')).body.items;
    const succeeded = (await callApi<ApiAnswer<'GET /admin/pipeline/executions'>>(admin, 'GET', '/admin/pipeline/executions?status=SUCCEEDED&limit=100')).body.items;
    expect(succeeded.length).toBeGreaterThan(0);
    expect(succeeded.map((item) => item.name)).toEqual(all.filter((item) => item.status === 'SUCCEEDED').map((item) => item.name));
    const aborted = (await callApi<ApiAnswer<'GET /admin/pipeline/executions'>>(admin, 'GET', '/admin/pipeline/executions?machine=retrain&status=ABORTED')).body.items;
    expect(aborted.length).toBeGreaterThan(0);
    expect(aborted.every((item) => item.machine === 'retrain' && item.status === 'ABORTED')).toBe(true);

    // A window around the middle of the list: exactly the executions started inside it.
    const sorted = [...all].sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate));
    const since = (sorted[1] as Summary).startDate;
    const until = (sorted[sorted.length - 2] as Summary).startDate;
    const windowed = (await callApi<ApiAnswer<'GET /admin/pipeline/executions'>>(admin, 'GET', `/admin/pipeline/executions?limit=100&since=${since}&until=${until}`)).body.items;
    const expected = all.filter((item) => Date.parse(item.startDate) >= Date.parse(since) && Date.parse(item.startDate) <= Date.parse(until));
    expect(windowed.map((item) => item.name)).toEqual(expected.map((item) => item.name));
    expect(windowed.length).toBe(all.length - 2);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await callApi<ApiAnswer<'GET /admin/pipeline/executions'>>(admin, 'GET', `/admin/pipeline/executions?since=${future}`)).body).toEqual({ items: [], cursor: null });
  });

  it('answers bad filters and cursors with 400', async () => {
    for (const query of ['machine=cleanup', 'status=DONE', 'since=yesterday', 'until=2026-13-01T00:00:00Z', 'since=2026-02-01T00:00:00Z&until=2026-01-01T00:00:00Z', 'limit=0', 'limit=101', 'cursor=garbage']) {
      const { status, body } = await callApi<ErrorAnswer>(admin, 'GET', `/admin/pipeline/executions?${query}`);
      expect(status, query).toBe(400);
      expect(body.message, query).toBeTruthy();
    }
    const first = (await callApi<ApiAnswer<'GET /admin/pipeline/executions'>>(admin, 'GET', '/admin/pipeline/executions?limit=1')).body;
    const mismatched = await callApi<ErrorAnswer>(admin, 'GET', `/admin/pipeline/executions?limit=1&machine=ingest&cursor=${encodeURIComponent(String(first.cursor))}`);
    expect(mismatched.status).toBe(400);
    expect(mismatched.body.message).toMatch(/other filters/);
  });
});

describe('schedules', () => {
  it('lists every described schedule with its next run', async () => {
    const { stack } = await import('../../lib/stack-description.ts');
    const { status, body } = await callApi<Schedule[]>(admin, 'GET', '/admin/pipeline/schedules');
    expect(status).toBe(200);
    expect(body.map((schedule) => schedule.name)).toEqual(stack.schedules.map((schedule) => schedule.name));
    for (const schedule of body) {
      const described = stack.schedules.find((candidate) => candidate.name === schedule.name);
      expect(schedule).toMatchObject({ expression: described?.expression, timezone: 'Asia/Kolkata', stateMachine: described?.stateMachine, state: 'ENABLED', description: described?.description });
      expect(Date.parse(schedule.nextRun as string)).toBeGreaterThan(Date.now());
    }
    // 06:00 and 18:00 India time are 00:30 and 12:30 UTC.
    const lifecycle = body.find((schedule) => schedule.name === 'lifecycle-twice-daily') as Schedule;
    expect(['00:30', '12:30']).toContain((lifecycle.nextRun as string).slice(11, 16));
    const ingest = body.find((schedule) => schedule.name === 'ingest-every-30-minutes') as Schedule;
    expect(Date.parse(ingest.nextRun as string) - Date.now()).toBeLessThanOrEqual(30 * 60_000);
  });

  it('pauses a schedule (DISABLED, no next run, audited) and resumes it', async () => {
    const paused = await callApi<Schedule>(admin, 'PUT', '/admin/pipeline/schedules/newsletter-weekly', { paused: true });
    expect(paused).toMatchObject({ status: 200, body: { name: 'newsletter-weekly', state: 'DISABLED', nextRun: null } });
    const listed = (await callApi<Schedule[]>(admin, 'GET', '/admin/pipeline/schedules')).body;
    expect(listed.find((schedule) => schedule.name === 'newsletter-weekly')).toMatchObject({ state: 'DISABLED', nextRun: null });
    expect(listed.filter((schedule) => schedule.state === 'DISABLED').map((schedule) => schedule.name)).toEqual(['newsletter-weekly']);
    // The Scheduler stand-in itself reports it, as EventBridge Scheduler would.
    const raw = (await (await fetch(`${local().urls.scheduler}/schedules/newsletter-weekly?groupName=creator-news-hub`)).json()) as { State: string };
    expect(raw.State).toBe('DISABLED');

    const resumed = await callApi<Schedule>(admin, 'PUT', '/admin/pipeline/schedules/newsletter-weekly', { paused: false });
    expect(resumed.body).toMatchObject({ state: 'ENABLED' });
    expect(Date.parse(resumed.body.nextRun as string)).toBeGreaterThan(Date.now());
    const audit = await auditOf('schedule/newsletter-weekly');
    expect(audit.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['schedule.resume', { state: 'DISABLED' }, { state: 'ENABLED' }],
      ['schedule.pause', { state: 'ENABLED' }, { state: 'DISABLED' }],
    ]);
  });

  it('answers an unknown schedule with 404 and a bad body with 400', async () => {
    expect((await callApi(admin, 'PUT', '/admin/pipeline/schedules/every-second', { paused: true })).status).toBe(404);
    for (const body of [{}, { paused: 'yes' }, { paused: true, expression: 'rate(1 minute)' }]) {
      expect((await callApi(admin, 'PUT', '/admin/pipeline/schedules/retrain-weekly', body)).status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('alerts', () => {
  it('lists open alerts newest first and resolves one (audited)', async () => {
    const { raiseAlert } = await import('#store/alerts.ts');
    const older = await raiseAlert({ severity: 'high', alertType: 'ingest-step-failure', message: `Fetching a host failed ${Date.now()}` });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newer = await raiseAlert({ severity: 'critical', alertType: 'feed-failure', message: `A feed is down ${Date.now()}` });

    const open = (await callApi<ApiAnswer<'GET /admin/alerts'>>(admin, 'GET', '/admin/alerts?resolved=false&limit=100')).body.items;
    const ids = open.map((alert) => alert.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids.indexOf(newer.id)).toBeGreaterThanOrEqual(0);
    expect(open.every((alert) => alert.resolved === false)).toBe(true);

    const resolved = await callApi<Alert>(admin, 'POST', `/admin/alerts/${older.id}/resolve`);
    expect(resolved).toMatchObject({ status: 200, body: { id: older.id, resolved: true } });
    const stillOpen = (await callApi<ApiAnswer<'GET /admin/alerts'>>(admin, 'GET', '/admin/alerts?resolved=false&limit=100')).body.items.map((alert) => alert.id);
    expect(stillOpen).toContain(newer.id);
    expect(stillOpen).not.toContain(older.id);
    const closed = (await callApi<ApiAnswer<'GET /admin/alerts'>>(admin, 'GET', '/admin/alerts?resolved=true&limit=100')).body.items.map((alert) => alert.id);
    expect(closed).toContain(older.id);
    const [entry] = await auditOf(`alert/${older.id}`);
    expect(entry).toMatchObject({ action: 'alert.resolve', before: { resolved: false }, after: { resolved: true } });

    expect((await callApi(admin, 'POST', '/admin/alerts/no-such-alert/resolve')).status).toBe(404);
    expect((await callApi(admin, 'GET', '/admin/alerts?resolved=maybe')).status).toBe(400);
  });
});
