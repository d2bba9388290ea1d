import Alert from '@cloudscape-design/components/alert';
import BarChart, { type BarChartProps } from '@cloudscape-design/components/bar-chart';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import LineChart from '@cloudscape-design/components/line-chart';
import PieChart from '@cloudscape-design/components/pie-chart';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import Tabs from '@cloudscape-design/components/tabs';
import { useEffect, useState, type ReactNode } from 'react';
import { categoryLabel } from '#domain/content/categories.ts';
import { errorText } from '../../shell/api.ts';
import { formatCount } from '../../shell/format.ts';
import { ConsoleLoading } from '../../shell/guard.tsx';
import { StatTile } from '../../shell/StatTile.tsx';
import { ANALYTICS_PERIODS, type Analytics, type AnalyticsDays, type DailyRow } from './api.ts';
import { formatChange, formatInr, formatLongDay, formatRate } from './format.ts';
import { articleColumns, dailyColumns, pathColumns, referrerColumns, termColumns } from './tableConfig.tsx';
import { useAnalytics, useAnalyticsReport } from './useAnalytics.ts';

const CARDS = [
  { key: 'pageViews', label: 'Page Views', note: 'Reader-site page views (bots not counted)' },
  { key: 'articleViews', label: 'Article Views', note: 'Articles opened' },
  { key: 'engagements', label: 'Engagements', note: 'Likes + shares + bookmarks' },
  { key: 'conversions', label: 'Conversions', note: 'Confirmed subscriptions + paid donations' },
] as const;

/** The engagement tab's tiles: the total counted, its label. */
const ENGAGEMENT_TILES = [
  ['likes', 'Likes'],
  ['shares', 'Shares'],
  ['bookmarks', 'Bookmarks'],
  ['searches', 'Searches'],
] as const;

const DEVICE_LABELS = { mobile: 'Mobile', tablet: 'Tablet', desktop: 'Desktop' } as const;

const dayOf = (date: string) => new Date(`${date}T00:00:00Z`);
const tickDay = (value: Date) => new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(value);

function Empty({ children }: { children: ReactNode }) {
  return (
    <Box textAlign="center" color="inherit" padding="m">
      {children}
    </Box>
  );
}

/** A tab's totals: four tiles in a row. */
function Totals({ title, tiles }: { title: string; tiles: Array<{ label: string; value: string; testId: string }> }) {
  return (
    <Container header={<Header variant="h2">{title}</Header>}>
      <ColumnLayout columns={4} variant="text-grid" minColumnWidth={120}>
        {tiles.map((tile) => (
          <StatTile key={tile.testId} label={tile.label} value={tile.value} testId={tile.testId} />
        ))}
      </ColumnLayout>
    </Container>
  );
}

/** A per-day bar chart (India-time days) of some series, its y axis from 0 to just above `max`; the legend only for several series. */
function DailyBars(props: { title: string; days: Date[]; max: number; yTitle: string; series: BarChartProps<Date>['series']; yTickFormatter?: (value: number) => string; empty: string }) {
  return (
    <Container header={<Header variant="h2">{props.title}</Header>}>
      <BarChart
        series={props.series}
        xDomain={props.days}
        yDomain={[0, Math.ceil(props.max * 1.1)]}
        xScaleType="categorical"
        xTitle="Day (India time)"
        yTitle={props.yTitle}
        height={220}
        hideFilter
        hideLegend={props.series.length === 1}
        ariaLabel={props.title}
        i18nStrings={{ xTickFormatter: tickDay, ...(props.yTickFormatter ? { yTickFormatter: props.yTickFormatter } : {}) }}
        empty={<Empty>{props.empty}</Empty>}
      />
    </Container>
  );
}

