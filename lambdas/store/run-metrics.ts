import { Entity, type EntityItem } from 'electrodb';
import { HISTOGRAM_BOUNDS_MS, type RunFigures } from '#domain/operations/operations.ts';
import { RETENTION_DAYS } from '#domain/operations/retention.ts';
import { expiresInDays } from './table/ids.ts';
import { keep, service, tableConfig } from './table/table.ts';
import { failedOnCondition } from './table/condition-failures.ts';

/**
 * Recorded runs of one described function in one UTC hour: counters added by every
 * container's flush (UpdateItem ADD), a coarse latency histogram for a p95 estimate. Kept RETENTION_DAYS.runMetrics.
 */
export const RunMetric = new Entity({
  model: { entity: 'runMetric', version: '1', service },
  attributes: {
    fn: { type: 'string', required: true },
    /** YYYY-MM-DDTHH (UTC). */
    hour: { type: 'string', required: true },
    invocations: { type: 'number', default: 0 },
    errors: { type: 'number', default: 0 },
    totalMs: { type: 'number', default: 0 },
    maxMs: { type: 'number', default: 0 },
    /** Runs under 100, 250, 500, 1000, 2500 ms and the rest. */
    h0: { type: 'number', default: 0 },
    h1: { type: 'number', default: 0 },
    h2: { type: 'number', default: 0 },
    h3: { type: 'number', default: 0 },
    h4: { type: 'number', default: 0 },
    h5: { type: 'number', default: 0 },
    expiresAt: { type: 'number' },
  },
  indexes: {
    byFunction: {
      pk: { field: 'pk', composite: ['fn'], casing: keep },
      sk: { field: 'sk', composite: ['hour'], casing: keep },
    },
  },
}, tableConfig);

/** Recorded runs per described function and UTC hour (RunMetric above). */
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
    if (!failedOnCondition(error)) throw error;
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
