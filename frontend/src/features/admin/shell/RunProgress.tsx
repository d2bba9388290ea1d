import Alert from '@cloudscape-design/components/alert';
import Link from '@cloudscape-design/components/link';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatCount } from './format.ts';
import { executionPath, type ExecutionProgress, type StartedExecution } from './executions.ts';

export interface RunProgressProps {
  /** The panel's header while the run goes on, after it succeeded and after it failed. */
  headers: { running: string; succeeded?: string; failed?: string };
  /** The progress bar's label (what runs). */
  label: string;
  /** A state machine execution followed with useFollowExecution: its status, progress and a link to Pipeline Control. */
  execution?: { started: StartedExecution; followed: ExecutionProgress | null };
  /** A chunked server-side run, as done of total (when there is no execution to follow). */
  counts?: { done: number; total: number };
  /** What the counts mean while running ("3 of 12 feeds done"); defaults to "done of total". */
  description?: ReactNode;
  /** The ended run's result line; defaults to "Finished" or the execution's status and cause. */
  resultText?: string;
  /** Ended panels can be closed. */
  onDismiss?: () => void;
}

/**
 * The one "run in progress" panel of the console (lifecycle, feeds, newsletter, recovery): the progress of
 * a followed execution or a chunked run, its end (success or failure with the cause) and where to inspect it.
 */
export function RunProgress(props: RunProgressProps) {
  const navigate = useNavigate();
  const followed = props.execution?.followed ?? null;
  const status = followed?.status ?? 'RUNNING';
  const running = status === 'RUNNING';
  const succeeded = status === 'SUCCEEDED';
  const progress = followed?.progress ?? null;
  const counts = props.counts ?? (progress ? { done: progress.done, total: progress.total } : null);
  const value = counts && counts.total > 0 ? Math.min(100, (counts.done / counts.total) * 100) : running ? 0 : 100;
  const started = props.execution?.started;
  const header = running ? props.headers.running : succeeded ? (props.headers.succeeded ?? props.headers.running) : (props.headers.failed ?? props.headers.running);
  const ended = props.resultText ?? (succeeded ? 'Finished' : `Ended ${status.toLowerCase().replace('_', ' ')}${followed?.cause ? `: ${followed.cause}` : followed?.error ? `: ${followed.error}` : ''}`);
  return (
    <Alert
      type={running ? 'info' : succeeded ? 'success' : 'error'}
      header={header}
      dismissible={!running && Boolean(props.onDismiss)}
      i18nStrings={{ dismissAriaLabel: `Dismiss: ${props.label}` }}
      {...(props.onDismiss ? { onDismiss: props.onDismiss } : {})}
    >
      <SpaceBetween size="xs">
        <ProgressBar
          data-testid="run-progress"
          label={props.label}
          value={value}
          status={running ? 'in-progress' : succeeded ? 'success' : 'error'}
          description={props.description ?? (counts ? `${formatCount(counts.done)} of ${formatCount(counts.total)} done` : 'Starting')}
          resultText={ended}
          additionalInfo={<span data-testid="run-status">{status}</span>}
        />
        {started && (
          <Link
            href={executionPath(started.machine, started.name)}
            onFollow={(event) => {
              event.preventDefault();
              navigate(executionPath(started.machine, started.name));
            }}
          >
            Open execution {started.name} in Pipeline Control
          </Link>
        )}
      </SpaceBetween>
    </Alert>
  );
}
