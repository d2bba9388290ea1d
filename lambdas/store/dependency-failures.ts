import { Entity, type EntityItem } from 'electrodb';
import type { DependencyFailureCount, DependencyFailureKind, DependencyService } from '#core/dependency-failures.ts';
import { RETENTION_DAYS } from '#domain/operations/retention.ts';
import { expiresInDays } from './table/ids.ts';
import { keep, service, tableConfig } from './table/table.ts';

/**
 * Failed calls to one dependency, of one kind, in one UTC hour: counters every container's flush adds to
 * (UpdateItem ADD), read by the Operations screen. One partition for all of them: a handful of items an hour
 * at most, read as one Query over the last day. Kept as long as the run metrics.
 */
export const DependencyFailureRecord = new Entity({
  model: { entity: 'dependencyFailure', version: '1', service },
  attributes: {
    hour: { type: 'string', required: true },
    dependency: { type: 'string', required: true },
    kind: { type: 'string', required: true },
    attempts: { type: 'number', default: 0 },
    gaveUp: { type: 'number', default: 0 },
    lastError: { type: 'string' },
    lastOperation: { type: 'string' },
    lastAt: { type: 'string' },
    expiresAt: { type: 'number' },
  },
  indexes: {
    byHour: {
      pk: { field: 'pk', composite: [], casing: keep },
      sk: { field: 'sk', composite: ['hour', 'dependency', 'kind'], casing: keep },
    },
  },
}, tableConfig);

export type DependencyFailureItem = EntityItem<typeof DependencyFailureRecord>;

/** Adds one container's counts; throws when the write fails (the caller keeps them for its next flush). */
export async function addDependencyFailures(entry: DependencyFailureCount): Promise<void> {
  await DependencyFailureRecord.update({ hour: entry.hour, dependency: entry.service, kind: entry.kind })
    .add({ attempts: entry.attempts, gaveUp: entry.gaveUp })
    .set({ lastError: entry.lastError, lastOperation: entry.lastOperation, lastAt: entry.lastAt, expiresAt: expiresInDays(RETENTION_DAYS.runMetrics) })
    .go({ response: 'none' });
}

/** Every hour's counts from `sinceHour` (YYYY-MM-DDTHH, UTC) on. */
export async function dependencyFailuresSince(sinceHour: string): Promise<DependencyFailureCount[]> {
  const { data } = await DependencyFailureRecord.query.byHour({}).gte({ hour: sinceHour }).go({ pages: 'all' });
  return data.map((item) => ({
    service: item.dependency as DependencyService,
    kind: item.kind as DependencyFailureKind,
    hour: item.hour,
    attempts: item.attempts ?? 0,
    gaveUp: item.gaveUp ?? 0,
    lastError: item.lastError ?? '',
    lastOperation: item.lastOperation ?? '',
    lastAt: item.lastAt ?? '',
  }));
}
