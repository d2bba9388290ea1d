import type { ExecutionSummary, TimelineEntry } from './api.ts';

/** Display helpers: the figures come from the server, these only write them out. */

export function formatDuration(ms: number | undefined): string {
  if (ms === undefined) return '-';
  if (ms < 1000) return `${ms} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 2 : 1)} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds % 60);
  if (minutes < 60) return `${minutes} min ${rest} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Asia/Kolkata' });

/** Times in India time, as the schedules are written. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  return `${dateTime.format(new Date(iso))} IST`;
}

export type IndicatorType = 'success' | 'error' | 'warning' | 'info' | 'stopped' | 'pending' | 'in-progress' | 'loading';

export const STATUS_INDICATOR: Record<ExecutionSummary['status'] | TimelineEntry['status'], { type: IndicatorType; label: string }> = {
  RUNNING: { type: 'in-progress', label: 'Running' },
  PENDING_REDRIVE: { type: 'pending', label: 'Pending redrive' },
  SUCCEEDED: { type: 'success', label: 'Succeeded' },
  FAILED: { type: 'error', label: 'Failed' },
  TIMED_OUT: { type: 'error', label: 'Timed out' },
  ABORTED: { type: 'stopped', label: 'Aborted' },
  running: { type: 'in-progress', label: 'Running' },
  succeeded: { type: 'success', label: 'Succeeded' },
  failed: { type: 'error', label: 'Failed' },
};

export const MACHINE_LABELS: Record<string, string> = {
  ingest: 'Ingest',
  lifecycle: 'Lifecycle',
  retrain: 'Retrain',
  newsletter: 'Newsletter',
};

/** The spec's error catalogue (section 8): the toast title for a failed start of each pipeline. */
export const START_FAILED_HEADER: Record<string, string> = {
  ingest: 'RSS Processing Failed',
  lifecycle: 'Lifecycle Management Failed',
  retrain: 'ML Classification Failed',
  newsletter: 'System Orchestration Failed',
};
