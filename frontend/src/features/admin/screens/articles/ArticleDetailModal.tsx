import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import { useState } from 'react';
import Modal from '@cloudscape-design/components/modal';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { CATEGORY_NAMES } from '#domain/content/categories.ts';
import { errorText } from '../../shell/api.ts';
import { formatCount, formatDateTime } from '../../shell/format.ts';
import type { ArticleDetail } from './api.ts';
import { ArticleStatusBadge } from './tableConfig.tsx';
import { useArticle, useJoinToStory, useSplitFromStory } from './useArticles.ts';

/** Spec section 4: ML confidence buckets, high 80 % or more, medium 50-79 %, low under 50 %. */
const confidenceBucket = (percent: number) => (percent >= 80 ? 'High' : percent >= 50 ? 'Medium' : 'Low');
const dash = (value: number | string | null | undefined) => (value === null || value === undefined || value === '' ? '—' : String(value));

function Words({ words, color }: { words: string[] | undefined; color?: 'red' | 'blue' | 'grey' | 'green' }) {
  if (!words?.length) return <>—</>;
  return (
    <SpaceBetween direction="horizontal" size="xxs">
      {words.map((word) => (
        <Badge key={word} color={color ?? 'grey'}>
          {word}
        </Badge>
      ))}
    </SpaceBetween>
  );
}

/** "year:2024" -> "2024", "quarter:q3" -> "Q3": a period as the join compared it. */
const periodText = (period: string) => period.replace(/^year:/, '').replace(/^quarter:q?/i, 'Q');
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

type JoinReason = NonNullable<ArticleDetail['clusterReason']>;

/** Which texts of the two reports were most alike (JoinReason.view). */
const VIEW_TEXT: Record<NonNullable<JoinReason['view']>, string> = { whole: 'Headlines with summaries', headline: 'A headline', lead: "A summary's first sentence" };

/** What agreed between a later report and the first (lambdas/domain/topics/same-event.ts JoinReason). */
function JoinReasonPairs({ reason }: { reason: JoinReason }) {
  return (
    <KeyValuePairs
      columns={3}
      items={[
        { label: 'Kinds of event both report', value: <Words words={reason.kinds} color="blue" /> },
        { label: 'Entities both name', value: <Words words={reason.entities.map((entity) => entity.name)} color="green" /> },
        { label: 'Other names both give', value: <Words words={reason.names} /> },
        { label: 'Words both use', value: <Words words={reason.terms} /> },
        ...(reason.view ? [{ label: 'Texts alike', value: VIEW_TEXT[reason.view] }] : []),
        { label: 'Figures both quote', value: <Words words={reason.figures} /> },
        { label: 'Periods both give', value: <Words words={reason.periods.map(periodText)} /> },
        {
          label: 'Published apart',
          value: reason.daysApart === null ? `Undated (window ${plural(reason.windowDays, 'day')})` : `${reason.daysApart} days (window ${plural(reason.windowDays, 'day')})`,
        },
      ]}
    />
  );
}

/**
 * A moderator's "these are different events": after a confirmation, the later report becomes a story of its own
 * (counted and listed), and the ingest keeps the two apart from then on.
 */
function SplitButton({ report }: { report: NonNullable<ArticleDetail['alsoCoveredBy']>[number] }) {
  const [confirming, setConfirming] = useState(false);
  const split = useSplitFromStory();
  return (
    <>
      <Button onClick={() => setConfirming(true)} ariaLabel={`Split ${report.title} from this story`}>
        Split from this story
      </Button>
      <Modal
        visible={confirming}
        onDismiss={() => setConfirming(false)}
        header="Split from this story?"
        closeAriaLabel="Cancel the split"
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={() => setConfirming(false)}>Cancel</Button>
              <Button variant="primary" loading={split.isPending} onClick={() => split.mutate(report.articleId, { onSuccess: () => setConfirming(false) })}>
                Split
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        <SpaceBetween size="s">
          <Box>
            “{report.title}” ({report.sourceName}) becomes a story of its own: readers see it as a card, and later runs of the ingest keep it apart from this story.
          </Box>
          {split.isError && <Alert type="error">{errorText(split.error, 'The split failed')}</Alert>}
        </SpaceBetween>
      </Modal>
    </>
  );
}

