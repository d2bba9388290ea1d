import { useCollection } from '@cloudscape-design/collection-hooks';
import Header from '@cloudscape-design/components/header';
import Table from '@cloudscape-design/components/table';
import Toggle from '@cloudscape-design/components/toggle';
import { errorText } from '../../shell/api.ts';
import { useFlash } from '../../shell/flash.tsx';
import { scheduleColumns } from './tableConfig.tsx';
import { TableEmpty } from './TableEmpty.tsx';
import { usePipelineActions, useSchedules } from './usePipeline.ts';

/** The schedules, each with a pause / resume toggle. */
export function SchedulesTable() {
  const schedules = useSchedules();
  const { pause } = usePipelineActions();
  const { notify } = useFlash();
  const { items, collectionProps } = useCollection(schedules.data ?? [], { sorting: {} });
  return (
    <Table
      {...collectionProps}
      variant="container"
      header={<Header variant="h2" description="EventBridge Scheduler, India time. A paused schedule starts nothing until resumed.">Schedules</Header>}
      columnDefinitions={scheduleColumns((schedule) => (
        <Toggle
          checked={schedule.state === 'ENABLED'}
          disabled={pause.isPending && pause.variables?.name === schedule.name}
          ariaLabel={`${schedule.state === 'ENABLED' ? 'Pause' : 'Resume'} ${schedule.name}`}
          onChange={(event) =>
            pause.mutate(
              { name: schedule.name, paused: !event.detail.checked },
              {
                onSuccess: (updated) => notify({ type: 'success', header: updated.state === 'ENABLED' ? 'Schedule resumed' : 'Schedule paused', content: updated.name }),
                onError: (error) => notify({ type: 'error', header: 'System Orchestration Failed', content: errorText(error, 'Could not change the schedule') }),
              },
            )
          }
        >
          {schedule.state === 'ENABLED' ? 'Enabled' : 'Paused'}
        </Toggle>
      ))}
      items={items}
      loading={schedules.isPending}
      loadingText="Loading schedules"
      trackBy="name"
      wrapLines
      empty={<TableEmpty query={schedules} failedText="Failed to load schedules" title="No schedules" />}
    />
  );
}
