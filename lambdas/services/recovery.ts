import { randomBytes } from 'node:crypto';
import type { Caller } from '#domain/common/caller.ts';
import type { RecoveryAction } from '#domain/operations/operations.ts';
import { describeExecution, redriveExecution, startExecution, StepFunctionsError } from '#adapters/stepfunctions.ts';
import { recordAudit } from '#store/audit.ts';
import { listAutoRejectedDrafts } from '#store/read-models/console-metrics.ts';
import { COUNTER_SCOPES, readCounters } from '#store/table/counters.ts';
import { getRecoveryRun, latestRecoveryRuns, noteSearchIndexPage, startRecoveryRun, startRecoveryRun as startRun, updateRecoveryRun, type RecoveryRunItem } from '#store/recovery-runs.ts';
import { HttpError, notFound } from '#core/errors.ts';
import { rejectAutoRejectedDrafts } from './auto-rejected-cleanup.ts';
import { deadLettersWaiting, redriveDeadLetters, type QueueWaiting, type RedriveResult } from './dead-letters.ts';
import { executionsSince, FINISHED_BAD, MACHINES } from './executions.ts';

/**
 * The recovery actions of the Operations screen, each a real operation with its run kept and audited:
 * classify waiting drafts, redrive failed executions, reject auto-rejected drafts, re-send a failed digest,
 * rebuild the search index in chunks, and redrive the consumers' dead letters (./dead-letters.ts).
 */

const DAY_MS = 86_400_000;
const who = (caller: Caller) => caller.email ?? caller.userId;

/** What a run keeps in `details` (the store holds it untyped): the executions it redrove, the digest it re-sent. */
export interface RecoveryRunDetails {
  executions?: Array<{ machine: string; name: string; status: string; result: string; error?: string }>;
  resendOf?: string;
  /** The dead letters a redrive tried: each message's outcome and how often it has now been received. */
  deadLetters?: RedriveResult[];
}

/** A started execution a recovery run names, so the screen can follow it. */
interface StartedRun {
  machine: string;
  name: string;
  executionArn: string;
  startDate: string;
}

export type RecoveryRunView = ReturnType<typeof runView> & { execution?: StartedRun };

export const runView = (run: RecoveryRunItem) => ({
  id: run.id,
  action: run.action,
  startedBy: run.startedBy,
  startedAt: run.startedAt,
  finishedAt: run.finishedAt ?? null,
  status: run.status,
  done: run.done ?? 0,
  total: run.total ?? 0,
  failed: run.failed ?? 0,
  details: (run.details ?? null) as RecoveryRunDetails | null,
  error: run.error ?? null,
});

async function redrivable(since: number) {
  const lists = await Promise.all(
    MACHINES.flatMap((machine) => (['FAILED', 'TIMED_OUT'] as const).map(async (status) => (await executionsSince(machine, since, status)).map((item) => ({ machine, name: String(item.name), status })))),
  );
  return lists.flat();
}

/** Failed digest executions of the last 24 h that no recovery run re-sent yet, newest first. */
async function failedDigests(since: number) {
  const [executions, runs] = await Promise.all([executionsSince('newsletter', since), latestRecoveryRuns(50)]);
  const resent = new Set(runs.map((run) => (run.details as { resendOf?: string } | undefined)?.resendOf).filter(Boolean));
  return executions.filter((item) => FINISHED_BAD.has(String(item.status)) && !resent.has(item.name));
}

/** Dead letters in all the described queues (a queue SQS could not count adds none). */
export const deadLettersIn = (queues: readonly QueueWaiting[]) => queues.reduce((sum, queue) => sum + (queue.waiting ?? 0), 0);

