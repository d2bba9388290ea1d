import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../shell/api.ts';
import { useFlash } from '../../shell/flash.tsx';
import { fetchBackups, prepareBackup, runDiagnostics } from './api.ts';
import { countOf } from '#domain/common/plural.ts';

const BACKUP_FAILED = 'Failed to prepare system backup';

/** Run Diagnostics: idle (no data), running (isPending), results (data); toasts with the spec's texts. */
export function useRunDiagnostics() {
  const { notify } = useFlash();
  return useMutation({
    mutationFn: runDiagnostics,
    onSuccess: (report) => {
      if (report.summary.healthy) notify({ type: 'success', header: 'System Healthy', content: `All ${report.summary.checksTotal} checks passed.` });
      else notify({ type: 'warning', header: `Issues Detected: ${report.summary.failing}`, content: report.issues.join('; ') });
    },
    onError: (error) => notify({ type: 'error', header: 'Diagnostics Failed', content: errorText(error, 'Failed to run system diagnostics') }),
  });
}

export const BACKUPS_KEY = ['admin', 'backups'] as const;

export function useBackups() {
  return useQuery({ queryKey: BACKUPS_KEY, queryFn: fetchBackups, staleTime: 0, retry: 1 });
}

export function usePrepareBackup() {
  const client = useQueryClient();
  const { notify } = useFlash();
  return useMutation({
    mutationFn: prepareBackup,
    onSuccess: ({ backup }) => {
      void client.invalidateQueries({ queryKey: BACKUPS_KEY });
      notify({
        type: 'success',
        header: 'Backup Prepared',
        content: backup.kind === 'export' ? `${countOf(backup.totalRecords, 'record')} in ${countOf(backup.components.length, 'component')} exported.` : `On-demand backup ${backup.status.toLowerCase()}.`,
      });
    },
    onError: (error) => {
      // The spec's text always leads; the reason (the server's, or the browser's own timeout) follows it.
      const reason = errorText(error, '');
      notify({ type: 'error', header: 'Backup Failed', content: reason.startsWith(BACKUP_FAILED) ? reason : `${BACKUP_FAILED}${reason ? `: ${reason}` : ''}` });
    },
  });
}
