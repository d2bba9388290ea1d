import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import type { CardsProps } from '@cloudscape-design/components/cards';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { formatCount, formatDateTime } from '../../shell/format.ts';
import type { Feed, FeedHealth } from './api.ts';
import { countOf } from '#domain/common/plural.ts';

/** Admin spec: a healthy feed has the default (green) badge, anything else the destructive (red) one. */
export function FeedStatusBadge({ feed }: { feed: Feed }) {
  if (feed.healthy === null) return <Badge color="grey">Not checked yet</Badge>;
  if (feed.healthy) return <Badge color="green">{feed.lastStatus === 'not-modified' ? 'Healthy (not modified)' : 'Healthy'}</Badge>;
  return <Badge color="red">{feed.lastStatus === 'error' ? 'Error' : (feed.lastStatus ?? 'Error')}</Badge>;
}

/** The latest checks at a glance, oldest to newest: one bar per check, green when healthy, red when not. */
function HealthStrip({ health }: { health: FeedHealth[] }) {
  if (!health.length) return <Box color="text-status-inactive">No checks yet</Box>;
  const checks = [...health].reverse();
  const failed = checks.filter((check) => !check.healthy).length;
  const maxItems = Math.max(1, ...checks.map((check) => check.itemsFound));
  return (
    <div
      role="img"
      aria-label={`Last ${countOf(checks.length, 'check')}: ${checks.length - failed} healthy, ${failed} failed`}
      style={{ display: 'flex', alignItems: 'flex-end', gap: 3, height: 32 }}
    >
      {checks.map((check) => (
        <div
          key={check.checkedAt}
          title={`${formatDateTime(check.checkedAt)}: ${check.status}, ${check.itemsFound} items, ${check.responseTimeMs} ms`}
          style={{
            width: 10,
            // Height follows the items found (the tallest bar is the check that found the most); a failed check is a full red bar.
            height: check.healthy ? `${Math.max(30, (check.itemsFound / maxItems) * 100)}%` : '100%',
            borderRadius: 2,
            background: check.healthy ? '#037f0c' : '#d91515',
          }}
        />
      ))}
    </div>
  );
}

/** Column definitions of a feed's health history. */
export const HEALTH_COLUMNS: TableProps.ColumnDefinition<FeedHealth>[] = [
  { id: 'checkedAt', header: 'Checked', cell: (check) => formatDateTime(check.checkedAt) },
  {
    id: 'status',
    header: 'Status',
    cell: (check) =>
      check.healthy ? (
        <StatusIndicator type="success">{check.status}</StatusIndicator>
      ) : (
        <StatusIndicator type="error">{check.error ? `${check.status}: ${check.error}` : check.status}</StatusIndicator>
      ),
  },
  { id: 'responseTime', header: 'Response time', cell: (check) => `${formatCount(check.responseTimeMs)} ms` },
  { id: 'items', header: 'Items found', cell: (check) => formatCount(check.itemsFound) },
  { id: 'images', header: 'Images extracted', cell: (check) => formatCount(check.imagesExtracted) },
  { id: 'dataPoints', header: 'Data points', cell: (check) => formatCount(check.dataPointsExtracted) },
];

export interface FeedCardActions {
  onEdit(feed: Feed): void;
  onTogglePaused(feed: Feed): void;
  onFetchNow(feed: Feed): void;
  onDelete(feed: Feed): void;
  /** Feeds with a change or fetch in flight (their buttons show it). */
  busy: ReadonlySet<string>;
}

const nextCheckText = (feed: Feed) => {
  if (feed.paused) return 'Paused';
  return Date.parse(feed.nextCheckAt) <= Date.now() ? 'Due now' : formatDateTime(feed.nextCheckAt);
};

