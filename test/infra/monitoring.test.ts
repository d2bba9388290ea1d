import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALARM_THRESHOLDS, Monitoring } from '../../lib/constructs/monitoring.ts';
import { retryProfileOf, stack as description } from '../../lib/stack-description.ts';
import { DEPENDENCIES, DEPENDENCY_METRIC } from '../../lambdas/core/dependency-failures.ts';
import { ALARM_RULES } from '../../lambdas/domain/operations/operations.ts';
import { TEST_STACK_PROPS } from '../support/stack.ts';
import { resourcesOf, synth, type Resource } from './stack-template.ts';

/** Alarms that reach a person: the topic and its key, every alarm, the dead-letter queues, the budget, the dashboard. */

type MetricStat = { Metric: { MetricName: string; Namespace: string; Dimensions?: Array<{ Name: string; Value: unknown }> }; Period: number; Stat: string };
type AlarmProperties = {
  AlarmName: string;
  AlarmActions: unknown[];
  Threshold: number;
  ComparisonOperator: string;
  EvaluationPeriods: number;
  DatapointsToAlarm: number;
  Metrics: Array<{ Id: string; Expression?: string; MetricStat?: MetricStat }>;
};

let template: Template;
beforeAll(() => {
  // GIVEN the stack from its description, with the test owner's address and a 50 USD budget
  template = synth();
});

const alarms = (): AlarmProperties[] => resourcesOf(template, 'AWS::CloudWatch::Alarm').map(([, alarm]) => alarm.Properties as unknown as AlarmProperties);
const alarmNamed = (suffix: string): AlarmProperties => {
  const found = alarms().filter((alarm) => alarm.AlarmName === `Test-${suffix}`);
  expect(found, suffix).toHaveLength(1);
  return found[0] as AlarmProperties;
};
/** The metrics an alarm reads (a math alarm's inputs too). */
const metricsOf = (alarm: AlarmProperties): MetricStat[] => alarm.Metrics.flatMap((metric) => (metric.MetricStat ? [metric.MetricStat] : []));
const dimension = (stat: MetricStat, name: string): unknown => stat.Metric.Dimensions?.find((candidate) => candidate.Name === name)?.Value;
const logicalIdOf = (template: Template, type: string, prefix: string): string => {
  const ids = resourcesOf(template, type).map(([id]) => id).filter((id) => id.startsWith(prefix));
  expect(ids, prefix).toHaveLength(1);
  return ids[0] as string;
};

