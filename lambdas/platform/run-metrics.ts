import type middy from '@middy/core';
import { addRun, emptyFigures, type RunFigures } from '#domain/operations/operations.ts';
import { addRunFigures, hourOf, raiseRunMax } from '#store/run-metrics.ts';
import { hasDependencyFailuresToWrite, returnDependencyFailures, takeDependencyFailures } from '#core/dependency-failures.ts';
import { logger } from '../core/logger.ts';
import { addDependencyFailures } from '#store/dependency-failures.ts';

/**
 * Recorded runs of every described function, the same on AWS and locally: each invocation adds to this
 * container's figures per function and hour; they are flushed (one UpdateItem ADD per function and hour)
 * at most every FLUSH_EVERY_MS, and at once after an error. A failed flush is logged and kept for the
 * next one; it never fails the invocation.
 */
const FLUSH_EVERY_MS = 30_000;

interface Pending {
  fn: string;
  hour: string;
  figures: RunFigures;
  maxMs: number;
}

const pending = new Map<string, Pending>();
/** The largest run this container already wrote per function and hour (the conditional max update). */
const writtenMax = new Map<string, number>();
let lastFlushAt = 0;
let flushing: Promise<void> | null = null;

function recordRun(fn: string, ms: number, failed: boolean, at = Date.now()): void {
  // Whole milliseconds: the stored sums and the maximum stay integers.
  ms = Math.round(ms);
  const hour = hourOf(at);
  const key = `${fn}|${hour}`;
  let entry = pending.get(key);
  if (!entry) {
    entry = { fn, hour, figures: emptyFigures(), maxMs: 0 };
    pending.set(key, entry);
  }
  addRun(entry.figures, ms, failed);
  entry.maxMs = Math.max(entry.maxMs, ms);
}

/**
 * Writes every pending bucket; what fails to write stays pending. Never throws. A flush already under
 * way is awaited first, then what was recorded since is written too.
 */
export async function flushRunMetrics(): Promise<void> {
  if (flushing) await flushing;
  if (pending.size === 0 && !hasDependencyFailuresToWrite()) return;
  await flushOnce();
}

/** The dependency failures noted since the last flush (lambdas/core/dependency-failures.ts); what fails to write is put back. */
async function flushDependencyFailures(): Promise<void> {
  const entries = takeDependencyFailures();
  const failed: typeof entries = [];
  await Promise.all(
    entries.map(async (entry) => {
      try {
        await addDependencyFailures(entry);
      } catch {
        // The failure of this write is itself noted by the client's watch; both are written by a later flush.
        failed.push(entry);
      }
    }),
  );
  returnDependencyFailures(failed);
}

function flushOnce(): Promise<void> {
  flushing ??= (async () => {
    lastFlushAt = Date.now();
    const entries = [...pending.values()];
    pending.clear();
    await flushDependencyFailures();
    await Promise.all(
      entries.map(async (entry) => {
        const key = `${entry.fn}|${entry.hour}`;
        const raise = entry.maxMs > (writtenMax.get(key) ?? -1) ? entry.maxMs : null;
        try {
          await addRunFigures(entry.fn, entry.hour, entry.figures);
        } catch (error) {
          logger.warn('run metrics flush failed', { fn: entry.fn, hour: entry.hour, error: error instanceof Error ? error.message : String(error) });
          const again = pending.get(key);
          if (again) {
            again.figures.invocations += entry.figures.invocations;
            again.figures.errors += entry.figures.errors;
            again.figures.totalMs += entry.figures.totalMs;
            entry.figures.histogram.forEach((count, index) => {
              again.figures.histogram[index] = (again.figures.histogram[index] ?? 0) + count;
            });
            again.maxMs = Math.max(again.maxMs, entry.maxMs);
          } else {
            pending.set(key, entry);
          }
          return;
        }
        if (raise === null) return;
        try {
          await raiseRunMax(entry.fn, entry.hour, raise);
          writtenMax.set(key, raise);
        } catch (error) {
          // The counts are written; only the maximum may lag until a later flush raises it.
          logger.warn('run metrics max update failed', { fn: entry.fn, hour: entry.hour, error: error instanceof Error ? error.message : String(error) });
        }
      }),
    );
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/**
 * Flushes when due, after an error, or when a dependency failed during the run (the Operations screen shows
 * it at once); awaited by the invocation so a frozen container loses nothing.
 */
async function afterRun(failed: boolean): Promise<void> {
  if (failed || hasDependencyFailuresToWrite() || Date.now() - lastFlushAt >= FLUSH_EVERY_MS) await flushRunMetrics();
}

/** For tests and the bench: what waits to be flushed. */
export function pendingRunMetrics(): Pending[] {
  return [...pending.values()].map((entry) => ({ ...entry, figures: { ...entry.figures, histogram: [...entry.figures.histogram] } }));
}

/** Wraps a non-HTTP handler (pipeline steps, triggers, stream consumers): a thrown error counts as an error. */
export function withRunMetrics<A extends unknown[], R>(fn: string, handler: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args: A): Promise<R> => {
    const startedAt = performance.now();
    let failed = false;
    try {
      return await handler(...args);
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      recordRun(fn, performance.now() - startedAt, failed);
      await afterRun(failed);
    }
  };
}

/** The HTTP areas' middy middleware: a 5xx answer (or an error no other middleware answered) is an error. */
export function runMetricsMiddleware<E, R extends { statusCode?: number } | undefined>(fn: string): middy.MiddlewareObj<E, R> {
  const startedAt = new WeakMap<object, number>();
  const finish = async (request: middy.Request<E, R>, threw: boolean) => {
    const began = startedAt.get(request as object) ?? performance.now();
    const status = request.response?.statusCode ?? (threw ? 500 : 200);
    const failed = status >= 500;
    recordRun(fn, performance.now() - began, failed);
    await afterRun(failed);
  };
  return {
    before: (request) => {
      startedAt.set(request as object, performance.now());
    },
    after: (request) => finish(request, false),
    onError: (request) => finish(request, true),
  };
}