/** One later report and why it was joined to this first report (the ingest's stored reason, or the moderator who joined it). */
function LaterReport({ report }: { report: NonNullable<ArticleDetail['alsoCoveredBy']>[number] }) {
  const joined = useArticle(report.articleId);
  const reason = joined.data?.clusterReason;
  return (
    <Box>
      <SpaceBetween direction="horizontal" size="s" alignItems="center">
        <Box variant="h4">
          <Link external href={report.sourceUrl}>
            {report.title}
          </Link>{' '}
          ({report.sourceName})
        </Box>
        <SplitButton report={report} />
      </SpaceBetween>
      {joined.isPending ? (
        <Spinner />
      ) : reason ? (
        <JoinReasonPairs reason={reason} />
      ) : joined.data?.clusterJoinedBy ? (
        <Box color="text-status-inactive">Joined by a moderator ({joined.data.clusterJoinedBy}).</Box>
      ) : (
        <Box color="text-status-inactive">No reason was stored: the report was joined before the ingest kept one.</Box>
      )}
    </Box>
  );
}

/** A moderator's "same event": this story (with no later reports of its own) becomes a later report of another story's first report. */
function JoinToStory({ article }: { article: ArticleDetail }) {
  const [storyId, setStoryId] = useState('');
  const join = useJoinToStory();
  return (
    <SpaceBetween size="xs">
      <Box variant="h3">Join to another story</Box>
      <FormField label="The other story's id" description="Its first report's id (the id in its detail). This article is then listed under it, not as a card of its own.">
        <SpaceBetween direction="horizontal" size="xs">
          <Input value={storyId} onChange={({ detail }) => setStoryId(detail.value)} ariaLabel="Story id to join" placeholder="Story id" />
          <Button disabled={!storyId.trim()} loading={join.isPending} onClick={() => join.mutate({ id: article.id, storyId: storyId.trim() }, { onSuccess: () => setStoryId('') })}>
            Join to another story
          </Button>
        </SpaceBetween>
      </FormField>
      {join.isError && <Alert type="error">{errorText(join.error, 'The join failed')}</Alert>}
    </SpaceBetween>
  );
}

/**
 * The later reports of other publishers the ingest joined to this first report (readers see them as "also covered
 * by"; the console's list leaves them out), each with why it was joined.
 */
function LaterReports({ reports }: { reports: NonNullable<ArticleDetail['alsoCoveredBy']> }) {
  return (
    <SpaceBetween size="s">
      <Box variant="h3">Same story: {plural(reports.length, 'later report')}</Box>
      {reports.map((report) => (
        <LaterReport key={report.articleId} report={report} />
      ))}
    </SpaceBetween>
  );
}

