import { useCollection } from '@cloudscape-design/collection-hooks';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Table from '@cloudscape-design/components/table';
import { errorText } from '../../shell/api.ts';
import { useFlash } from '../../shell/flash.tsx';
import { alertColumns } from './tableConfig.tsx';
import { TableEmpty } from './TableEmpty.tsx';
import { useOpenAlerts, usePipelineActions } from './usePipeline.ts';

/** The pipeline's open alerts, each with Resolve. */
export function AlertsTable() {
  const alerts = useOpenAlerts();
  const { resolve } = usePipelineActions();
  const { notify } = useFlash();
  const { items, collectionProps } = useCollection(alerts.data?.items ?? [], { sorting: {} });
  return (
    <Table
      {...collectionProps}
      variant="container"
      header={
        <Header variant="h2" counter={alerts.data ? `(${alerts.data.items.length}${alerts.data.cursor ? '+' : ''})` : undefined} description="Automation alerts raised by the pipeline, newest first.">
          Open alerts
        </Header>
      }
      columnDefinitions={alertColumns((alert) => (
        <Button
          variant="inline-link"
          ariaLabel={`Resolve alert: ${alert.message}`}
          loading={resolve.isPending && resolve.variables === alert.id}
          onClick={() =>
            resolve.mutate(alert.id, {
              onSuccess: () => notify({ type: 'success', header: 'Alert resolved', content: alert.message }),
              onError: (error) => notify({ type: 'error', header: 'Update Failed', content: errorText(error, 'Could not resolve the alert') }),
            })
          }
        >
          Resolve
        </Button>
      ))}
      items={items}
      loading={alerts.isPending}
      loadingText="Loading alerts"
      trackBy="id"
      wrapLines
      empty={
        <TableEmpty query={alerts} failedText="Failed to load alerts" title="No open alerts">
          The pipeline has raised nothing that needs attention.
        </TableEmpty>
      }
    />
  );
}
