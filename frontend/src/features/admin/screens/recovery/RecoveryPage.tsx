import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '#web/shared/api/client.ts';
import { errorText } from '../../shell/api.ts';
import { useFollowExecution, type StartedExecution } from '../../shell/executions.ts';
import { useFlash } from '../../shell/flash.tsx';
import { formatCount } from '../../shell/format.ts';
import { OverallHealth } from '../../shell/health.tsx';
import { ConsoleLoading } from '../../shell/guard.tsx';
import { RunProgress } from '../../shell/RunProgress.tsx';
import { runRecovery, type RecoveryAction, type RecoveryRun } from './api.ts';
import { ACTION_TEXT, runColumns } from './columns.tsx';
import { DeadLetters } from './DeadLetters.tsx';
import { useRecovery } from './useRecovery.ts';
import { countOf } from '#domain/common/plural.ts';

interface Active {
  action: RecoveryAction;
  run?: RecoveryRun;
  execution?: StartedExecution;
}

/** Recovery: each action a real operation with its progress, its result and the latest 10 runs. */
export default function RecoveryPage() {
  const client = useQueryClient();
  const { notify } = useFlash();
  const recovery = useRecovery();
  const [active, setActive] = useState<Active | null>(null);
  const [result, setResult] = useState<{ action: RecoveryAction; text: string; ok: boolean } | null>(null);
  const warnedCritical = useRef(false);

  const refresh = () => void client.invalidateQueries({ queryKey: ['admin'] });
  const finish = (action: RecoveryAction, ok: boolean, text: string) => {
    setActive(null);
    setResult({ action, ok, text });
    refresh();
    notify(ok ? { type: 'success', header: `${ACTION_TEXT[action].title}: done`, content: text } : { type: 'error', header: 'Recovery Operation Failed', content: text });
  };

  const followed = useFollowExecution(active?.execution ?? null, (end) => {
    if (!active) return;
    if (end.status === 'SUCCEEDED') finish(active.action, true, `The ${active.execution?.machine} execution ${active.execution?.name} succeeded.`);
    else finish(active.action, false, end.cause || end.error || `The execution ended ${end.status}`);
  });

  const health = recovery.data?.health;
  useEffect(() => {
    if (health?.status === 'critical' && !warnedCritical.current) {
      warnedCritical.current = true;
      notify({ type: 'error', header: 'System Health Critical', content: health.reasons[0] ?? '' });
    }
  }, [health?.status]);

  const start = async (action: RecoveryAction) => {
    setResult(null);
    setActive({ action });
    try {
      let run = await runRecovery(action);
      if (run.execution) {
        setActive({ action, run, execution: run.execution });
        return;
      }
      // Chunked (the search index rebuild): continue until the server says it is done.
      while (run.status === 'running') {
        setActive({ action, run });
        run = await runRecovery(action, { runId: run.id });
      }
      if (run.status === 'failed') finish(action, false, run.error ?? 'Recovery operation failed');
      else finish(action, true, summary(run));
    } catch (error) {
      setActive(null);
      refresh();
      const validation = error instanceof ApiError && error.status === 400;
      notify({ type: 'error', header: validation ? 'Validation Failed' : 'Recovery Operation Failed', content: errorText(error, 'Recovery operation failed') });
    }
  };

  const header = (
    <Header variant="h1" description="Real recovery operations: each one acts on the store or the state machines, is audited and kept in the history below." actions={<Button iconName="refresh" loading={recovery.isFetching} onClick={() => void recovery.refetch()}>Refresh</Button>}>
      System Recovery
    </Header>
  );
  if (recovery.isPending) return <ContentLayout header={header}><ConsoleLoading /></ContentLayout>;
  if (recovery.error || !recovery.data) {
    return (
      <ContentLayout header={header}>
        <Alert type="error" header="Health Check Failed" action={<Button onClick={() => void recovery.refetch()}>Retry</Button>}>
          {errorText(recovery.error, 'Unable to assess system health')}
        </Alert>
      </ContentLayout>
    );
  }
  const data = recovery.data;
  return (
    <ContentLayout header={header}>
      <SpaceBetween size="l">
        {data.health.status === 'critical' ? (
          <Alert type="error" header="System Health Critical">
            <OverallHealth health={data.health} labelled={false} />
            <Box variant="small" display="block" margin={{ top: 'xs' }}>
              {countOf(data.figures.drafts, 'draft')} pending, {countOf(data.figures.alerts24h, 'alert')} in 24 hours ({formatCount(data.figures.openAlerts)} open).
            </Box>
          </Alert>
        ) : (
          <Container header={<Header variant="h2" description="The same checks as the dashboard and Operations">System health</Header>}>
            <OverallHealth health={data.health} />
          </Container>
        )}
        {active && (
          <RunProgress
            headers={{ running: `${ACTION_TEXT[active.action].title}: in progress` }}
            label={ACTION_TEXT[active.action].title}
            {...(active.execution ? { execution: { started: active.execution, followed } } : {})}
            {...(active.run && !active.execution ? { counts: { done: active.run.done, total: active.run.total } } : {})}
          />
        )}
        {result && (
          <Alert type={result.ok ? 'success' : 'error'} header={result.ok ? `${ACTION_TEXT[result.action].title}: done` : 'Recovery Operation Failed'} dismissible i18nStrings={{ dismissAriaLabel: 'Dismiss result' }} onDismiss={() => setResult(null)}>
            <span data-testid="recovery-result">{result.text}</span>
          </Alert>
        )}
        <ColumnLayout columns={2} minColumnWidth={300}>
          {data.actions.map(({ action, pending }) => (
            <Container
              key={action}
              header={
                <Header
                  variant="h2"
                  description={ACTION_TEXT[action].description}
                  actions={
                    <Button data-testid={`run-${action}`} loading={active?.action === action} disabled={active !== null && active.action !== action} onClick={() => void start(action)}>
                      Run
                    </Button>
                  }
                >
                  {ACTION_TEXT[action].title}
                </Header>
              }
            >
              <Box variant="awsui-key-label">Would act on now</Box>
              <Box variant="h2" tagOverride="p" data-testid={`pending-${action}`}>
                {formatCount(pending)}
              </Box>
              <Box variant="small" display="block">{ACTION_TEXT[action].pendingLabel}</Box>
            </Container>
          ))}
        </ColumnLayout>
        <DeadLetters queues={data.deadLetters} lastRedrive={data.runs.find((run) => run.action === 'redrive-dead-letters')?.details?.deadLetters ?? null} />
        <Table
          header={<Header variant="h2" counter={`(${data.runs.length})`} description="The latest 10 runs">Recovery history</Header>}
          items={data.runs}
          trackBy="id"
          columnDefinitions={runColumns}
          empty={<Box textAlign="center">No recovery run yet</Box>}
          wrapLines
        />
      </SpaceBetween>
    </ContentLayout>
  );
}

function summary(run: RecoveryRun): string {
  switch (run.action) {
    case 'redrive-failed': {
      const executions = run.details?.executions ?? [];
      const lines = executions.map((entry) => `${entry.machine}/${entry.name}: ${entry.result}`).join(', ');
      return `${formatCount(run.done)} of ${countOf(run.total, 'execution')} redriven${lines ? ` (${lines})` : ''}.`;
    }
    case 'reject-auto-rejected':
      return `${countOf(run.done, 'auto-rejected draft')} moved to rejected.`;
    case 'rebuild-search-index':
      return `${formatCount(run.done)} of ${countOf(run.total, 'published article')} re-indexed.`;
    case 'redrive-dead-letters':
      return `${formatCount(run.done)} of ${countOf(run.total, 'dead letter')} redriven${run.failed ? `; ${formatCount(run.failed)} failed again and stay in their queue` : ''}.`;
    default:
      return 'Done.';
  }
}
