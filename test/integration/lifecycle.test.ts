import {
  DescribeExecutionCommand,
  GetExecutionHistoryCommand,
  ListExecutionsCommand,
  ListStateMachinesCommand,
  SFNClient,
  StartExecutionCommand,
} from '@aws-sdk/client-sfn';
import { beforeAll, describe, expect, it } from 'vitest';
import { testArticle } from '../support/articles.ts';
import { useLocalAws } from '../support/aws.ts';

type Articles = typeof import('#store/articles.ts');
let articles: Articles;
let sfn: SFNClient;

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

beforeAll(async () => {
  // The runtime's own table: the state machine runs inside the local runtime, on its data.
  useLocalAws();
  articles = await import('#store/articles.ts');
  sfn = new SFNClient({});
});

async function runToEnd(stateMachineArn: string, input: unknown) {
  const { executionArn } = await sfn.send(new StartExecutionCommand({ stateMachineArn, input: JSON.stringify(input) }));
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const execution = await sfn.send(new DescribeExecutionCommand({ executionArn }));
    if (execution.status !== 'RUNNING') return execution;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('execution did not finish in 10 s');
}

describe('the lifecycle state machine, through the Step Functions API', () => {
  it('archives rejected articles after 48 h, purges archived ones after 30 days, keeps their hashes, and records the run', async () => {
    const rejectedLongAgo = testArticle({ status: 'rejected' });
    const rejectedYesterday = testArticle({ status: 'rejected' });
    const archivedLongAgo = testArticle({ status: 'archived', imageUrl: 'https://example.com/i.png', author: 'A. Writer' });
    await articles.createArticle(rejectedLongAgo, { at: ago(3 * DAY) });
    await articles.createArticle(rejectedYesterday, { at: ago(1 * DAY) });
    await articles.createArticle(archivedLongAgo, { at: ago(31 * DAY) });

    const { stateMachines } = await sfn.send(new ListStateMachinesCommand({}));
    const lifecycle = stateMachines?.find((machine) => machine.name === 'lifecycle');
    expect(lifecycle?.stateMachineArn).toBeTruthy();

    const { lifecycleAnalytics } = await import('../../lambdas/services/lifecycle-analytics.ts');
    const before = await lifecycleAnalytics();
    expect(before.pendingArchive).toBeGreaterThanOrEqual(1);
    expect(before.pendingPurge).toBeGreaterThanOrEqual(1);

    const execution = await runToEnd(lifecycle!.stateMachineArn!, { trigger: 'manual' });
    expect(execution.status).toBe('SUCCEEDED');
    const output = JSON.parse(execution.output ?? '{}') as { archivedCount: number; purgedCount: number; storageSavedMb: number };
    expect(output.archivedCount).toBeGreaterThanOrEqual(1);
    expect(output.purgedCount).toBeGreaterThanOrEqual(1);

    expect((await articles.getArticle(rejectedLongAgo.id))?.status).toBe('archived');
    expect((await articles.getArticle(rejectedYesterday.id))?.status).toBe('rejected');
    const purged = await articles.getArticle(archivedLongAgo.id);
    expect(purged).toMatchObject({ status: 'purged', title: '', content: '', summary: '' });
    expect(purged?.imageUrl).toBeUndefined();
    expect(purged?.author).toBeUndefined();
    expect(purged?.purgedAt).toBeTruthy();

    // The purged story can never come back from a feed.
    expect(await articles.isKnownHash('url', archivedLongAgo.urlHash)).toBe(true);
    expect(await articles.createArticle(testArticle({ sourceUrl: archivedLongAgo.sourceUrl }))).toEqual({ created: false, reason: 'duplicate' });

    const after = await lifecycleAnalytics();
    expect(after).toMatchObject({ pendingArchive: 0, pendingPurge: 0 });
    expect(after.archivedLast24h).toBeGreaterThanOrEqual(1);
    expect(after.purgedLast7d).toBeGreaterThanOrEqual(1);
    expect(after.totalPurged - before.totalPurged).toBe(output.purgedCount);
    expect(after.estimatedStorageSavedMb).toBeCloseTo(after.totalPurged * 0.01, 5);
    expect(after.lastRun).toMatchObject({ archivedCount: output.archivedCount, purgedCount: output.purgedCount });

    // A second run right after finds nothing new to do.
    const again = await runToEnd(lifecycle!.stateMachineArn!, { trigger: 'manual' });
    expect(JSON.parse(again.output ?? '{}')).toMatchObject({ archivedCount: 0, purgedCount: 0 });

    const { latestPipelineRuns } = await import('#store/pipeline-runs.ts');
    const [lastRun] = await latestPipelineRuns('lifecycle', 1);
    expect(lastRun).toMatchObject({ status: 'succeeded', trigger: 'manual', stats: { archivedCount: 0, purgedCount: 0 } });
  });

  it('lists executions and their history as Step Functions does', async () => {
    const { stateMachines } = await sfn.send(new ListStateMachinesCommand({}));
    const arn = stateMachines!.find((machine) => machine.name === 'lifecycle')!.stateMachineArn!;
    const execution = await runToEnd(arn, {});
    const { executions } = await sfn.send(new ListExecutionsCommand({ stateMachineArn: arn }));
    expect(executions?.[0]?.executionArn).toBe(execution.executionArn);
    expect(executions?.[0]?.startDate).toBeInstanceOf(Date);

    const { events } = await sfn.send(new GetExecutionHistoryCommand({ executionArn: execution.executionArn }));
    const types = events?.map((event) => event.type) ?? [];
    expect(types[0]).toBe('ExecutionStarted');
    expect(types.at(-1)).toBe('ExecutionSucceeded');
    expect(types).toContain('TaskStateEntered');
    const entered = events?.filter((event) => event.type === 'TaskStateEntered').map((event) => event.stateEnteredEventDetails?.name);
    expect(entered).toEqual(['ArchiveBatch', 'PurgeBatch', 'SaveSearchSnapshot', 'RecordRun']);
  });

  it('answers unknown executions as Step Functions does', async () => {
    await expect(sfn.send(new DescribeExecutionCommand({ executionArn: 'arn:aws:states:ap-south-1:000000000000:execution:nope:nope' }))).rejects.toMatchObject({
      name: 'ExecutionDoesNotExist',
    });
  });
});