describe('the alarm topic', () => {
  it('mails the configured address, under a rotating customer managed key that CloudWatch may use, over TLS only', () => {
    // WHEN the topic's resources are read
    const topicId = logicalIdOf(template, 'AWS::SNS::Topic', 'MonitoringAlarms');
    const [, topic] = resourcesOf(template, 'AWS::SNS::Topic').find(([id]) => id === topicId) as [string, Resource];
    const keyId = (topic.Properties.KmsMasterKeyId as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const [, key] = resourcesOf(template, 'AWS::KMS::Key').find(([id]) => id === keyId) as [string, Resource];
    // THEN an e-mail subscription to the owner's address
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: TEST_STACK_PROPS.alarmEmail, TopicArn: { Ref: topicId } });
    // AND a customer managed key (not alias/aws/sns) with rotation, whose policy lets CloudWatch encrypt for the topic
    expect(key.Properties.EnableKeyRotation).toBe(true);
    const statements = (key.Properties.KeyPolicy as { Statement: Array<{ Principal?: { Service?: string }; Action: string | string[]; Effect: string }> }).Statement;
    const cloudWatch = statements.find((statement) => statement.Principal?.Service === 'cloudwatch.amazonaws.com');
    expect(cloudWatch?.Effect).toBe('Allow');
    expect([cloudWatch?.Action].flat().sort()).toEqual(['kms:Decrypt', 'kms:GenerateDataKey*']);
    // AND publishing without TLS is refused
    const [, topicPolicy] = resourcesOf(template, 'AWS::SNS::TopicPolicy').find(([, policy]) => JSON.stringify(policy.Properties.Topics).includes(topicId)) ?? [];
    expect(JSON.stringify(topicPolicy?.Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
  });

  it('is the action of every alarm, and every alarm is named after the stack', () => {
    const topicId = logicalIdOf(template, 'AWS::SNS::Topic', 'MonitoringAlarms');
    const all = alarms();
    expect(all.length).toBeGreaterThan(description.functions.length * 2);
    for (const alarm of all) {
      expect(alarm.AlarmActions, alarm.AlarmName).toEqual([{ Ref: topicId }]);
      expect(alarm.AlarmName).toMatch(/^Test-/);
    }
    expect(new Set(all.map((alarm) => alarm.AlarmName)).size).toBe(all.length);
  });
});

describe('the alarms', () => {
  it('alarm on the HTTP API\'s 5xx rate (the 5xx metric\'s average on the $default stage), not its count, once a period has traffic', () => {
    const alarm = alarmNamed('api-5xx-rate');
    const [rate, requests] = [metricsOf(alarm).find((stat) => stat.Stat === 'Average'), metricsOf(alarm).find((stat) => stat.Stat === 'SampleCount')];
    expect(rate?.Metric).toMatchObject({ MetricName: '5xx', Namespace: 'AWS/ApiGateway' });
    expect(dimension(rate as MetricStat, 'ApiId')).toEqual({ Ref: logicalIdOf(template, 'AWS::ApiGatewayV2::Api', 'HttpApi') });
    expect(dimension(rate as MetricStat, 'Stage')).toBe('$default');
    expect(requests?.Metric.MetricName).toBe('5xx');
    expect(alarm.Metrics.find((metric) => metric.Expression)?.Expression).toBe(`IF(sampleCount > ${ALARM_THRESHOLDS.api5xxMinRequests}, metric)`);
    expect(alarm).toMatchObject({ Threshold: 0.05, ComparisonOperator: 'GreaterThanThreshold', DatapointsToAlarm: 2, EvaluationPeriods: 3 });
  });

  it('alarm on each project function\'s Errors and on its Throttles, one of each per function', () => {
    const functionIds = resourcesOf(template, 'AWS::Lambda::Function').map(([id]) => id).filter((id) => id.startsWith('Fn'));
    expect(functionIds).toHaveLength(description.functions.length);
    for (const fnDescription of description.functions) {
      const functionId = functionIds.find((id) => id.startsWith(`Fn${fnDescription.name.replaceAll('-', '')}Function`));
      for (const [metricName, suffix] of [['Errors', 'Errors'], ['Throttles', 'Throttles']] as const) {
        const matching = alarms().filter((alarm) => metricsOf(alarm).some((stat) => stat.Metric.MetricName === metricName && stat.Metric.Namespace === 'AWS/Lambda' && JSON.stringify(dimension(stat, 'FunctionName')) === JSON.stringify({ Ref: functionId })));
        expect(matching, `${fnDescription.name} ${metricName}`).toHaveLength(1);
        expect(matching[0]).toMatchObject({ AlarmName: `Test-fn-${fnDescription.name}-${suffix}`, Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
      }
    }
    // Throttling alarms when it lasts (two periods running), an unhandled error at once.
    expect(alarmNamed('fn-ingest-Throttles')).toMatchObject({ DatapointsToAlarm: 2, EvaluationPeriods: 2 });
    expect(alarmNamed('fn-ingest-Errors')).toMatchObject({ DatapointsToAlarm: 1, EvaluationPeriods: 1 });
  });

  it('alarm on every state machine\'s failed, timed-out and aborted executions', () => {
    const machineIds = resourcesOf(template, 'AWS::StepFunctions::StateMachine').map(([id]) => id);
    expect(machineIds).toHaveLength(description.stateMachines.length);
    for (const machine of description.stateMachines) {
      const machineId = machineIds.find((id) => id.startsWith(`PipelineStateMachine${machine.name}`));
      for (const [metricName, suffix] of [['ExecutionsFailed', 'Failed'], ['ExecutionsTimedOut', 'TimedOut'], ['ExecutionsAborted', 'Aborted']]) {
        const alarm = alarmNamed(`sfn-${machine.name}-${suffix}`);
        const [stat] = metricsOf(alarm);
        expect(stat?.Metric).toMatchObject({ MetricName: metricName, Namespace: 'AWS/States' });
        expect(dimension(stat as MetricStat, 'StateMachineArn')).toEqual({ Ref: machineId });
        expect(alarm).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
      }
    }
  });

  it('alarm on throttled reads and writes of the table and of each of its indexes', () => {
    const tableId = logicalIdOf(template, 'AWS::DynamoDB::GlobalTable', 'DataTable');
    for (const scope of [undefined, ...description.table.indexes.map((index) => index.name)]) {
      for (const kind of ['Read', 'Write']) {
        const alarm = alarmNamed(`table-${scope ? `${scope}-` : ''}${kind}Throttles`);
        const [stat] = metricsOf(alarm);
        expect(stat?.Metric).toMatchObject({ MetricName: `${kind}ThrottleEvents`, Namespace: 'AWS/DynamoDB' });
        expect(dimension(stat as MetricStat, 'TableName')).toEqual({ Ref: tableId });
        expect(dimension(stat as MetricStat, 'GlobalSecondaryIndexName')).toBe(scope);
        expect(alarm).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
      }
    }
  });

  it('alarm on the SES account\'s bounce and complaint rates below the levels AWS reviews an account at (5 %, 0.1 %)', () => {
    for (const [suffix, metricName, threshold, reviewLevel] of [['ses-BounceRate', 'Reputation.BounceRate', 0.04, 0.05], ['ses-ComplaintRate', 'Reputation.ComplaintRate', 0.0008, 0.001]] as const) {
      const alarm = alarmNamed(suffix);
      const [stat] = metricsOf(alarm);
      // The account's own rate, as AWS reviews it: no dimension.
      expect(stat).toMatchObject({ Metric: { MetricName: metricName, Namespace: 'AWS/SES' }, Stat: 'Maximum', Period: 3600 });
      expect(stat?.Metric.Dimensions).toBeUndefined();
      expect(alarm).toMatchObject({ Threshold: threshold, ComparisonOperator: 'GreaterThanThreshold' });
      expect(alarm.Threshold).toBeLessThan(reviewLevel);
    }
  });
});

describe('dead-letter destinations', () => {
  /** The depth alarm of the queue with this logical id. */
  function depthAlarmOf(queueId: string): AlarmProperties {
    const matching = alarms().filter((alarm) => metricsOf(alarm).some((stat) => stat.Metric.MetricName === 'ApproximateNumberOfMessagesVisible' && stat.Metric.Namespace === 'AWS/SQS' && JSON.stringify(dimension(stat, 'QueueName')) === JSON.stringify({ 'Fn::GetAtt': [queueId, 'QueueName'] })));
    expect(matching, queueId).toHaveLength(1);
    expect(matching[0]).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
    return matching[0] as AlarmProperties;
  }
  /** An encrypted queue that keeps messages 14 days and refuses calls without TLS. */
  function expectKeptAndEncrypted(queueId: string): Resource {
    const [, queue] = resourcesOf(template, 'AWS::SQS::Queue').find(([id]) => id === queueId) ?? [];
    expect(queue?.Properties.MessageRetentionPeriod, queueId).toBe(14 * 24 * 3600);
    expect(Boolean(queue?.Properties.SqsManagedSseEnabled || queue?.Properties.KmsMasterKeyId), queueId).toBe(true);
    const [, policy] = resourcesOf(template, 'AWS::SQS::QueuePolicy').find(([, candidate]) => JSON.stringify(candidate.Properties.Queues) === JSON.stringify([{ Ref: queueId }])) ?? [];
    expect(JSON.stringify(policy?.Properties.PolicyDocument), queueId).toContain('"aws:SecureTransport":"false"');
    return queue as Resource;
  }

  it('give each table stream consumer an on-failure queue that alarms as soon as it holds a message', () => {
    const mappings = resourcesOf(template, 'AWS::Lambda::EventSourceMapping');
    expect(mappings).toHaveLength(description.streamConsumers.length);
    for (const consumer of description.streamConsumers) {
      const [, mapping] = mappings.find(([, candidate]) => JSON.stringify(candidate.Properties.FunctionName).includes(`Fn${consumer.fn.replaceAll('-', '')}Function`)) ?? [];
      expect(mapping?.Properties.MaximumRetryAttempts).toBe(5);
      const destination = (mapping?.Properties.DestinationConfig as { OnFailure: { Destination: { 'Fn::GetAtt': [string, string] } } }).OnFailure.Destination;
      const queueId = destination['Fn::GetAtt'][0];
      expect(queueId).toMatch(new RegExp(`^MonitoringDeadLettersstream${consumer.name.replaceAll('-', '')}`));
      expectKeptAndEncrypted(queueId);
      expect(depthAlarmOf(queueId).AlarmName).toBe(`Test-dlq-stream-${consumer.name}-NotEmpty`);
    }
  });

  it('keep the mail events SNS could not deliver, and those Lambda still failed after its retries, in a queue SNS may write to', () => {
    const queueId = logicalIdOf(template, 'AWS::SQS::Queue', 'MonitoringDeadLettersmailevents');
    const mailTopicId = logicalIdOf(template, 'AWS::SNS::Topic', 'MailEvents');
    // THEN the subscription's redrive policy and the function's asynchronous on-failure destination name it
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'lambda', TopicArn: { Ref: mailTopicId }, RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [queueId, 'Arn'] } } });
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { MaximumRetryAttempts: 2, DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } } });
    // AND SNS may send to it, from that topic only
    const [, policy] = resourcesOf(template, 'AWS::SQS::QueuePolicy').find(([, candidate]) => JSON.stringify(candidate.Properties.Queues) === JSON.stringify([{ Ref: queueId }])) ?? [];
    const statements = (policy?.Properties.PolicyDocument as { Statement: Array<{ Principal?: { Service?: string }; Action: string; Condition?: unknown }> }).Statement;
    expect(statements.find((statement) => statement.Principal?.Service === 'sns.amazonaws.com')).toMatchObject({ Action: 'sqs:SendMessage', Condition: { ArnEquals: { 'aws:SourceArn': { Ref: mailTopicId } } } });
    // AND its key is a customer managed key that lets SNS use it (SNS cannot write to a queue under any other)
    const queue = expectKeptAndEncrypted(queueId);
    const keyId = (queue.Properties.KmsMasterKeyId as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const [, key] = resourcesOf(template, 'AWS::KMS::Key').find(([id]) => id === keyId) ?? [];
    const keyStatements = (key?.Properties.KeyPolicy as { Statement: Array<{ Principal?: { Service?: string }; Action: string | string[] }> }).Statement;
    expect([keyStatements.find((statement) => statement.Principal?.Service === 'sns.amazonaws.com')?.Action].flat().sort()).toEqual(['kms:Decrypt', 'kms:GenerateDataKey*']);
    expect(depthAlarmOf(queueId).AlarmName).toBe('Test-dlq-mail-events-NotEmpty');
  });

  it('keep a schedule\'s start of its state machine that still failed after the retries', () => {
    const queueId = logicalIdOf(template, 'AWS::SQS::Queue', 'MonitoringDeadLettersschedules');
    const schedules = resourcesOf(template, 'AWS::Scheduler::Schedule');
    expect(schedules).toHaveLength(description.schedules.length);
    for (const [id, schedule] of schedules) {
      expect((schedule.Properties.Target as { DeadLetterConfig?: unknown }).DeadLetterConfig, id).toEqual({ Arn: { 'Fn::GetAtt': [queueId, 'Arn'] } });
    }
    expectKeptAndEncrypted(queueId);
    expect(depthAlarmOf(queueId).AlarmName).toBe('Test-dlq-schedules-NotEmpty');
  });
});

