import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMemo, useState } from 'react';
import { CATEGORY_NAMES, CATEGORY_SLUGS, type CategorySlug } from '#domain/content/categories.ts';
import { ConsoleLoading } from '../../shell/guard.tsx';
import { useFlash } from '../../shell/flash.tsx';
import { TrendingKeywords } from './TrendingKeywords.tsx';
import { formatDateTime } from '../../shell/format.ts';
import type { Priority, QueueItem, RejectReason } from './api.ts';
import { useReviewQueue } from './useReviewQueue.ts';
import { StatTile } from '../../shell/StatTile.tsx';
import { DialogFooter } from '../../shell/DialogFooter.tsx';

const PRIORITY_ORDER: Priority[] = ['HIGH', 'MEDIUM', 'LOW'];
const PRIORITY_COLOR = { HIGH: 'red', MEDIUM: 'blue', LOW: 'grey' } as const;

type SortKey = 'priority' | 'relevance' | 'confidence' | 'newest';
const SORTS: Array<{ value: SortKey; label: string }> = [
  { value: 'priority', label: 'Priority (High first)' },
  { value: 'relevance', label: 'Relevance (highest first)' },
  { value: 'confidence', label: 'ML confidence (highest first)' },
  { value: 'newest', label: 'Newest first' },
];

function sortItems(items: QueueItem[], sort: SortKey): QueueItem[] {
  const copy = [...items];
  const byRelevance = (a: QueueItem, b: QueueItem) => (b.relevanceScore ?? 0) - (a.relevanceScore ?? 0);
  switch (sort) {
    case 'priority':
      return copy.sort((a, b) => PRIORITY_ORDER.indexOf(a.priorityLevel) - PRIORITY_ORDER.indexOf(b.priorityLevel) || byRelevance(a, b));
    case 'relevance':
      return copy.sort(byRelevance);
    case 'confidence':
      return copy.sort((a, b) => (b.mlConfidenceScore ?? 0) - (a.mlConfidenceScore ?? 0));
    case 'newest':
      return copy.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }
}

/** Spec: relevance colours 80+ green, 60+ amber, else red. */
const relevanceColor = (score: number) => (score >= 80 ? 'text-status-success' : score >= 60 ? 'text-status-warning' : 'text-status-error');

/** Spec section 8: a too-long payload gets its own text; else the server's message or the default. */
function failureText(error: unknown, fallback: string): string {
  const message = error instanceof Error ? error.message : '';
  if (/too long|too large|payload/i.test(message)) return 'Article data too large - please contact admin';
  return message || fallback;
}

const categoryOptions = CATEGORY_SLUGS.map((slug) => ({ value: slug, label: CATEGORY_NAMES[slug] }));

function QueueCard({ item, onApprove, onReject, busy }: { item: QueueItem; onApprove: (category: CategorySlug) => void; onReject: () => void; busy: boolean }) {
  const [category, setCategory] = useState<CategorySlug>(item.category);
  const keywords = [...(item.keywordMatches?.primary ?? []), ...(item.keywordMatches?.secondary ?? []), ...(item.keywordMatches?.indian ?? [])];
  return (
    <Container
      header={
        <Header
          variant="h3"
          description={`${item.sourceName} · ${formatDateTime(item.createdAt)}`}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={onReject} disabled={busy} ariaLabel={`Reject ${item.title}`}>
                Reject
              </Button>
              <Button variant="primary" onClick={() => onApprove(category)} loading={busy} ariaLabel={`Approve ${item.title}`}>
                Approve
              </Button>
            </SpaceBetween>
          }
        >
          <SpaceBetween direction="horizontal" size="xs">
            <Badge color={PRIORITY_COLOR[item.priorityLevel]}>{item.priorityLevel}</Badge>
            <span>{item.title}</span>
          </SpaceBetween>
        </Header>
      }
    >
      <SpaceBetween size="s">
        <ColumnLayout columns={4} variant="text-grid">
          <div>
            <Box variant="awsui-key-label">Relevance</Box>
            <Box color={relevanceColor(item.relevanceScore ?? 0)}>{Math.round(item.relevanceScore ?? 0)}</Box>
          </div>
          <div>
            <Box variant="awsui-key-label">ML confidence</Box>
            <div>{Math.round((item.mlConfidenceScore ?? 0) * 100)}%</div>
          </div>
          <div>
            <Box variant="awsui-key-label">Quality</Box>
            <div>{item.qualityScore === null ? '—' : Math.round(item.qualityScore)}</div>
          </div>
          <FormField label="Category on approval">
            <Select
              selectedOption={categoryOptions.find((option) => option.value === category) ?? null}
              options={categoryOptions}
              onChange={(event) => setCategory(event.detail.selectedOption.value as CategorySlug)}
              ariaLabel={`Category for ${item.title}`}
            />
          </FormField>
        </ColumnLayout>
        <ExpandableSection headerText="Details">
          <SpaceBetween size="xs">
            <Box>{item.summary || 'No summary'}</Box>
            {keywords.length > 0 && <Box color="text-body-secondary">Keyword matches: {keywords.join(', ')}</Box>}
            {item.tags.length > 0 && <Box color="text-body-secondary">Tags: {item.tags.join(', ')}</Box>}
            <Link href={item.sourceUrl} external>
              Read at the source
            </Link>
          </SpaceBetween>
        </ExpandableSection>
      </SpaceBetween>
    </Container>
  );
}