function DetailBody({ article }: { article: ArticleDetail }) {
  const matches = article.keywordMatches ?? { primary: [], secondary: [], indian: [] };
  return (
    <SpaceBetween size="l">
      {article.isDuplicate && <Alert type="info">This article is marked as a duplicate: it is not counted and never listed.</Alert>}
      <KeyValuePairs
        columns={3}
        items={[
          { label: 'Status', value: <ArticleStatusBadge status={article.status} /> },
          { label: 'Review status', value: article.adminStatus.replace(/_/g, ' ') },
          { label: 'Category', value: CATEGORY_NAMES[article.category] ?? article.category },
          {
            label: 'Source',
            value: article.sourceUrl ? (
              <Link external href={article.sourceUrl}>
                {article.sourceName}
              </Link>
            ) : (
              dash(article.sourceName)
            ),
          },
          { label: 'Author', value: dash(article.author) },
          { label: 'Views', value: formatCount(article.viewsCount ?? 0) },
        ]}
      />
      <Box variant="h3">ML scores</Box>
      <KeyValuePairs
        columns={3}
        items={[
          {
            label: 'ML confidence',
            value: (
              <ProgressBar
                value={article.mlConfidencePercent}
                additionalInfo={`${confidenceBucket(article.mlConfidencePercent)} confidence${article.mlConfidenceScore === 0 ? ' (0 marks a failed classification)' : ''}`}
                ariaLabel="ML confidence"
              />
            ),
          },
          { label: 'Relevance score', value: `${article.relevanceScore}${article.relevanceScore === 30 ? ' (default: not yet scored)' : ''}` },
          { label: 'ML relevance', value: dash(article.mlRelevanceScore) },
          { label: 'Quality score', value: dash(article.qualityScore) },
          { label: 'India relevance', value: dash(article.indiaRelevance) },
          { label: 'Review priority', value: dash(article.reviewPriority) },
        ]}
      />
      <KeyValuePairs
        columns={2}
        items={[
          { label: 'Primary keywords', value: <Words words={matches.primary} color="blue" /> },
          { label: 'Secondary keywords', value: <Words words={matches.secondary} /> },
          { label: 'Indian keywords', value: <Words words={matches.indian} color="green" /> },
          { label: 'Blocklist flags', value: <Words words={article.blocklistFlags} color="red" /> },
        ]}
      />
      <Box variant="h3">Source attribution</Box>
      <KeyValuePairs
        columns={3}
        items={[
          { label: 'Feed', value: dash(article.sourceAttribution?.feedTitle ?? article.feedId) },
          { label: 'Feed author', value: dash(article.sourceAttribution?.author) },
          { label: 'Rights', value: dash(article.sourceAttribution?.rights) },
        ]}
      />
      <KeyValuePairs
        columns={3}
        items={[
          { label: 'Created', value: formatDateTime(article.createdAt) },
          { label: 'Updated', value: formatDateTime(article.updatedAt) },
          { label: 'Originally published', value: formatDateTime(article.originalPublishedAt) },
          { label: 'Published', value: formatDateTime(article.publishedAt) },
          { label: 'Archived', value: formatDateTime(article.archivedAt) },
          { label: 'Purged', value: formatDateTime(article.purgedAt) },
          ...(article.rejectionReason ? [{ label: 'Rejection reason', value: article.rejectionReason }] : []),
        ]}
      />
      {article.alsoCoveredBy && article.alsoCoveredBy.length > 0 && <LaterReports reports={article.alsoCoveredBy} />}
      {!article.isDuplicate && !article.alsoCoveredBy?.length && article.status !== 'purged' && <JoinToStory article={article} />}
      <KeyValuePairs
        columns={1}
        items={[
          { label: 'Summary', value: article.summary || '—' },
          { label: 'Topics', value: <Words words={(article.topics ?? []).map((topic) => topic.name)} color="green" /> },
          { label: 'Tags', value: <Words words={article.tags} /> },
        ]}
      />
    </SpaceBetween>
  );
}

/** The detail dialog: the whole article from the server, ML scores included. */
export function ArticleDetailModal({ id, canEdit, onClose, onEdit }: { id: string | null; canEdit: boolean; onClose(): void; onEdit(id: string): void }) {
  const article = useArticle(id);
  return (
    <Modal
      visible={Boolean(id)}
      onDismiss={onClose}
      size="large"
      header={article.data?.title || (article.data ? 'Purged article (hash-only record)' : 'Article details')}
      closeAriaLabel="Close details"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button onClick={onClose}>Close</Button>
            {canEdit && article.data && article.data.status !== 'purged' && (
              <Button variant="primary" onClick={() => onEdit(article.data.id)}>
                Edit
              </Button>
            )}
          </SpaceBetween>
        </Box>
      }
    >
      {article.isPending ? (
        <Spinner size="large" />
      ) : article.isError ? (
        <Alert type="error" header="Could not load the article" action={<Button onClick={() => void article.refetch()}>Retry</Button>}>
          {errorText(article.error, 'Failed to load the article')}
        </Alert>
      ) : article.data ? (
        <DetailBody article={article.data} />
      ) : null}
    </Modal>
  );
}