describe('the budget', () => {
  /** The Monitoring construct alone in a stack, for its budget. */
  function budgetOf(alarmEmail: string, monthlyBudgetUsd: number): Record<string, unknown> {
    const stack = new Stack(new App(), 'Budgeted', { env: { region: 'ap-south-1' } });
    new Monitoring(stack, 'Monitoring', { alarmEmail, monthlyBudgetUsd });
    const budgetsFound = resourcesOf(Template.fromStack(stack), 'AWS::Budgets::Budget');
    expect(budgetsFound).toHaveLength(1);
    return (budgetsFound[0] as [string, Resource])[1].Properties;
  }

  it('is a monthly cost budget of the configured US dollars, mailed to the owner at 80 % and 100 % actual and 100 % forecast', () => {
    // GIVEN the stack with a 50 USD budget; THEN one budget of that amount
    template.resourceCountIs('AWS::Budgets::Budget', 1);
    const [[, budget] = []] = resourcesOf(template, 'AWS::Budgets::Budget');
    expect(budget?.Properties.Budget).toMatchObject({ BudgetType: 'COST', TimeUnit: 'MONTHLY', BudgetLimit: { Amount: TEST_STACK_PROPS.monthlyBudgetUsd, Unit: 'USD' } });
    const notifications = budget?.Properties.NotificationsWithSubscribers as Array<{ Notification: Record<string, unknown>; Subscribers: unknown[] }>;
    expect(notifications.map((entry) => `${String(entry.Notification.NotificationType)} ${String(entry.Notification.ComparisonOperator)} ${String(entry.Notification.Threshold)} ${String(entry.Notification.ThresholdType)}`).sort()).toEqual([
      'ACTUAL GREATER_THAN 100 PERCENTAGE',
      'ACTUAL GREATER_THAN 80 PERCENTAGE',
      'FORECASTED GREATER_THAN 100 PERCENTAGE',
    ]);
    for (const entry of notifications) expect(entry.Subscribers).toEqual([{ SubscriptionType: 'EMAIL', Address: TEST_STACK_PROPS.alarmEmail }]);
  });

  it('is named after the stack and the address, so a new address (a replacement) never meets the old name', () => {
    // WHEN two addresses and two amounts are configured
    const first = budgetOf('ops@example.in', 50).Budget as { BudgetName: string; BudgetLimit: { Amount: number } };
    const sameAddress = budgetOf('ops@example.in', 80).Budget as { BudgetName: string; BudgetLimit: { Amount: number } };
    const otherAddress = budgetOf('owner@example.in', 50).Budget as { BudgetName: string };
    // THEN the amount follows the configuration, and only the address changes the name
    expect(sameAddress.BudgetLimit.Amount).toBe(80);
    expect(first.BudgetName).toMatch(/^Budgeted-monthly-cost-[0-9a-f]{8}$/);
    expect(sameAddress.BudgetName).toBe(first.BudgetName);
    expect(otherAddress.BudgetName).not.toBe(first.BudgetName);
  });
});

