import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Spinner from '@cloudscape-design/components/spinner';
import { ARTICLE_STATUSES } from '#domain/article-status.ts';
import type { AdminPing } from './api.ts';

/** Articles by status, as the server counts them; nothing here is computed in the browser. */
export function StatusOverview({ data, loading, error }: { data: AdminPing | null; loading: boolean; error: string | null }) {
  if (error) return <Alert type="error" header="Metrics Error">{error}</Alert>;
  return (
    <Container header={<Header variant="h2" description="Kept up to date by every status change">Articles by status</Header>}>
      {loading || !data ? (
        <Spinner size="large" />
      ) : (
        <ColumnLayout columns={ARTICLE_STATUSES.length} variant="text-grid">
          {ARTICLE_STATUSES.map((status) => (
            <div key={status}>
              <Box variant="awsui-key-label">{status[0]?.toUpperCase() + status.slice(1)}</Box>
              <Box variant="awsui-value-large" data-testid={`count-${status}`}>
                {data.articlesByStatus[status] ?? 0}
              </Box>
            </div>
          ))}
        </ColumnLayout>
      )}
    </Container>
  );
}
