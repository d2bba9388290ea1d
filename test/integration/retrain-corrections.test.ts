import { DescribeExecutionCommand, ListStateMachinesCommand, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { beforeAll, describe, expect, it } from 'vitest';
import { local, signedInUser, useLocalAws } from '../support/aws.ts';
import { testArticle } from '../support/articles.ts';

/** Moderators' corrections in the review queue, through the local gateway and the retrain state machine. */
let moderatorToken: string;

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${local().urls.api}${path}`, {
    method,
    headers: { authorization: `Bearer ${moderatorToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function runRetrain() {
  const sfn = new SFNClient({});
  const { stateMachines = [] } = await sfn.send(new ListStateMachinesCommand({}));
  const arn = stateMachines.find((machine) => machine.name === 'retrain')!.stateMachineArn!;
  const { executionArn } = await sfn.send(new StartExecutionCommand({ stateMachineArn: arn, input: JSON.stringify({ trigger: 'test' }) }));
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const execution = await sfn.send(new DescribeExecutionCommand({ executionArn }));
    if (execution.status !== 'RUNNING') return { status: execution.status, result: JSON.parse(execution.output ?? '{}') as { reviewLabels: number; trainedOn: number } };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('retrain did not finish in 60 s');
}

const drafts = {
  // The model is sure it is on topic and of its category: the least to learn.
  sure: testArticle({ title: 'Creator payouts rise on a video platform', summary: 'Payouts to creators rose.', status: 'draft', adminStatus: 'pending_review', relevanceScore: 69, mlConfidenceScore: 0.95, reviewPriority: 'MEDIUM' }),
  // On topic but torn between categories.
  doubtfulCategory: testArticle({ title: 'Instagram adds an AI editing app for Reels creators', summary: 'A new app edits Reels.', status: 'draft', adminStatus: 'pending_review', relevanceScore: 66, mlConfidenceScore: 0.35, reviewPriority: 'MEDIUM' }),
  // A coin toss whether it is on topic at all.
  doubtfulTopic: testArticle({ title: 'Brands double creator budgets for the festive season', summary: 'Brands spend more on creators.', status: 'draft', adminStatus: 'pending_review', relevanceScore: 51, mlConfidenceScore: 0.5, reviewPriority: 'MEDIUM' }),
};

beforeAll(async () => {
  useLocalAws();
  moderatorToken = (await signedInUser(['moderator'])).idToken;
  const { createArticle } = await import('#store/articles.ts');
  const { reviewSortKey } = await import('#domain/content/article-status.ts');
  for (const draft of Object.values(drafts)) await createArticle({ ...draft, reviewSort: reviewSortKey('MEDIUM', draft.relevanceScore!, draft.mlConfidenceScore!) });
});

describe('moderators teach the retrain', () => {
  it('queues the articles the model is least sure of first, within a priority', async () => {
    const queue = (await call('GET', '/admin/review?limit=100')).body.items as Array<{ id: string }>;
    const ours = queue.map((item) => item.id).filter((id) => Object.values(drafts).some((draft) => draft.id === id));
    expect(ours).toEqual([drafts.doubtfulTopic.id, drafts.doubtfulCategory.id, drafts.sure.id]);
  });

  it('learns two category corrections and a rejection as labelled rows of the next retrain', async () => {
    expect((await call('POST', `/admin/review/${drafts.doubtfulCategory.id}/approve`, { category: 'tools-technology' })).status).toBe(200);
    expect((await call('POST', `/admin/review/${drafts.doubtfulTopic.id}/approve`, { category: 'brand-partnerships' })).status).toBe(200);
    expect((await call('POST', `/admin/review/${drafts.sure.id}/reject`, { reason: 'off_topic' })).status).toBe(200);

    const run = await runRetrain();
    expect(run.status).toBe('SUCCEEDED');
    expect(run.result.reviewLabels).toBeGreaterThanOrEqual(3);
    const { retrainingRows } = await import('../../lambdas/pipeline/retrain.handler.ts');
    const { examples, reviewLabels } = await retrainingRows();
    expect(run.result.trainedOn).toBe(examples.length);
    expect(reviewLabels).toBe(run.result.reviewLabels);
    const labelOf = (draft: { title: string }) => examples.filter((example) => example.title.startsWith(draft.title)).map((example) => example.label);
    expect(labelOf(drafts.doubtfulCategory)).toEqual(['tools-technology']);
    expect(labelOf(drafts.doubtfulTopic)).toEqual(['brand-partnerships']);
    expect(labelOf(drafts.sure)).toEqual(['off-topic']);
  }, 120_000);
});
