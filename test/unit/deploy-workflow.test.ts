import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// The `yaml` package is in node_modules through vite and asl-validator (not a direct dependency).
import { parse } from 'yaml';
import { readDeployConfig, stackNames } from '../../lib/deploy-config.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const workflowFile = path.join(root, '.github', 'workflows', 'deploy.yml');

type Step = { uses?: string; run?: string; with?: Record<string, unknown>; env?: Record<string, string>; name?: string };
type Job = { needs?: string | string[]; environment?: string; permissions?: Record<string, string>; env?: Record<string, string>; steps: Step[] };
type Workflow = { on: { push: { branches: string[] } }; permissions: Record<string, string>; jobs: Record<string, Job> };

const workflow = parse(readFileSync(workflowFile, 'utf8')) as Workflow;

/** The context the workflow's script makes from a job's variables, as the record `cdk -c` gives the app. */
function contextFrom(variables: Record<string, string>): Record<string, string> {
  const line = execFileSync('bash', [path.join(root, '.github', 'cdk-context.sh')], { env: { PATH: process.env.PATH, ...variables }, encoding: 'utf8' }).trim();
  expect(line).toMatch(/^CDK_CONTEXT=/);
  const flags = line.slice('CDK_CONTEXT='.length).split(' ').filter(Boolean);
  const context: Record<string, string> = {};
  for (let index = 0; index < flags.length; index += 2) {
    expect(flags[index]).toBe('-c');
    const [key, ...value] = (flags[index + 1] as string).split('=');
    context[key as string] = value.join('=');
  }
  return context;
}

describe('the deploy workflow (.github/workflows/deploy.yml)', () => {
  it('parses, runs on pushes to main, and orders test, staging, production', () => {
    expect(workflow.on.push.branches).toEqual(['main']);
    expect(workflow.permissions).toEqual({ contents: 'read' });
    expect(Object.keys(workflow.jobs)).toEqual(['test', 'staging', 'production']);
    expect(workflow.jobs.staging?.needs).toBe('test');
    expect(workflow.jobs.production?.needs).toBe('staging');
  });

  it('pins every action to a major version', () => {
    const uses = Object.values(workflow.jobs).flatMap((job) => job.steps.flatMap((step) => (step.uses ? [step.uses] : [])));
    expect(uses.length).toBeGreaterThan(0);
    for (const action of uses) expect(action).toMatch(/^[\w-]+\/[\w-]+@v\d+$/);
  });

  it('tests as .ci/run does: Node 22, Java 17 for DynamoDB Local, a Chromium for the browser tests, then npm test', () => {
    const { steps } = workflow.jobs.test as Job;
    expect(steps.find((step) => step.uses?.startsWith('actions/setup-node@'))?.with?.['node-version']).toBe(22);
    expect(steps.find((step) => step.uses?.startsWith('actions/setup-java@'))?.with?.['java-version']).toBe('17');
    const test = steps.find((step) => step.run === 'npm test');
    expect(test?.env?.CHROMIUM_PATH).toBeTruthy();
  });

  for (const [jobName, stage] of [['staging', 'staging'], ['production', '']] as const) {
    it(`${jobName}: assumes the deploy role by OIDC, diffs, deploys every stack, then smoke-tests the SiteUrl of ${stackNames(stage || undefined).main}`, () => {
      const job = workflow.jobs[jobName] as Job;
      expect(job.environment).toBe(jobName);
      expect(job.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
      expect(job.env?.STAGE).toBe(stage);
      const runs = job.steps.map((step) => step.run ?? step.uses ?? '');
      const credentials = job.steps.find((step) => step.uses?.startsWith('aws-actions/configure-aws-credentials@'));
      expect(credentials?.with?.['role-to-assume']).toBe('${{ vars.AWS_DEPLOY_ROLE_ARN }}');
      const at = (pattern: RegExp) => runs.findIndex((run) => pattern.test(run));
      const order = [/configure-aws-credentials/, /cdk-context\.sh/, /^npx cdk diff --all \$CDK_CONTEXT$/, /^npx cdk deploy --all --require-approval never .*\$CDK_CONTEXT$/, /^npm run smoke -- /].map(at);
      expect(order.every((index) => index >= 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      expect(runs[order[4] as number]).toContain(`o['${stackNames(stage || undefined).main}'].SiteUrl`);
    });
  }

  it('turns the variables into context the app accepts, the stage naming the stacks', () => {
    const variables = { STAGE: 'staging', DOMAIN_NAME: 'staging.news.example.com', HOSTED_ZONE_NAME: 'example.com', MAIL_DOMAIN: 'staging.example.com', ALARM_EMAIL: 'ops@example.com', MONTHLY_BUDGET_USD: '20', REGION: '', ADMIN_EMAIL: '' };
    const context = contextFrom(variables);
    expect(context).toEqual({ stage: 'staging', domainName: 'staging.news.example.com', hostedZoneName: 'example.com', mailDomain: 'staging.example.com', alarmEmail: 'ops@example.com', monthlyBudgetUsd: '20' });
    const config = readDeployConfig((key) => context[key]);
    expect(stackNames(config.stage)).toEqual({ main: 'CreatorNewsHub-staging', mail: 'CreatorNewsHub-staging-Mail', mailReady: 'CreatorNewsHub-staging-MailReady', edge: 'CreatorNewsHub-staging-Edge' });
    expect(contextFrom({ ...variables, STAGE: '' }).stage).toBeUndefined();
    // A value with a space would be split where the workflow uses the flags: refused.
    expect(() => contextFrom({ ...variables, ALARM_EMAIL: 'ops@example.com -c region=x' })).toThrow();
  });
});