export default function ReviewQueuePage() {
  const { queue, stats, approveOne, rejectOne } = useReviewQueue();
  const { notify } = useFlash();
  const [priority, setPriority] = useState<Priority | 'ALL'>('ALL');
  const [sort, setSort] = useState<SortKey>('priority');
  const [rejecting, setRejecting] = useState<QueueItem | null>(null);
  const [reason, setReason] = useState<RejectReason>('off_topic');
  const [busyId, setBusyId] = useState<string | null>(null);

  const items = useMemo(() => {
    const all = queue.data?.pages.flatMap((page) => page.items) ?? [];
    return sortItems(priority === 'ALL' ? all : all.filter((item) => item.priorityLevel === priority), sort);
  }, [queue.data, priority, sort]);

  const approveItem = (item: QueueItem, category: CategorySlug) => {
    setBusyId(item.id);
    approveOne.mutate(
      { id: item.id, category },
      {
        onSuccess: () => notify({ type: 'success', header: 'Article Approved', content: `"${item.title}" is published.` }),
        onError: (error) => notify({ type: 'error', header: 'Approval Failed', content: failureText(error, 'Approval failed - please try again') }),
        onSettled: () => setBusyId(null),
      },
    );
  };

  const confirmReject = () => {
    if (!rejecting) return;
    const item = rejecting;
    setBusyId(item.id);
    setRejecting(null);
    rejectOne.mutate(
      { id: item.id, reason },
      {
        onSuccess: () => notify({ type: 'success', header: 'Article Rejected', content: `"${item.title}" was rejected (${reason === 'off_topic' ? 'off-topic' : 'low quality'}).` }),
        onError: (error) => notify({ type: 'error', header: 'Rejection Failed', content: failureText(error, 'Rejection failed - please try again') }),
        onSettled: () => setBusyId(null),
      },
    );
  };

  const statTile = (label: string, value: number | null | undefined, testId: string) => (
    <StatTile label={label} value={value === undefined ? '…' : value === null ? '—' : value.toLocaleString('en-IN')} testId={testId} />
  );

  return (
    <ContentLayout header={<Header variant="h1" description="Articles the classifier was unsure of: approve (in the right category) or reject, with why">Admin Review Queue</Header>}>
      <SpaceBetween size="l">
        <Container>
          <ColumnLayout columns={4} variant="text-grid" minColumnWidth={140}>
            {statTile('Pending review', stats.data?.pendingReview, 'stat-pending')}
            {statTile('High priority', stats.data?.highPriority, 'stat-high')}
            {statTile('Published', stats.data?.published, 'stat-published')}
            {statTile('Average relevance', stats.data ? stats.data.avgRelevanceScore : undefined, 'stat-relevance')}
          </ColumnLayout>
        </Container>
        <ColumnLayout columns={2} minColumnWidth={200}>
          <FormField label="Priority">
            <Select
              selectedOption={{ value: priority, label: priority === 'ALL' ? 'All priorities' : priority }}
              options={[{ value: 'ALL', label: 'All priorities' }, ...PRIORITY_ORDER.map((value) => ({ value, label: value }))]}
              onChange={(event) => setPriority(event.detail.selectedOption.value as Priority | 'ALL')}
            />
          </FormField>
          <FormField label="Sort by">
            <Select selectedOption={SORTS.find((option) => option.value === sort) ?? null} options={SORTS} onChange={(event) => setSort(event.detail.selectedOption.value as SortKey)} />
          </FormField>
        </ColumnLayout>
        {queue.isPending ? (
          <ConsoleLoading />
        ) : queue.error ? (
          <Alert type="error" header="Error Loading Review Queue" action={<Button onClick={() => void queue.refetch()}>Retry Loading Review Queue</Button>}>
            {queue.error instanceof Error ? queue.error.message : 'Failed to load the review queue'}
          </Alert>
        ) : items.length === 0 ? (
          <Container>
            <Box textAlign="center" color="inherit" padding="l">
              <b>{priority === 'ALL' ? 'The review queue is empty' : `No ${priority} priority articles waiting`}</b>
              <Box color="text-body-secondary">New articles the classifier is unsure of appear here after the next ingest.</Box>
            </Box>
          </Container>
        ) : (
          <SpaceBetween size="m">
            {items.map((item) => (
              <QueueCard key={item.id} item={item} busy={busyId === item.id} onApprove={(category) => approveItem(item, category)} onReject={() => { setReason('off_topic'); setRejecting(item); }} />
            ))}
            {queue.hasNextPage && (
              <Box textAlign="center">
                <Button loading={queue.isFetchingNextPage} onClick={() => void queue.fetchNextPage()}>
                  Load more
                </Button>
              </Box>
            )}
          </SpaceBetween>
        )}
        <TrendingKeywords />
      </SpaceBetween>
      <Modal
        visible={rejecting !== null}
        onDismiss={() => setRejecting(null)}
        header="Reject article"
        footer={<DialogFooter onCancel={() => setRejecting(null)} onConfirm={confirmReject} label="Reject" />}
      >
        <SpaceBetween size="s">
          <Box>{rejecting?.title}</Box>
          <FormField label="Why" description="Only off-topic rejections teach the classifier that the subject is off-topic.">
            <RadioGroup
              value={reason}
              onChange={(event) => setReason(event.detail.value as RejectReason)}
              items={[
                { value: 'off_topic', label: 'Off-topic', description: 'Not about influencer marketing or the creator economy' },
                { value: 'low_quality', label: 'Low quality', description: 'On topic, but thin, spammy or badly written' },
              ]}
            />
          </FormField>
        </SpaceBetween>
      </Modal>
    </ContentLayout>
  );
}
