import Alert from '@cloudscape-design/components/alert';
import Link from '@cloudscape-design/components/link';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useNavigate } from 'react-router-dom';
import { executionPath, type ExecutionProgress, type StartedExecution } from './executions.ts';

/**
 * The "run in progress" panel the console's screens show while a run goes on: a state machine execution
 * followed with useFollowExecution (its progress when the execution reports one, with a link to Pipeline
 * Control), or a chunked server-side run given as done / total.
 */
export function RunProgress(props: {
  header: string;
  label: string;
  execution?: { started: StartedExecution; followed: ExecutionProgress | null };
  counts?: { done: number; total: number };
  description?: string;
}) {
  const navigate = useNavigate();
  const progress = props.execution?.followed?.progress ?? null;
  const counts = props.counts ?? (progress ? { done: progress.done, total: progress.total } : null);
  const value = counts && counts.total > 0 ? Math.min(100, (counts.done / counts.total) * 100) : undefined;
  const started = props.execution?.started;
  return (
    <Alert type="info" header={props.header}>
      <SpaceBetween size="xs">
        <ProgressBar
          value={value ?? 0}
          status="in-progress"
          label={props.label}
          description={props.description}
          additionalInfo={counts ? `${counts.done.toLocaleString('en-IN')} of ${counts.total.toLocaleString('en-IN')}` : 'Running'}
          data-testid="run-progress"
        />
        {started && (
          <Link
            href={executionPath(started.machine, started.name)}
            onFollow={(event) => {
              event.preventDefault();
              navigate(executionPath(started.machine, started.name));
            }}
          >
            Open the execution in Pipeline Control
          </Link>
        )}
      </SpaceBetween>
    </Alert>
  );
}