/** How many items each action would act on now (the dead-letter queues' counts, when the caller has them). */
export async function pendingCounts(now: number, queues?: readonly QueueWaiting[]): Promise<Record<RecoveryAction, number>> {
  const since = now - DAY_MS;
  const [articles, autoRejected, executions, digests, waiting] = await Promise.all([
    readCounters(COUNTER_SCOPES.articles),
    listAutoRejectedDrafts(),
    redrivable(since),
    failedDigests(since),
    queues ?? deadLettersWaiting(),
  ]);
  return {
    'classify-drafts': Math.max(0, articles['admin#unclassified'] ?? 0),
    'redrive-failed': executions.length,
    'reject-auto-rejected': autoRejected.length,
    'rebuild-search-index': Math.max(0, articles['status#published'] ?? 0),
    'resend-digest-batch': digests.length,
    'redrive-dead-letters': deadLettersIn(waiting),
  };
}

function executionName(action: string): string {
  return `recovery-${action}-${new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}-${randomBytes(3).toString('hex')}`.slice(0, 80);
}

/**
 * Search index rebuild: at most REBUILD_PAGES_PER_CALL pages of change notes within a time budget per call
 * (far from the 29 s timeout on any table); the screen calls again with runId until it is completed.
 */
const REBUILD_PAGE = 100;
const REBUILD_PAGES_PER_CALL = 10;
const REBUILD_BUDGET_MS = 8_000;

async function rebuildSearchIndex(admin: Caller, runId: string | undefined, pageSize = REBUILD_PAGE): Promise<RecoveryRunView> {
  let run: RecoveryRunItem;
  if (runId) {
    const found = await getRecoveryRun(runId);
    if (!found || found.action !== 'rebuild-search-index') throw notFound('No search index rebuild with this id');
    if (found.status !== 'running') return runView(found);
    run = found;
  } else {
    const articles = await readCounters(COUNTER_SCOPES.articles);
    run = await startRecoveryRun({ action: 'rebuild-search-index', startedBy: who(admin), total: Math.max(0, articles['status#published'] ?? 0) });
    await recordAudit(admin, { action: 'recovery.rebuild-search-index', target: run.id, after: { status: 'running', total: run.total } });
  }
  const began = Date.now();
  let cursor: string | null = run.cursor ?? null;
  let done = run.done ?? 0;
  try {
    let pages = 0;
    do {
      const page = await noteSearchIndexPage(cursor, pageSize);
      done += page.noted;
      cursor = page.cursor;
      pages += 1;
    } while (cursor && pages < REBUILD_PAGES_PER_CALL && Date.now() - began < REBUILD_BUDGET_MS);
  } catch (error) {
    const failed = await updateRecoveryRun(run.id, { done, status: 'failed', error: error instanceof Error ? error.message : String(error) });
    return runView(failed);
  }
  const finished = !cursor;
  const updated = await updateRecoveryRun(run.id, {
    done,
    // The counter may lag a concurrent publish: the total is at least what was noted.
    total: finished ? done : Math.max(run.total ?? 0, done),
    cursor: cursor ?? '',
    ...(finished ? { status: 'completed' as const } : {}),
  });
  if (finished) await recordAudit(admin, { action: 'recovery.rebuild-search-index', target: run.id, before: { status: 'running' }, after: { status: 'completed', done } });
  return runView(updated);
}

