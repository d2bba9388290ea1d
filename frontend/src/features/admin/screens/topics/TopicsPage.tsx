import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useEffect, useMemo, useState } from 'react';
import { TOPIC_LIST_STATES, TOPIC_PAGE_SIZES, type TopicListState } from '#domain/topics/topic-overrides.ts';
import { useSubmission } from '#web/shared/api/submission.ts';
import { errorText } from '../../shell/api.ts';
import { useFlash } from '../../shell/flash.tsx';
import { formatCount } from '../../shell/format.ts';
import { NumberedPagination } from '../../shell/NumberedPagination.tsx';
import type { TopicListQuery, TopicRow } from './api.ts';
import { HideTopicModal, MergeTopicModal, RenameTopicModal, UnmergeTopicModal } from './TopicDialogs.tsx';
import { STATE_LABELS, topicColumns, type TopicAction } from './tableConfig.tsx';
import { useTopicActions, useTopics } from './useTopics.ts';

const SEARCH_DELAY_MS = 300;
const stateOptions = TOPIC_LIST_STATES.map((state) => ({ value: state, label: STATE_LABELS[state] }));
const pageSizeOptions = TOPIC_PAGE_SIZES.map((size) => ({ value: String(size), label: `${size} per page` }));

type Dialog = { kind: TopicAction; topic: TopicRow } | null;
type Submitted = { request: Record<string, unknown>; work: (idempotencyKey: string) => Promise<unknown>; success: { header: string; content?: string }; failure: string };

/**
 * Topics (issue #37): the catalogue's platforms, creators, brands, agencies and regulators, each with its stories and
 * followers, and a moderator's rename, hide / show and merge. Readers see a change within a minute.
 */
