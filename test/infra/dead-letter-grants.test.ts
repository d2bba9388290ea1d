import { TEST_STACK_PROPS } from '../support/stack.ts';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { CreatorNewsHubStack } from '../../lib/app-stack.ts';
import { DEAD_LETTERS_ENVIRONMENT, stack as description } from '../../lib/stack-description.ts';

type Statement = { Action: string | string[]; Resource: unknown };
type Resource = { Type: string; Properties: Record<string, unknown> };

const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
const template = Template.fromStack(new CreatorNewsHubStack(app, 'DeadLetters', TEST_STACK_PROPS));
const functions = Object.entries(template.findResources('AWS::Lambda::Function')) as Array<[string, Resource]>;
const functionId = (name: string) => functions.find(([id]) => id.startsWith(`Fn${name.replace(/-/g, '')}Function`))?.[0] ?? '';
const queueId = (name: string) => Object.keys(template.findResources('AWS::SQS::Queue')).find((id) => id.startsWith(`MonitoringDeadLetters${name.replace(/-/g, '')}`)) ?? '';

function statementsOf(fnName: string): Statement[] {
  const fn = functions.find(([id]) => id === functionId(fnName))?.[1];
  const roleId = (fn?.Properties.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
  // The role's inline policy and any overflow (managed) policy CDK splits off when it grows past IAM's limit.
  return ([...Object.values(template.findResources('AWS::IAM::Policy')), ...Object.values(template.findResources('AWS::IAM::ManagedPolicy'))] as Resource[])
    .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(roleId))
    .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
}
const actions = (statement: Statement) => [statement.Action].flat();
const redrivers = description.functions.filter((fn) => fn.access.deadLetters === 'redrive');

describe('the dead-letter redrive', () => {
  it('is described for the operations function, over every consumer\'s queue', () => {
    expect(redrivers.map((fn) => fn.name)).toEqual(['admin-operations']);
    expect(description.deadLetterQueues.map((queue) => queue.name).sort()).toEqual([...description.streamConsumers.map((consumer) => consumer.onError.deadLetterQueue), description.mailEvents.deadLetterQueue].sort());
  });

  it('may receive, delete and count the messages of each described queue, and nothing more on them', () => {
    const statements = statementsOf('admin-operations');
    for (const queue of description.deadLetterQueues) {
      const onQueue = statements.filter((statement) => JSON.stringify(statement.Resource).includes(queueId(queue.name)));
      expect(onQueue.flatMap(actions).sort(), queue.name).toEqual(['sqs:DeleteMessage', 'sqs:GetQueueAttributes', 'sqs:ReceiveMessage']);
    }
    expect(statements.flatMap(actions).filter((action) => action.startsWith('sqs:')).sort()).toEqual(['sqs:DeleteMessage', 'sqs:GetQueueAttributes', 'sqs:ReceiveMessage']);
  });

  it('may decrypt the mail events queue\'s messages (a customer managed key, for SNS)', () => {
    const decrypt = statementsOf('admin-operations').find((statement) => actions(statement).includes('kms:Decrypt') && JSON.stringify(statement.Resource).includes('MonitoringKey'));
    expect(decrypt).toBeDefined();
  });

  it('may read the table\'s stream back and invoke exactly the consumers the queues name', () => {
    const statements = statementsOf('admin-operations');
    const streamRead = statements.find((statement) => actions(statement).includes('dynamodb:DescribeStream'));
    expect(actions(streamRead as Statement)).toEqual(expect.arrayContaining(['dynamodb:DescribeStream', 'dynamodb:GetShardIterator', 'dynamodb:GetRecords']));
    expect(JSON.stringify(streamRead?.Resource)).toContain('StreamArn');
    const invoked = JSON.stringify(statements.filter((statement) => actions(statement).includes('lambda:InvokeFunction')).map((statement) => statement.Resource));
    const consumers = [...new Set(description.deadLetterQueues.map((queue) => queue.fn))];
    for (const fn of consumers) expect(invoked, fn).toContain(functionId(fn));
    expect(invoked.match(/FnadminoperationsFunction|\*/g)).toBeNull();
  });

  it('passes the queues\' URLs and consumers in the variable the description names', () => {
    const fn = functions.find(([id]) => id === functionId('admin-operations'))?.[1];
    const variables = (fn?.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    const value = JSON.stringify(variables[DEAD_LETTERS_ENVIRONMENT]);
    for (const queue of description.deadLetterQueues) {
      expect(value).toContain(`\\"${queue.name}\\"`);
      expect(value).toContain(queueId(queue.name));
      expect(value).toContain(functionId(queue.fn));
    }
  });

  it('gives no other function the queues', () => {
    for (const fn of description.functions.filter((candidate) => candidate.access.deadLetters !== 'redrive')) {
      const granted = statementsOf(fn.name).flatMap(actions);
      expect(granted, fn.name).not.toContain('sqs:ReceiveMessage');
      expect(granted, fn.name).not.toContain('lambda:InvokeFunction');
    }
  });

  it('gives the mail events function the described asynchronous retries, failures to its queue', () => {
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: functionId(description.mailEvents.fn) },
      MaximumRetryAttempts: description.mailEvents.retryAttempts,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId(description.mailEvents.deadLetterQueue), 'Arn'] } } },
    });
  });
});
