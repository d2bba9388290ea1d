import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { useState } from 'react';
import { errorText } from '../../shell/api.ts';
import { formatCount } from '../../shell/format.ts';
import { ConsoleLoading } from '../../shell/guard.tsx';
import { SECURITY_PERIODS, type SecurityDays } from './api.ts';
import { failureColumns, roleChangeColumns } from './tableConfig.tsx';
import { useSecurity } from './useSecurity.ts';

const stat = (label: string, value: number, testId: string) => (
  <div>
    <Box variant="awsui-key-label">{label}</Box>
    <Box variant="h2" tagOverride="p" data-testid={testId}>
      {formatCount(value)}
    </Box>
  </div>
);

/** One of the report's tables: its rows counted in the header, its empty text. */
function reportTable<T>(table: { title: string; items: T[]; columns: TableProps.ColumnDefinition<T>[]; loading: boolean; loadingText: string; empty: string; testId: string }) {
  return (
    <Table
      header={<Header variant="h2" counter={`(${table.items.length})`}>{table.title}</Header>}
      items={table.items}
      columnDefinitions={table.columns}
      variant="container"
      wrapLines
      loading={table.loading}
      loadingText={table.loadingText}
      empty={<Box textAlign="center" padding="m">{table.empty}</Box>}
      data-testid={table.testId}
    />
  );
}

export default function SecurityPage() {
  const [days, setDays] = useState<SecurityDays>(7);
  const security = useSecurity(days);

  const header = (
    <Header
      variant="h1"
      description="Sign-in failures counted by the user pool, and role changes and suspensions from the audit log (India-time days)."
      actions={
        <SpaceBetween direction="horizontal" size="xs" alignItems="center">
          <SegmentedControl
            label="Period"
            selectedId={String(days)}
            onChange={({ detail }) => setDays(Number(detail.selectedId) as SecurityDays)}
            options={SECURITY_PERIODS.map((period) => ({ id: String(period), text: period === 1 ? 'Today' : `${period} days` }))}
          />
          <Button iconName="refresh" ariaLabel="Refresh" loading={security.isFetching} onClick={() => void security.refetch()} />
        </SpaceBetween>
      }
    >
      Security
    </Header>
  );

  if (security.isPending) return <ContentLayout header={header}><ConsoleLoading /></ContentLayout>;
  if (!security.data) {
    return (
      <ContentLayout header={header}>
        <Alert type="error" header="Error" action={<Button onClick={() => void security.refetch()}>Retry</Button>}>
          {errorText(security.error, 'Failed to load security data')}
        </Alert>
      </ContentLayout>
    );
  }
  const data = security.data;
  const loading = security.isFetching && security.isPlaceholderData;
  return (
    <ContentLayout header={header}>
      <SpaceBetween size="l">
        <Container>
          <ColumnLayout columns={3} variant="text-grid">
            {stat('Sign-in attempts', data.totals.attempts, 'sec-attempts')}
            {stat('Failed sign-ins', data.totals.failures, 'sec-failures')}
            {stat('Accounts with failures', data.totals.accountsWithFailures, 'sec-accounts')}
          </ColumnLayout>
        </Container>
        {reportTable({ title: 'Sign-in failures', items: data.signInFailures, columns: failureColumns, loading, loadingText: 'Loading sign-ins', empty: 'No failed sign-ins in this period', testId: 'sec-failures-table' })}
        {reportTable({ title: 'Role changes and suspensions', items: data.roleChanges, columns: roleChangeColumns, loading, loadingText: 'Loading changes', empty: 'No role changes or suspensions in this period', testId: 'sec-roles-table' })}
      </SpaceBetween>
    </ContentLayout>
  );
}
