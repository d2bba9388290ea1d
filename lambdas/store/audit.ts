import { CustomAttributeType, Entity, type EntityItem } from 'electrodb';
import type { Caller } from '#domain/common/caller.ts';
import { newId } from './table/ids.ts';
import { type Page, type PageOptions, queryPage } from './table/paging.ts';
import { keep, now, service, tableConfig } from './table/table.ts';

/**
 * One console action: who did what to which thing, when, and the thing before and after. Written by the
 * admin API after each change it makes; kept (no TTL) and read by admins newest first.
 */
export const AuditEntry = new Entity({
  model: { entity: 'auditEntry', version: '1', service },
  attributes: {
    id: { type: 'string', required: true },
    at: { type: 'string', required: true, default: now },
    actorId: { type: 'string', required: true },
    actorEmail: { type: 'string' },
    actorRole: { type: 'string', required: true },
    /** e.g. article.status, feed.create, execution.start */
    action: { type: 'string', required: true },
    /** What was acted on: an article id, a feed id, an execution name... */
    target: { type: 'string', required: true },
    before: { type: CustomAttributeType<unknown>('any') },
    after: { type: CustomAttributeType<unknown>('any') },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
    /** The whole log, newest first. */
    byAt: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [], casing: keep },
      sk: { field: 'gsi1sk', composite: ['at', 'id'], casing: keep },
    },
    /** One thing's history, newest first. */
    byTarget: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['target'], casing: keep },
      sk: { field: 'gsi2sk', composite: ['at', 'id'], casing: keep },
    },
  },
}, tableConfig);

export type AuditEntryItem = EntityItem<typeof AuditEntry>;

export interface AuditRecord {
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Records one console action. Called after the change succeeded, with what the thing looked like before
 * and after (trimmed to what changed where the caller can tell).
 */
export async function recordAudit(caller: Caller, record: AuditRecord): Promise<void> {
  await AuditEntry.create({
    id: newId(),
    at: new Date().toISOString(),
    actorId: caller.userId,
    ...(caller.email ? { actorEmail: caller.email } : {}),
    actorRole: caller.role,
    action: record.action,
    target: record.target,
    ...(record.before === undefined ? {} : { before: record.before }),
    ...(record.after === undefined ? {} : { after: record.after }),
  }).go();
}

/** The log newest first, or one target's history. */
export function listAudit(options: PageOptions & { target?: string } = {}): Promise<Page<AuditEntryItem>> {
  const query = options.target ? AuditEntry.query.byTarget({ target: options.target }) : AuditEntry.query.byAt({});
  return queryPage(() => query.go({ order: 'desc', limit: options.limit ?? 50, cursor: options.cursor ?? null }));
}