/** A per-day line chart of some daily fields; the empty state when they are all 0. */
function DailyLines({ title, daily, fields, empty }: { title: string; daily: DailyRow[]; fields: Array<{ key: keyof Omit<DailyRow, 'date'>; title: string }>; empty: string }) {
  const total = daily.reduce((sum, row) => sum + fields.reduce((inner, field) => inner + row[field.key], 0), 0);
  const max = Math.max(1, ...daily.flatMap((row) => fields.map((field) => row[field.key])));
  return (
    <Container header={<Header variant="h2">{title}</Header>}>
      <LineChart
        series={total === 0 ? [] : fields.map((field) => ({ title: field.title, type: 'line' as const, data: daily.map((row) => ({ x: dayOf(row.date), y: row[field.key] })) }))}
        xDomain={daily.length ? [dayOf(daily[0]!.date), dayOf(daily.at(-1)!.date)] : undefined}
        yDomain={[0, Math.ceil(max * 1.1)]}
        xScaleType="time"
        xTitle="Day (India time)"
        yTitle="Count"
        height={220}
        hideFilter
        hideLegend={fields.length === 1}
        ariaLabel={title}
        i18nStrings={{ xTickFormatter: tickDay, yTickFormatter: (value) => formatCount(value) }}
        empty={<Empty>{empty}</Empty>}
      />
    </Container>
  );
}

function Pie({ title, data, empty }: { title: string; data: Array<{ title: string; value: number }>; empty: string }) {
  const shown = data.filter((entry) => entry.value > 0);
  return (
    <Container header={<Header variant="h2">{title}</Header>}>
      <PieChart
        data={shown}
        variant="donut"
        size="medium"
        hideFilter
        ariaLabel={title}
        ariaDescription={shown.map((entry) => `${entry.title}: ${entry.value}`).join(', ')}
        detailPopoverContent={(datum, sum) => [
          { key: 'Count', value: formatCount(datum.value) },
          { key: 'Share', value: `${Math.round((datum.value / sum) * 100)}%` },
        ]}
        segmentDescription={(datum, sum) => `${formatCount(datum.value)}, ${Math.round((datum.value / sum) * 100)}%`}
        empty={<Empty>{empty}</Empty>}
      />
    </Container>
  );
}

function Traffic({ data }: { data: Analytics }) {
  const devices = (Object.keys(DEVICE_LABELS) as Array<keyof typeof DEVICE_LABELS>).map((key) => ({ title: DEVICE_LABELS[key], value: data.traffic.devices[key] }));
  return (
    <SpaceBetween size="l">
      <DailyLines title="Page views per day" daily={data.daily} fields={[{ key: 'pageViews', title: 'Page views' }]} empty="No page views in this period" />
      <ColumnLayout columns={2} minColumnWidth={300}>
        <Table header={<Header variant="h2">Top pages</Header>} items={data.traffic.topPaths} trackBy="path" columnDefinitions={pathColumns} variant="container" ariaLabels={{ tableLabel: 'Top pages' }} empty={<Empty>No page views in this period</Empty>} />
        <Table header={<Header variant="h2">Referrers</Header>} items={data.traffic.referrers} trackBy="domain" columnDefinitions={referrerColumns} variant="container" ariaLabels={{ tableLabel: 'Referrers' }} empty={<Empty>No page views in this period</Empty>} />
      </ColumnLayout>
      <Pie title="Devices" data={devices} empty="No page views in this period" />
    </SpaceBetween>
  );
}

function Content({ data }: { data: Analytics }) {
  // Labels, not slugs: Platform Updates, not platform-updates.
  const categories = data.content.byCategory.map((entry) => ({ ...entry, category: categoryLabel(entry.category) }));
  const max = Math.max(1, ...categories.map((entry) => entry.views));
  return (
    <SpaceBetween size="l">
      <Table
        header={<Header variant="h2" description="The 5 most viewed articles in the period">Top articles</Header>}
        items={data.content.topArticles}
        trackBy="id"
        columnDefinitions={articleColumns}
        variant="container"
        wrapLines
        ariaLabels={{ tableLabel: 'Top articles' }}
        empty={<Empty>No article views in this period</Empty>}
      />
      <Container header={<Header variant="h2">Article views by category</Header>}>
        <BarChart
          series={categories.length ? [{ title: 'Article views', type: 'bar', data: categories.map((entry) => ({ x: entry.category, y: entry.views })) }] : []}
          xDomain={categories.map((entry) => entry.category)}
          yDomain={[0, Math.ceil(max * 1.1)]}
          xScaleType="categorical"
          horizontalBars
          xTitle="Category"
          yTitle="Article views"
          height={Math.max(120, categories.length * 36)}
          hideFilter
          hideLegend
          ariaLabel="Article views by category"
          empty={<Empty>No article views in this period</Empty>}
        />
      </Container>
    </SpaceBetween>
  );
}

