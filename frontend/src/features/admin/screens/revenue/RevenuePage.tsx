import Alert from '@cloudscape-design/components/alert';
import BarChart from '@cloudscape-design/components/bar-chart';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { errorText } from '../../shell/api.ts';
import { formatCount, formatDateTime } from '../../shell/format.ts';
import { ConsoleLoading } from '../../shell/guard.tsx';
import { REVENUE_PERIODS, type RevenueAnalytics, type RevenueDays, type Tier } from './api.ts';
import { formatDay, formatGrowth, formatMoney } from './format.ts';
import { currencyColumns, tierColumns, TIER_LABELS } from './tableConfig.tsx';
import { useRevenue } from './useRevenue.ts';

const TIERS: Tier[] = ['premium', 'gold', 'silver', 'other'];

const card = (label: string, value: string, testId: string, note?: string) => (
  <Container>
    <Box variant="awsui-key-label">{label}</Box>
    <Box variant="h1" tagOverride="p" data-testid={testId}>
      {value}
    </Box>
    {note && <Box variant="small">{note}</Box>}
  </Container>
);

function Trend({ data }: { data: RevenueAnalytics }) {
  const days = data.dailyRevenue;
  const max = Math.max(...days.map((day) => day.revenuePaise), 0);
  return (
    <Container header={<Header variant="h2" description="Paid donations per India-time day, the last 14 days">Daily Revenue Trend</Header>}>
      <BarChart
        series={[{ title: 'Revenue', type: 'bar', data: days.map((day) => ({ x: formatDay(day.date), y: day.revenuePaise / 100 })), valueFormatter: (value) => formatMoney(Math.round(value * 100)) }]}
        xDomain={days.map((day) => formatDay(day.date))}
        yDomain={[0, max > 0 ? Math.ceil((max / 100) * 1.1) : 1]}
        xScaleType="categorical"
        xTitle="Day"
        yTitle="Revenue (₹)"
        height={220}
        hideFilter
        hideLegend
        ariaLabel="Daily revenue, last 14 days"
        empty={<Box textAlign="center">No revenue data available</Box>}
        i18nStrings={{ yTickFormatter: (value) => `₹${formatCount(value)}` }}
      />
    </Container>
  );
}

export default function RevenuePage() {
  const [days, setDays] = useState<RevenueDays>(30);
  const revenue = useRevenue(days);

  const header = (
    <Header
      variant="h1"
      description="Paid donations only; growth compares with the previous period of the same length."
      actions={
        <SpaceBetween direction="horizontal" size="xs" alignItems="center">
          <SegmentedControl
            label="Period"
            selectedId={String(days)}
            onChange={({ detail }) => setDays(Number(detail.selectedId) as RevenueDays)}
            options={REVENUE_PERIODS.map((period) => ({ id: String(period.days), text: period.label }))}
          />
          <Button iconName="refresh" loading={revenue.isFetching} onClick={() => void revenue.refetch()}>
            Refresh
          </Button>
        </SpaceBetween>
      }
    >
      Revenue Analytics
    </Header>
  );

  if (revenue.isPending) return <ContentLayout header={header}><ConsoleLoading /></ContentLayout>;
  if (!revenue.data) {
    return (
      <ContentLayout header={header}>
        <Alert type="error" header="Error" action={<Button onClick={() => void revenue.refetch()}>Retry</Button>}>
          {errorText(revenue.error, 'Failed to load revenue analytics')}
        </Alert>
      </ContentLayout>
    );
  }
  const data = revenue.data;
  const currencies = Object.entries(data.currencyBreakdown).map(([currency, entry]) => ({ currency, ...entry }));
  const empty = data.donationCount === 0;
  return (
    <ContentLayout header={header}>
      <SpaceBetween size="l">
        <Box variant="small" data-testid="rev-window">
          {formatDateTime(data.from)} – {formatDateTime(data.to)}
        </Box>
        <Grid gridDefinition={[{ colspan: { default: 12, xs: 6, s: 3 } }, { colspan: { default: 12, xs: 6, s: 3 } }, { colspan: { default: 12, xs: 6, s: 3 } }, { colspan: { default: 12, xs: 6, s: 3 } }]}>
          {card('Total Revenue', formatMoney(data.totalRevenuePaise), 'rev-total')}
          {card('Donations', formatCount(data.donationCount), 'rev-count')}
          {card('Avg Donation', formatMoney(data.avgDonationPaise), 'rev-avg')}
          {card('Growth Rate', formatGrowth(data.growthRate), 'rev-growth', data.growthRate === null ? 'No revenue in the previous period' : `Previous period ${formatMoney(data.previousRevenuePaise)}`)}
        </Grid>
        {empty ? (
          <Container>
            <Box textAlign="center" padding="l" data-testid="rev-empty">
              No revenue data available
            </Box>
          </Container>
        ) : (
          <ColumnLayout columns={2} minColumnWidth={320}>
            <Table
              header={<Header variant="h2">Currency Breakdown</Header>}
              items={currencies}
              trackBy="currency"
              columnDefinitions={currencyColumns}
              variant="container"
              empty={<Box textAlign="center">No revenue data available</Box>}
            />
            <Table
              header={<Header variant="h2" description="Share is each tier's part of the period's revenue">Supporter Tiers</Header>}
              items={TIERS.map((tier) => ({ tier, ...data.tierBreakdown[tier] }))}
              trackBy="tier"
              columnDefinitions={tierColumns}
              variant="container"
              ariaLabels={{ tableLabel: 'Supporter tiers' }}
            />
          </ColumnLayout>
        )}
        <Trend data={data} />
        <Box variant="small" color="text-body-secondary">
          Tiers: {TIERS.map((tier) => TIER_LABELS[tier]).join(' · ')}
        </Box>
      </SpaceBetween>
    </ContentLayout>
  );
}
