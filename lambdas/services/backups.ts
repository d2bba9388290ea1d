import type { Caller } from '#domain/common/caller.ts';
import { checkErrorText, type BackupSummary } from '#domain/operations/diagnostics.ts';
import { recordAudit } from '#store/audit.ts';
import { boundedDynamoClient, createAwsBackup, exportTable, listAwsBackups, listExports, pointInTimeRecovery } from '#store/table/backups.ts';
import { config } from '#core/config.ts';
import { HttpError } from '#core/errors.ts';

/**
 * The console's backups (admin spec "System Configuration & Backup"): what exists, and preparing a new one,
 * audited. Where backups go: exports into the runtime's folder locally, DynamoDB on-demand backups on AWS.
 */
const backupMode = () => (config.LOCAL_BACKUP_DIR ? ({ kind: 'export', dir: config.LOCAL_BACKUP_DIR } as const) : ({ kind: 'aws' } as const));

/** Point-in-time recovery and the backups there are, newest first. */
export async function backupOverview() {
  const client = boundedDynamoClient(5_000);
  try {
    const mode = backupMode();
    const [pitr, backups] = await Promise.all([
      pointInTimeRecovery(client, config.TABLE_NAME),
      mode.kind === 'export' ? listExports(mode.dir) : listAwsBackups(client, config.TABLE_NAME),
    ]);
    return { table: config.TABLE_NAME, mode: mode.kind, pointInTimeRecovery: pitr, backups };
  } finally {
    client.destroy();
  }
}

/** Prepares a backup now: 409 when the table is busy, 503 when it does not answer; audited. */
export async function prepareBackup(who: Caller): Promise<BackupSummary> {
  const mode = backupMode();
  // An export reads the whole table: a longer wait per page than the checks', still bounded.
  const client = boundedDynamoClient(20_000);
  let backup;
  try {
    // Each page within 10 s, so a silent table fails here before the console's 15 s request limit.
    backup = mode.kind === 'export' ? await exportTable(client, config.TABLE_NAME, mode.dir, new Date(), 10_000) : await createAwsBackup(client, config.TABLE_NAME);
  } catch (error) {
    const name = (error as { name?: string }).name ?? '';
    const busy = /BackupInUseException|LimitExceededException|ContinuousBackupsUnavailableException/.test(name);
    // The table busy (409) or not answering (503): either way the operator reads why, never a bare 500.
    throw new HttpError(busy ? 409 : 503, `Failed to prepare system backup: ${checkErrorText(error)}`);
  } finally {
    client.destroy();
  }
  await recordAudit(who, {
    action: 'backup.prepare',
    target: `backup:${backup.id}`,
    after: { kind: backup.kind, table: backup.table, totalRecords: backup.totalRecords, totalBytes: backup.totalBytes, components: backup.components },
  });
  return backup;
}