async function runAction(action: RecoveryAction, admin: Caller, holder: { run?: RecoveryRunItem }): Promise<RecoveryRunView> {
  const since = Date.now() - DAY_MS;
  const startRecoveryRun = async (input: Parameters<typeof startRun>[0]) => (holder.run = await startRun(input));
  switch (action) {
    case 'classify-drafts': {
      // The ingest state machine's classify-only mode (the hourly backlog run) classifies waiting drafts without fetching.
      const articles = await readCounters(COUNTER_SCOPES.articles);
      const waiting = Math.max(0, articles['admin#unclassified'] ?? 0);
      const name = executionName('classify');
      const input = { trigger: 'console', mode: 'classify-only', startedBy: { userId: admin.userId, ...(admin.email ? { email: admin.email } : {}) } };
      const started = await startExecution('ingest', name, input);
      const run = await startRecoveryRun({ action, startedBy: who(admin), total: waiting, details: { execution: { machine: 'ingest', name, executionArn: started.executionArn, startDate: started.startDate.toISOString() } } });
      const done = await updateRecoveryRun(run.id, { status: 'completed', details: run.details });
      return { ...runView(done), execution: { machine: 'ingest', name, executionArn: started.executionArn, startDate: started.startDate.toISOString() } };
    }
    case 'redrive-failed': {
      const targets = await redrivable(since);
      const run = await startRecoveryRun({ action, startedBy: who(admin), total: targets.length });
      const results = [];
      for (const target of targets) {
        try {
          const at = await redriveExecution(target.machine, target.name);
          results.push({ ...target, result: 'redriven', redriveDate: at.toISOString() });
        } catch (error) {
          if (!(error instanceof StepFunctionsError)) throw error;
          results.push({ ...target, result: error.code === 'ExecutionNotRedrivable' ? 'not redrivable' : 'failed', error: error.message });
        }
      }
      const redriven = results.filter((result) => result.result === 'redriven').length;
      const done = await updateRecoveryRun(run.id, { status: 'completed', done: redriven, failed: results.length - redriven, details: { executions: results } });
      return runView(done);
    }
    case 'reject-auto-rejected': {
      // The Lifecycle screen's clean-up, as it is (it audits each article it moves).
      const before = (await listAutoRejectedDrafts()).length;
      const run = await startRecoveryRun({ action, startedBy: who(admin), total: before });
      const result = await rejectAutoRejectedDrafts(admin);
      const done = await updateRecoveryRun(run.id, { status: 'completed', done: result.updated, failed: before - result.updated });
      return runView(done);
    }
    case 'resend-digest-batch': {
      const [failed] = await failedDigests(since);
      if (!failed?.name) throw new HttpError(409, 'No failed digest execution in the last 24 hours');
      const detail = await describeExecution('newsletter', failed.name);
      const input = JSON.parse(detail.input ?? '{}') as Record<string, unknown>;
      const name = executionName('digest');
      const started = await startExecution('newsletter', name, { ...input, trigger: 'console', resendOf: failed.name });
      const execution = { machine: 'newsletter', name, executionArn: started.executionArn, startDate: started.startDate.toISOString() };
      const run = await startRecoveryRun({ action, startedBy: who(admin), total: 1, details: { execution, resendOf: failed.name, input } });
      const done = await updateRecoveryRun(run.id, { status: 'completed', done: 1 });
      return { ...runView(done), execution };
    }
    case 'redrive-dead-letters': {
      const run = await startRecoveryRun({ action, startedBy: who(admin), total: deadLettersIn(await deadLettersWaiting()) });
      const results = await redriveDeadLetters();
      const redriven = results.filter((result) => result.result === 'redriven').length;
      // The total is what was tried when more arrived meanwhile; a message that failed again stays in its queue.
      const done = await updateRecoveryRun(run.id, { status: 'completed', done: redriven, failed: results.length - redriven, total: Math.max(run.total ?? 0, results.length), details: { deadLetters: results } });
      return runView(done);
    }
    case 'rebuild-search-index':
      throw new Error('handled by rebuildSearchIndex');
  }
}

/** Runs one recovery action for an admin, audited; a refusal (HttpError) is thrown as it is. */
export async function runRecoveryAction(action: RecoveryAction, admin: Caller, chunk: { runId?: string | undefined; pageSize?: number | undefined } = {}) {
  if (action === 'rebuild-search-index') return rebuildSearchIndex(admin, chunk.runId, chunk.pageSize);
  const holder: { run?: RecoveryRunItem } = {};
  try {
    const result = await runAction(action, admin, holder);
    await recordAudit(admin, { action: `recovery.${action}`, target: result.id, after: { status: result.status, done: result.done, total: result.total, failed: result.failed } });
    return result;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // Kept as a failed run (the screen shows "Recovery Operation Failed" with the error), then a 500 as any failure.
    const run = holder.run ?? (await startRecoveryRun({ action, startedBy: who(admin) }));
    await updateRecoveryRun(run.id, { status: 'failed', error: error instanceof Error ? error.message : String(error) });
    await recordAudit(admin, { action: `recovery.${action}`, target: run.id, after: { status: 'failed' } });
    throw error;
  }
}