function Engagement({ data }: { data: Analytics }) {
  const totals = data.engagement.totals;
  return (
    <SpaceBetween size="l">
      <Totals title="Engagement totals" tiles={ENGAGEMENT_TILES.map(([key, label]) => ({ label, value: formatCount(totals[key]), testId: `an-${key}` }))} />
      <DailyLines
        title="Engagement per day"
        daily={data.daily}
        fields={[{ key: 'likes', title: 'Likes' }, { key: 'shares', title: 'Shares' }, { key: 'bookmarks', title: 'Bookmarks' }, { key: 'searches', title: 'Searches' }]}
        empty="No engagement in this period"
      />
      <ColumnLayout columns={2} minColumnWidth={300}>
        <Pie title="Shares by platform" data={data.engagement.sharesByPlatform.map((entry) => ({ title: entry.platform, value: entry.shares }))} empty="No shares in this period" />
        <Table header={<Header variant="h2">Top search terms</Header>} items={data.engagement.topSearchTerms} trackBy="term" columnDefinitions={termColumns} variant="container" ariaLabels={{ tableLabel: 'Top search terms' }} empty={<Empty>No searches in this period</Empty>} />
      </ColumnLayout>
    </SpaceBetween>
  );
}

function Conversion({ data }: { data: Analytics }) {
  const totals = data.conversion.totals;
  const days = data.daily.map((row) => dayOf(row.date));
  const subs = totals.subscriptionsStarted + totals.subscriptionsConfirmed;
  const maxSubs = Math.max(1, ...data.daily.map((row) => Math.max(row.subscriptionsStarted, row.subscriptionsConfirmed)));
  const maxAmount = Math.max(1, ...data.daily.map((row) => row.donationAmountPaise / 100));
  return (
    <SpaceBetween size="l">
      <Totals
        title="Conversion totals"
        tiles={[
          { label: 'Subscriptions started', value: formatCount(totals.subscriptionsStarted), testId: 'an-subs-started' },
          { label: 'Subscriptions confirmed', value: formatCount(totals.subscriptionsConfirmed), testId: 'an-subs-confirmed' },
          { label: 'Paid donations', value: `${formatCount(totals.donations)} · ${formatInr(totals.donationAmountPaise)}`, testId: 'an-donations' },
          { label: 'Conversion rate', value: formatRate(data.conversion.conversionRate), testId: 'an-rate' },
        ]}
      />
      <DailyBars
        title="Newsletter subscriptions per day"
        days={days}
        max={maxSubs}
        yTitle="Subscriptions"
        series={subs === 0 ? [] : [
          { title: 'Started', type: 'bar', data: data.daily.map((row) => ({ x: dayOf(row.date), y: row.subscriptionsStarted })) },
          { title: 'Confirmed', type: 'bar', data: data.daily.map((row) => ({ x: dayOf(row.date), y: row.subscriptionsConfirmed })) },
        ]}
        empty="No subscriptions in this period"
      />
      <DailyBars
        title="Paid donations per day"
        days={days}
        max={maxAmount}
        yTitle="Amount (₹)"
        series={totals.donations === 0 ? [] : [{ title: 'Amount (₹)', type: 'bar', data: data.daily.map((row) => ({ x: dayOf(row.date), y: row.donationAmountPaise / 100 })), valueFormatter: (value) => formatInr(Math.round(value * 100)) }]}
        yTickFormatter={(value) => `₹${formatCount(value)}`}
        empty="No paid donations in this period"
      />
    </SpaceBetween>
  );
}