/** The card of one feed: status, figures, health history and its actions. */
export function feedCardDefinition(actions: FeedCardActions): CardsProps.CardDefinition<Feed> {
  return {
    header: (feed) => (
      <SpaceBetween size="xxs">
        <Box variant="h2" tagOverride="h2" fontSize="heading-m" data-testid={`feed-name-${feed.id}`}>
          {feed.name}
        </Box>
        <SpaceBetween direction="horizontal" size="xs">
          <span data-testid={`feed-status-${feed.id}`}>
            <FeedStatusBadge feed={feed} />
          </span>
          {feed.paused && <Badge color="blue">Paused</Badge>}
          <Badge color="grey">{feed.isIndian ? 'India' : 'Global'}</Badge>
        </SpaceBetween>
      </SpaceBetween>
    ),
    sections: [
      {
        id: 'url',
        content: (feed) => (
          <Box variant="small">
            <span style={{ overflowWrap: 'anywhere' }}>
              <Link href={feed.url} external externalIconAriaLabel="(opens in a new tab)" variant="secondary">
                {feed.url}
              </Link>
            </span>
          </Box>
        ),
      },
      {
        id: 'figures',
        content: (feed) => {
          // A 304 check reads nothing: the items found are those of the latest check that read the feed.
          const latestRead = feed.health.find((check) => check.status === 'healthy');
          return (
            <KeyValuePairs
              columns={3}
              items={[
                { label: 'Data richness', value: <span data-testid={`feed-richness-${feed.id}`}>{`${feed.dataRichnessScore}/100`}</span> },
                { label: 'Images per item', value: feed.averageImagesPerItem.toFixed(2) },
                { label: 'Consecutive failures', value: <span data-testid={`feed-failures-${feed.id}`}>{formatCount(feed.consecutiveFailures)}</span> },
                { label: 'Items found', value: <span data-testid={`feed-items-${feed.id}`}>{latestRead ? formatCount(latestRead.itemsFound) : '—'}</span> },
                { label: 'Last check', value: formatDateTime(feed.lastCheckedAt) },
                { label: 'Next check', value: nextCheckText(feed) },
                { label: 'Priority', value: String(feed.priority) },
                ...(feed.health[0]?.error ? [{ label: 'Last error', value: <Box color="text-status-error">{feed.health[0].error}</Box> }] : []),
                ...(feed.specialization ? [{ label: 'About', value: feed.specialization }] : []),
              ]}
            />
          );
        },
      },
      {
        id: 'health',
        header: 'Health history',
        content: (feed) => (
          <SpaceBetween size="xs">
            <HealthStrip health={feed.health} />
            {feed.health.length > 0 && (
              <ExpandableSection headerText={feed.health.length === 1 ? 'Latest check' : `Latest ${feed.health.length} checks`} variant="footer">
                {/* No line wrapping: on a phone the table scrolls sideways instead of squeezing its columns. */}
                <Table variant="embedded" items={feed.health} columnDefinitions={HEALTH_COLUMNS} trackBy="checkedAt" wrapLines={false} />
              </ExpandableSection>
            )}
          </SpaceBetween>
        ),
      },
      {
        id: 'actions',
        content: (feed) => {
          const busy = actions.busy.has(feed.id);
          return (
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={() => actions.onEdit(feed)} ariaLabel={`Edit ${feed.name}`} disabled={busy}>
                Edit
              </Button>
              <Button onClick={() => actions.onTogglePaused(feed)} ariaLabel={`${feed.paused ? 'Resume' : 'Pause'} ${feed.name}`} disabled={busy}>
                {feed.paused ? 'Resume' : 'Pause'}
              </Button>
              <Button onClick={() => actions.onFetchNow(feed)} ariaLabel={`Fetch now: ${feed.name}`} loading={busy} iconName="refresh">
                Fetch now
              </Button>
              <Button onClick={() => actions.onDelete(feed)} ariaLabel={`Delete ${feed.name}`} disabled={busy}>
                Delete
              </Button>
            </SpaceBetween>
          );
        },
      },
    ],
  };
}
