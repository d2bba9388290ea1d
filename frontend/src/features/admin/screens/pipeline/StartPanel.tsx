import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorText } from '../../shell/api.ts';
import { useFlash } from '../../shell/flash.tsx';
import type { StartRequest } from './api.ts';
import { MACHINE_LABELS, START_FAILED_HEADER } from './format.ts';
import { executionPath } from './tableConfig.tsx';
import { usePipelineActions } from './usePipeline.ts';

const START_ACTIONS: Array<{ id: string; text: string; request: StartRequest }> = [
  { id: 'ingest-full', text: 'Start ingest', request: { machine: 'ingest', mode: 'full' } },
  { id: 'ingest-classify', text: 'Classify backlog', request: { machine: 'ingest', mode: 'classify-only' } },
  { id: 'lifecycle', text: 'Run lifecycle', request: { machine: 'lifecycle' } },
  { id: 'retrain', text: 'Retrain classifier', request: { machine: 'retrain' } },
];
const NEWSLETTER_ACTIONS: Array<{ id: string; text: string; request: StartRequest }> = [
  { id: 'newsletter-daily', text: 'Daily Digest', request: { machine: 'newsletter', frequency: 'daily' } },
  { id: 'newsletter-weekly', text: 'Weekly Roundup', request: { machine: 'newsletter', frequency: 'weekly' } },
  { id: 'newsletter-monthly', text: 'Monthly Summary', request: { machine: 'newsletter', frequency: 'monthly' } },
];

/** Start a run: one button per state machine (the newsletter by frequency); one start at a time. */
export function StartPanel() {
  const { start } = usePipelineActions();
  const { notify } = useFlash();
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);

  const run = (id: string, request: StartRequest) => {
    setPending(id);
    start.mutate(request, {
      onSuccess: (started) =>
        notify({
          type: 'success',
          header: `${MACHINE_LABELS[started.machine]} started`,
          content: (
            <>
              Execution {started.name}.{' '}
              <Button variant="inline-link" onClick={() => navigate(executionPath(started))}>
                Open it
              </Button>
            </>
          ),
        }),
      onError: (error) => notify({ type: 'error', header: START_FAILED_HEADER[request.machine] ?? 'System Orchestration Failed', content: errorText(error, 'Could not start the execution') }),
      onSettled: () => setPending(null),
    });
  };

  return (
    <Container header={<Header variant="h2" description="Each button starts one execution of a state machine; schedules start the same ones.">Start a run</Header>}>
      <SpaceBetween direction="horizontal" size="xs">
        {START_ACTIONS.map((action) => (
          <Button key={action.id} loading={pending === action.id} disabled={pending !== null && pending !== action.id} onClick={() => run(action.id, action.request)}>
            {action.text}
          </Button>
        ))}
        <ButtonDropdown
          loading={pending?.startsWith('newsletter') ?? false}
          disabled={pending !== null && !pending.startsWith('newsletter')}
          items={NEWSLETTER_ACTIONS.map(({ id, text }) => ({ id, text }))}
          onItemClick={(event) => {
            const action = NEWSLETTER_ACTIONS.find((candidate) => candidate.id === event.detail.id);
            if (action) run(action.id, action.request);
          }}
        >
          Send newsletter
        </ButtonDropdown>
      </SpaceBetween>
    </Container>
  );
}
