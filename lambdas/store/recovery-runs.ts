import { CustomAttributeType, Entity, type EntityItem } from 'electrodb';
import { RECOVERY_HISTORY } from '#domain/operations/operations.ts';
import { RETENTION_DAYS } from '#domain/operations/retention.ts';
import { Article, ArticleChange, changeNote } from './articles.ts';
import { expiresInDays, newId } from './table/ids.ts';
import { type JsonObject, keep, service, tableConfig } from './table/table.ts';

/** A recovery action run from the console, latest first. */
export const RecoveryRun = new Entity({
  model: { entity: 'recoveryRun', version: '1', service },
  attributes: {
    id: { type: 'string', required: true },
    action: { type: 'string', required: true },
    startedBy: { type: 'string', required: true },
    startedAt: { type: 'string', required: true },
    finishedAt: { type: 'string' },
    status: { type: ['running', 'completed', 'failed'] as const, required: true },
    done: { type: 'number', default: 0 },
    total: { type: 'number', default: 0 },
    failed: { type: 'number', default: 0 },
    /** Where a chunked action goes on (a paging cursor), or the execution it started. */
    cursor: { type: 'string' },
    details: { type: CustomAttributeType<JsonObject>('any') },
    error: { type: 'string' },
    expiresAt: { type: 'number' },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
    /** Latest first. */
    byStarted: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [], casing: keep },
      sk: { field: 'gsi1sk', composite: ['startedAt', 'id'], casing: keep },
    },
  },
}, tableConfig);

/** Recovery actions run from the console (RecoveryRun above), and the search index rebuild's pages. */
export type RecoveryRunItem = EntityItem<typeof RecoveryRun>;

export async function startRecoveryRun(input: { action: string; startedBy: string; total?: number; cursor?: string; details?: JsonObject }): Promise<RecoveryRunItem> {
  const { data } = await RecoveryRun.create({
    id: newId(),
    action: input.action,
    startedBy: input.startedBy,
    startedAt: new Date().toISOString(),
    status: 'running',
    total: input.total ?? 0,
    ...(input.cursor ? { cursor: input.cursor } : {}),
    ...(input.details !== undefined ? { details: input.details } : {}),
    expiresAt: expiresInDays(RETENTION_DAYS.recoveryRuns),
  }).go();
  return data;
}

export type RecoveryRunChange = Partial<Pick<RecoveryRunItem, 'done' | 'total' | 'failed' | 'cursor' | 'details' | 'error' | 'status' | 'finishedAt'>>;

export async function updateRecoveryRun(id: string, change: RecoveryRunChange): Promise<RecoveryRunItem> {
  const finishing = change.status && change.status !== 'running' ? { finishedAt: change.finishedAt ?? new Date().toISOString() } : {};
  const { cursor, ...rest } = change;
  let update = RecoveryRun.patch({ id }).set({ ...rest, ...finishing });
  if (cursor !== undefined) update = cursor ? update.set({ cursor }) : update.remove(['cursor']);
  const { data } = await update.go({ response: 'all_new' });
  return data as RecoveryRunItem;
}

export async function getRecoveryRun(id: string): Promise<RecoveryRunItem | null> {
  const { data } = await RecoveryRun.get({ id }).go();
  return data;
}

/** The latest runs, newest first (spec: operation history keeps the latest 10). */
export async function latestRecoveryRuns(limit = RECOVERY_HISTORY): Promise<RecoveryRunItem[]> {
  const { data } = await RecoveryRun.query.byStarted({}).go({ order: 'desc', limit });
  return data;
}

/**
 * One page of the search index rebuild: a change note for each published article of the page, so every
 * in-process index (search/article-search.ts) re-reads and re-indexes it from the stored article at its
 * next look. Returns how many were noted and where the next page starts (null at the end).
 */
export async function noteSearchIndexPage(cursor: string | null, limit: number): Promise<{ noted: number; cursor: string | null }> {
  const page = await Article.query.byStatus({ status: 'published' }).go({ limit, cursor, attributes: ['id'] });
  const notes = page.data.map((article) => changeNote(article.id));
  if (notes.length) {
    const { unprocessed } = await ArticleChange.put(notes).go();
    if (unprocessed.length) throw new Error(`${unprocessed.length} change notes were not written`);
  }
  return { noted: notes.length, cursor: page.cursor };
}