function Reports({ data, days, active }: { data: Analytics; days: AnalyticsDays; active: boolean }) {
  const report = useAnalyticsReport(days, active);
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    if (!report.data) return undefined;
    const url = URL.createObjectURL(new Blob([report.data], { type: 'text/csv' }));
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [report.data]);
  const filename = `analytics-${days}d-${data.daily.at(-1)?.date ?? 'today'}.csv`;
  return (
    <Table
      header={
        <Header
          variant="h2"
          description="One row per India-time day of the period; the CSV has the same rows (amounts in rupees)."
          actions={
            href ? (
              <Button href={href} download={filename} iconName="download" data-testid="an-download">
                Download CSV
              </Button>
            ) : (
              <Button loading={report.isFetching} disabled={!report.isFetching} iconName="download">
                Download CSV
              </Button>
            )
          }
        >
          Daily report
        </Header>
      }
      items={[...data.daily].reverse()}
      trackBy="date"
      columnDefinitions={dailyColumns}
      variant="container"
      stripedRows
      ariaLabels={{ tableLabel: 'Daily report preview' }}
    />
  );
}

export default function AnalyticsPage() {
  const [days, setDays] = useState<AnalyticsDays>(30);
  const [tab, setTab] = useState('traffic');
  const analytics = useAnalytics(days);

  const header = (
    <Header
      variant="h1"
      description="What the site recorded: page views (no cookies, no addresses), article views, likes, shares, bookmarks, searches, subscriptions and paid donations. Changes compare with the previous period of the same length."
      actions={
        <SegmentedControl
          label="Period"
          selectedId={String(days)}
          onChange={({ detail }) => setDays(Number(detail.selectedId) as AnalyticsDays)}
          options={ANALYTICS_PERIODS.map((period) => ({ id: String(period.days), text: period.label }))}
        />
      }
    >
      Analytics
    </Header>
  );

  if (analytics.isPending) return <ContentLayout header={header}><ConsoleLoading /></ContentLayout>;
  if (!analytics.data) {
    return (
      <ContentLayout header={header}>
        <Alert type="error" header="Error" action={<Button onClick={() => void analytics.refetch()}>Retry</Button>}>
          {errorText(analytics.error, 'Failed to fetch analytics data')}
        </Alert>
      </ContentLayout>
    );
  }
  const data = analytics.data;
  const column = { colspan: { default: 12, xs: 6, m: 3 } };
  return (
    <ContentLayout header={header}>
      <SpaceBetween size="l">
        <Box variant="small" data-testid="an-window">
          {formatLongDay(data.daily[0]?.date ?? data.from.slice(0, 10))} – {formatLongDay(data.daily.at(-1)?.date ?? data.to.slice(0, 10))}, India time{analytics.isFetching ? ', updating…' : ''} ({data.days} days)
        </Box>
        <Grid gridDefinition={[column, column, column, column]}>
          {CARDS.map((card) => (
            <Container key={card.key}>
              <StatTile label={card.label} value={formatCount(data.cards[card.key].value)} testId={`an-card-${card.key}`} />
              <Box variant="small" display="block" data-testid={`an-change-${card.key}`}>
                {formatChange(data.cards[card.key].change)}
              </Box>
              <Box variant="small" display="block" color="text-body-secondary">
                {card.note}
              </Box>
            </Container>
          ))}
        </Grid>
        <Tabs
          activeTabId={tab}
          onChange={({ detail }) => setTab(detail.activeTabId)}
          ariaLabel="Analytics views"
          i18nStrings={{ scrollLeftAriaLabel: 'Scroll tabs left', scrollRightAriaLabel: 'Scroll tabs right' }}
          tabs={[
            { id: 'traffic', label: 'Traffic', content: <Traffic data={data} /> },
            { id: 'content', label: 'Content', content: <Content data={data} /> },
            { id: 'engagement', label: 'Engagement', content: <Engagement data={data} /> },
            { id: 'conversion', label: 'Conversion', content: <Conversion data={data} /> },
            { id: 'reports', label: 'Reports', content: <Reports data={data} days={days} active={tab === 'reports'} /> },
          ]}
        />
      </SpaceBetween>
    </ContentLayout>
  );
}
