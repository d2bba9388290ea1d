import type { EntityItem } from 'electrodb';
import type { Caller } from '#domain/common/caller.ts';
import { AuditEntry } from './entities.ts';
import { newId } from './ids.ts';
import { queryPage, type Page, type PageOptions } from './paging.ts';

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
