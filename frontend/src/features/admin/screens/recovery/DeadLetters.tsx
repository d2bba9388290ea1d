import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Table from '@cloudscape-design/components/table';
import { formatCount } from '../../shell/format.ts';
import type { RecoveryData, RecoveryRun } from './api.ts';

type Queue = RecoveryData['deadLetters'][number];
type Tried = NonNullable<NonNullable<RecoveryRun['details']>['deadLetters']>[number];

const SOURCE_TEXT: Record<Queue['source'], string> = { stream: 'Table stream', 'mail-events': 'Mail events (SNS)' };

/**
 * The dead-letter queues as the server counted them, one row each, and the messages the latest redrive tried
 * (a message that failed again stays, with how often it has been received).
 */
export function DeadLetters({ queues, lastRedrive }: { queues: readonly Queue[]; lastRedrive: readonly Tried[] | null }) {
  const waiting = queues.reduce((sum, queue) => sum + (queue.waiting ?? 0), 0);
  const stayed = (lastRedrive ?? []).filter((tried) => tried.result === 'failed');
  return (
    <Container header={<Header variant="h2" counter={`(${formatCount(waiting)})`} description="Work an asynchronous consumer gave up on after its retries, kept 14 days. Redrive dead letters (above) hands it back.">Dead letters</Header>}>
      <Table
        variant="embedded"
        items={[...queues]}
        trackBy="queue"
        data-testid="dead-letter-queues"
        columnDefinitions={[
          { id: 'queue', header: 'Queue', cell: (item) => item.queue, isRowHeader: true },
          { id: 'source', header: 'From', cell: (item) => SOURCE_TEXT[item.source] },
          { id: 'fn', header: 'Function', cell: (item) => item.fn },
          { id: 'waiting', header: 'Waiting', cell: (item) => <span data-testid={`dead-letters-${item.queue}`}>{item.waiting === null ? 'Could not be counted' : formatCount(item.waiting)}</span> },
        ]}
        empty={<Box textAlign="center">No dead-letter queue is described</Box>}
      />
      {waiting === 0 && queues.length > 0 && (
        <Box margin={{ top: 's' }} data-testid="dead-letters-empty" color="text-status-success">
          No dead letters: every consumer has taken its work.
        </Box>
      )}
      {stayed.length > 0 && (
        <Box margin={{ top: 's' }} data-testid="dead-letters-stayed">
          <Box variant="h3" tagOverride="h3">Failed again in the latest redrive</Box>
          <ul>
            {stayed.map((tried) => (
              <li key={`${tried.queue}-${tried.messageId}`}>
                {tried.queue}: received {formatCount(tried.receiveCount)} times; {tried.error ?? 'failed'}
              </li>
            ))}
          </ul>
        </Box>
      )}
    </Container>
  );
}