export default function TopicsPage() {
  const flash = useFlash();
  const [query, setQuery] = useState<TopicListQuery>({ state: 'all', filter: '', page: 1, pageSize: TOPIC_PAGE_SIZES[0] });
  const [filteringText, setFilteringText] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useTopics(query);
  const actions = useTopicActions();
  const change = (changes: Partial<TopicListQuery>) => setQuery((current) => ({ ...current, page: 1, ...changes }));

  useEffect(() => {
    const timer = setTimeout(() => setQuery((current) => (current.filter === filteringText.trim() ? current : { ...current, filter: filteringText.trim(), page: 1 })), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [filteringText]);

  const onAction = useMemo(() => (kind: TopicAction, topic: TopicRow) => setDialog({ kind, topic }), []);
  const columns = useMemo(() => topicColumns(onAction), [onAction]);
  const close = () => setDialog(null);

  // One submission at a time, each with its Idempotency-Key: a double click on a dialog's button writes once.
  const submission = useSubmission(async ({ work, success, failure }: Submitted, idempotencyKey: string) => {
    try {
      await work(idempotencyKey);
      flash.notify({ type: 'success', ...success });
      close();
    } catch (error) {
      const reason = errorText(error, '');
      flash.notify({ type: 'error', header: 'Error', content: reason ? `${failure}: ${reason}` : failure });
    }
  });
  const run = (request: Record<string, unknown>, work: (idempotencyKey: string) => Promise<unknown>, success: { header: string; content?: string }, failure: string) =>
    submission.run({ request, work, success, failure });
  const busy = submission.pending;
  const data = list.data;

  return (
    <ContentLayout header={<Header variant="h1" description="Rename, hide and merge the topics stories are tagged with. Every change is audited; readers see it within a minute.">Topics</Header>}>
      <Table
        variant="full-page"
        items={data?.items ?? []}
        columnDefinitions={columns}
        trackBy="id"
        loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
        loadingText="Loading topics"
        stickyHeader
        stickyColumns={{ first: 1, last: 1 }}
        wrapLines={false}
        ariaLabels={{ tableLabel: 'Topics' }}
        header={
          <Header variant="h2" counter={data ? `(${formatCount(data.total)})` : undefined} description="Stories: listed on the topic's page. Followers: readers told of its new stories.">
            {STATE_LABELS[query.state]}
          </Header>
        }
        filter={
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            <TextFilter
              filteringText={filteringText}
              filteringPlaceholder="Search by name or id"
              filteringAriaLabel="Search topics by name or id"
              filteringClearAriaLabel="Clear search"
              countText={data ? `${formatCount(data.total)} ${data.total === 1 ? 'match' : 'matches'}` : undefined}
              onChange={({ detail }) => setFilteringText(detail.filteringText)}
            />
            <Select
              selectedOption={stateOptions.find((option) => option.value === query.state) ?? stateOptions[0]!}
              options={stateOptions}
              onChange={({ detail }) => change({ state: detail.selectedOption.value as TopicListState })}
              ariaLabel="Filter by what a moderator changed"
            />
            <Select
              selectedOption={pageSizeOptions.find((option) => option.value === String(query.pageSize)) ?? pageSizeOptions[0]!}
              options={pageSizeOptions}
              onChange={({ detail }) => change({ pageSize: Number(detail.selectedOption.value) })}
              ariaLabel="Topics per page"
            />
          </SpaceBetween>
        }
        pagination={<NumberedPagination page={query.page} pages={data?.pages} onChange={(page) => setQuery((current) => ({ ...current, page }))} />}
        empty={
          list.isError ? (
            <Box textAlign="center" color="inherit" padding="m">
              <Alert type="error" header="Could not load topics" action={<Button onClick={() => void list.refetch()}>Retry</Button>}>
                {errorText(list.error, 'Failed to load topics')}
              </Alert>
            </Box>
          ) : (
            <Box textAlign="center" color="inherit" padding="m">
              <b>No topics</b>
              <Box variant="p" color="inherit">
                {query.filter ? `No topic's name or id contains "${query.filter}".` : query.state === 'all' ? 'The catalogue has no topics.' : `No topic is ${STATE_LABELS[query.state].toLowerCase()}.`}
              </Box>
            </Box>
          )
        }
      />

      {dialog?.kind === 'rename' ? (
        <RenameTopicModal
          topic={dialog.topic}
          busy={busy}
          onDismiss={close}
          onSave={(name) =>
            void run(
              { rename: dialog.topic.id, name },
              (idempotencyKey) => actions.rename.mutateAsync({ topicId: dialog.topic.id, name, idempotencyKey }),
              { header: 'Topic renamed', content: name ? `${dialog.topic.catalogueName} is shown as ${name}.` : `${dialog.topic.catalogueName} has its catalogue name again.` },
              'Failed to rename topic',
            )
          }
        />
      ) : null}
      {dialog?.kind === 'hide' || dialog?.kind === 'show' ? (
        <HideTopicModal
          topic={dialog.topic}
          hidden={dialog.kind === 'hide'}
          busy={busy}
          onDismiss={close}
          onConfirm={() => {
            const hidden = dialog.kind === 'hide';
            void run(
              { visibility: dialog.topic.id, hidden },
              (idempotencyKey) => actions.visibility.mutateAsync({ topicId: dialog.topic.id, hidden, idempotencyKey }),
              { header: hidden ? 'Topic hidden' : 'Topic shown', content: dialog.topic.name },
              hidden ? 'Failed to hide topic' : 'Failed to show topic',
            );
          }}
        />
      ) : null}
      {dialog?.kind === 'merge' ? (
        <MergeTopicModal
          topic={dialog.topic}
          busy={busy}
          onDismiss={close}
          onMerge={(into) =>
            void run(
              { merge: dialog.topic.id, into },
              (idempotencyKey) => actions.merge.mutateAsync({ topicId: dialog.topic.id, into, idempotencyKey }),
              { header: 'Topics merged', content: `${dialog.topic.name} now sends readers to ${into}.` },
              'Failed to merge topics',
            )
          }
        />
      ) : null}
      {dialog?.kind === 'unmerge' ? (
        <UnmergeTopicModal
          topic={dialog.topic}
          busy={busy}
          onDismiss={close}
          onConfirm={() =>
            void run(
              { unmerge: dialog.topic.id },
              (idempotencyKey) => actions.merge.mutateAsync({ topicId: dialog.topic.id, into: null, idempotencyKey }),
              { header: 'Merge undone', content: `${dialog.topic.name} has its own page again.` },
              'Failed to undo the merge',
            )
          }
        />
      ) : null}
    </ContentLayout>
  );
}