describe('the dashboard', () => {
  it('is one dashboard named after the stack, with the pipeline, the API and the mail', () => {
    template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    const [[, dashboard] = []] = resourcesOf(template, 'AWS::CloudWatch::Dashboard');
    expect(dashboard?.Properties.DashboardName).toBe('Test');
    const body = JSON.stringify(dashboard?.Properties.DashboardBody);
    // Sections in that order
    const sections = ['# Pipeline', '# API', '# Mail'].map((header) => body.indexOf(header));
    expect(sections.every((index) => index >= 0)).toBe(true);
    expect([...sections].sort((a, b) => a - b)).toEqual(sections);
    // The state machines and the ingest function; the API's requests, errors and latency; mail sends, bounces, complaints
    for (const metric of ['ExecutionsFailed', 'ExecutionsSucceeded', 'Invocations', '"Count"', '"4xx"', '"5xx"', '"Latency"', '"Send"', '"Bounce"', '"Complaint"', 'Reputation.BounceRate', 'Reputation.ComplaintRate']) {
      expect(body, metric).toContain(metric.replaceAll('"', '\\"'));
    }
    expect(body).toContain('Function ingest');
  });
});

describe('dependency failures', () => {
  it('alarms when one dependency has the Operations screen\'s count of calls failed after retries, on the functions\' embedded metric', () => {
    // WHEN the dependency alarm is read
    const alarm = alarmNamed('dependency-failures');
    const inputs = metricsOf(alarm);
    // THEN it reads the functions' embedded metric of each dependency, summed over the rule's period
    expect(inputs.map((stat) => dimension(stat, 'Service')).sort()).toEqual([...DEPENDENCIES].sort());
    for (const stat of inputs) {
      expect(stat.Metric).toMatchObject({ MetricName: DEPENDENCY_METRIC.name, Namespace: DEPENDENCY_METRIC.namespace });
      expect(stat.Stat).toBe('Sum');
      expect(stat.Period).toBe(ALARM_RULES.dependencyFailures.periodMinutes * 60);
    }
    // AND fires on the largest of them at the Operations screen's threshold
    expect(alarm.Metrics.find((metric) => metric.Expression)?.Expression).toMatch(/^MAX\(\[/);
    expect(alarm.Threshold).toBe(ALARM_RULES.dependencyFailures.threshold);
    expect(alarm.ComparisonOperator).toBe('GreaterThanOrEqualToThreshold');
  });

  it('gives every function the retry profile of what it serves', () => {
    const functions = resourcesOf(template, 'AWS::Lambda::Function').map(([, fn]) => fn.Properties as { Description?: string; Environment?: { Variables?: Record<string, unknown> } });
    for (const fn of description.functions) {
      const deployed = functions.find((candidate) => candidate.Description === fn.description);
      expect(deployed?.Environment?.Variables?.RETRY_PROFILE, fn.name).toBe(retryProfileOf(description, fn.name));
    }
  });
});
