import type { EntityItem } from 'electrodb';
import { RETENTION_DAYS } from '#domain/operations/retention.ts';
import { HISTOGRAM_BOUNDS_MS, type RunFigures } from '#domain/operations/operations.ts';
import { RunMetric } from './entities.ts';
import { expiresInDays } from './ids.ts';

/** Recorded runs per described function and UTC hour (entities.ts RunMetric). */
export type RunMetricItem = EntityItem<typeof RunMetric>;

/** The hour bucket of a time: YYYY-MM-DDTHH (UTC). */
export const hourOf = (at: Date | number): string => new Date(at).toISOString().slice(0, 13);

/**
 * Adds one container's figures for one function and hour: a single UpdateItem with ADD for the counters
 * and the histogram (concurrent containers add, never overwrite).
 */
export async function addRunFigures(fn: string, hour: string, figures: RunFigures): Promise<void> {
  const [h0 = 0, h1 = 0, h2 = 0, h3 = 0, h4 = 0, h5 = 0] = figures.histogram;
  await RunMetric.update({ fn, hour })
    .add({ invocations: figures.invocations, errors: figures.errors, totalMs: figures.totalMs, h0, h1, h2, h3, h4, h5 })
    .set({ expiresAt: expiresInDays(RETENTION_DAYS.runMetrics) })
    .go({ response: 'none' });
}

/**
 * The maximum cannot be ADDed: a conditional SET raises it when this container saw a larger run than it
 * wrote before (a lost race only means another container wrote a larger one, which is kept).
 */
export async function raiseRunMax(fn: string, hour: string, maxMs: number): Promise<void> {
  try {
    await RunMetric.update({ fn, hour })
      .set({ maxMs })
      .where((attributes, { notExists, lt }) => `${notExists(attributes.maxMs)} OR ${lt(attributes.maxMs, maxMs)}`)
      .go({ response: 'none' });
  } catch (error) {
    if ((error as { cause?: { name?: string } }).cause?.name !== 'ConditionalCheckFailedException' && !String(error).includes('ConditionalCheckFailed')) throw error;
  }
}

/** A function's hour buckets from `sinceHour` on (a Query on its key). */
export async function runFiguresSince(fn: string, sinceHour: string): Promise<Array<RunFigures & { hour: string; maxMs: number }>> {
  const { data } = await RunMetric.query.byFunction({ fn }).gte({ hour: sinceHour }).go({ pages: 'all' });
  return data.map((item) => ({
    hour: item.hour,
    invocations: item.invocations ?? 0,
    errors: item.errors ?? 0,
    totalMs: item.totalMs ?? 0,
    maxMs: item.maxMs ?? 0,
    histogram: [item.h0 ?? 0, item.h1 ?? 0, item.h2 ?? 0, item.h3 ?? 0, item.h4 ?? 0, item.h5 ?? 0].slice(0, HISTOGRAM_BOUNDS_MS.length + 1),
  }));
}
