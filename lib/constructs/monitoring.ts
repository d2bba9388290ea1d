import { createHash } from 'node:crypto';
import { Duration, Stack } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as budgets from 'aws-cdk-lib/aws-budgets';
import { ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { ALARM_RULES } from '../../lambdas/domain/operations/operations.ts';
import { DEPENDENCIES, DEPENDENCY_METRIC, DEPENDENCY_NAMES } from '../../lambdas/core/dependency-failures.ts';
import { type CustomAlarmThreshold, type MetricWithAlarmSupport, DefaultDashboardFactory, MetricStatistic, MonitoringFacade, SnsAlarmActionStrategy } from 'cdk-monitoring-constructs';
import { Construct } from 'constructs';
import { acknowledge } from './nag.ts';
import type { StackDescription } from '../stack-description.ts';
import { limitGrantsToAwsServices } from './keys.ts';

/**
 * The thresholds, in one place (docs/decisions/alarms-and-budget.md says why each). Every alarm is evaluated
 * on 5-minute periods unless it says otherwise, and treats a period without data as fine.
 */
export const ALARM_THRESHOLDS = {
  /** Share of API requests answered 5xx (the 5xx metric's Average), over 2 of 3 periods with more than 10 requests. */
  api5xxRate: 0.05,
  api5xxMinRequests: 10,
  /** A function's unhandled errors in one period: any. */
  functionErrors: 0,
  /** A function's throttled invocations: any, in 2 periods running (a single burst is absorbed by retries). */
  functionThrottles: 0,
  /** Messages waiting in a dead-letter queue: any. */
  deadLetterMessages: 0,
  /** Failed, timed-out or aborted executions of a state machine in one period: any. */
  stateMachineFailures: 0,
  /** Throttled reads or writes on the table or one of its indexes in one period: any. */
  tableThrottles: 0,
  /** SES account reputation (fractions), below AWS's review levels of 5 % bounces and 0.1 % complaints. */
  sesBounceRate: 0.04,
  sesComplaintRate: 0.0008,
} as const;

/** The budget's notifications, in per cent of the monthly limit. */
export const BUDGET_NOTIFICATIONS = [
  { type: 'ACTUAL', percent: 80 },
  { type: 'ACTUAL', percent: 100 },
  { type: 'FORECASTED', percent: 100 },
] as const;

export interface MonitoringProps {
  /** Where alarms and the budget's notifications are mailed. */
  alarmEmail: string;
  /** The monthly AWS spend, in US dollars, the budget is set to. */
  monthlyBudgetUsd: number;
}

/** What the alarms and the dashboard watch; given once the stack has built it. */
export interface WatchedResources {
  description: StackDescription;
  /** The project functions, by described name. */
  functions: ReadonlyMap<string, lambda.IFunction>;
  api: apigw.IHttpApi;
  table: dynamodb.ITable;
  stateMachines: ReadonlyMap<string, sfn.IStateMachine>;
  /** The SES configuration set the product's mail goes through (its reputation metrics are on). */
  mailConfigurationSetName: string;
}

export interface DeadLetterQueueOptions {
  /**
   * The queue is an SNS subscription's dead-letter queue: SNS can only write to an encrypted queue whose key
   * is a customer managed key that lets SNS use it, so it is encrypted with this construct's key.
   */
  forSns?: boolean;
}

/**
 * Alarms that reach a person: one topic, encrypted with a key CloudWatch may use, mailed to the owner; the
 * alarms and the dashboard built with cdk-monitoring-constructs; dead-letter queues that alarm when anything
 * lands in them; and an AWS Budgets budget on the account's monthly cost.
 */
export class Monitoring extends Construct {
  readonly topic: sns.Topic;
  readonly key: kms.Key;
  readonly facade: MonitoringFacade;
  private readonly prefix: string;
  private readonly deadLetterQueues: Array<{ name: string; queue: sqs.Queue }> = [];
  private watched = false;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.prefix = stack.stackName;

    // CloudWatch alarms cannot publish to a topic under the AWS-managed SNS key: a customer managed key whose
    // policy lets the alarm service (and SNS, for the dead-letter queue below) encrypt with it.
    this.key = new kms.Key(this, 'Key', {
      enableKeyRotation: true,
      description: 'Encrypts the alarm topic and the SNS dead-letter queue',
    });
    limitGrantsToAwsServices(this.key);
    this.key.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudWatchAlarmsPublish',
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        resources: ['*'],
      }),
    );
    this.key.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'SnsDeadLetterDelivery',
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        principals: [new iam.ServicePrincipal('sns.amazonaws.com')],
        resources: ['*'],
      }),
    );
    this.topic = new sns.Topic(this, 'Alarms', {
      displayName: 'Creator News Hub alarms',
      enforceSSL: true,
      masterKey: this.key,
    });
    this.topic.addSubscription(new EmailSubscription(props.alarmEmail));

    // One dashboard, named after the stack (staging and production side by side in one account).
    this.facade = new MonitoringFacade(this, 'Facade', {
      dashboardFactory: new DefaultDashboardFactory(this, 'Dashboards', { dashboardNamePrefix: this.prefix }),
      alarmFactoryDefaults: {
        alarmNamePrefix: this.prefix,
        actionsEnabled: true,
        action: new SnsAlarmActionStrategy({ onAlarmTopic: this.topic }),
        datapointsToAlarm: 1,
        evaluationPeriods: 1,
      },
      metricFactoryDefaults: { period: Duration.minutes(5) },
    });

    // Budgets are account-wide (their ARN has no region), named uniquely per account; the notifications are
    // create-only, so a changed address replaces the budget: the name carries the address's hash so the new
    // one can be made before the old one goes.
    const addressHash = createHash('sha256').update(props.alarmEmail).digest('hex').slice(0, 8);
    new budgets.CfnBudget(this, 'MonthlyCost', {
      budget: {
        budgetName: `${this.prefix}-monthly-cost-${addressHash}`,
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: props.monthlyBudgetUsd, unit: 'USD' },
      },
      notificationsWithSubscribers: BUDGET_NOTIFICATIONS.map((notification) => ({
        notification: { notificationType: notification.type, comparisonOperator: 'GREATER_THAN', threshold: notification.percent, thresholdType: 'PERCENTAGE' },
        subscribers: [{ subscriptionType: 'EMAIL', address: props.alarmEmail }],
      })),
    });
  }

  /**
   * An encrypted, TLS-only queue that keeps for 14 days what an asynchronous consumer gave up on, and an alarm
   * as soon as anything is in it. `name` names the alarm (`<stack>-dlq-<name>`).
   */
  deadLetterQueue(name: string, options: DeadLetterQueueOptions = {}): sqs.Queue {
    if (this.watched) throw new Error(`Dead-letter queue ${name} made after the alarms were built`);
    const queue = new sqs.Queue(this, `DeadLetters-${name}`, {
      retentionPeriod: Duration.days(14),
      enforceSSL: true,
      ...(options.forSns ? { encryption: sqs.QueueEncryption.KMS, encryptionMasterKey: this.key } : { encryption: sqs.QueueEncryption.SQS_MANAGED }),
      // Marked as a dead-letter queue by its redrive configuration (AWS Control Tower CT.SQS.PR.1 asks it of one).
      // allowAll is SQS's behaviour without the setting, so nothing changes; Lambda, SNS and the Scheduler are
      // what send here, not queues.
      redriveAllowPolicy: { redrivePermission: sqs.RedrivePermission.ALLOW_ALL },
    });
    acknowledge(queue, 'SQS3', 'This queue is itself a dead-letter queue: what lands here is kept for 14 days to be read, and alarms at once.');
    this.deadLetterQueues.push({ name, queue });
    return queue;
  }

  /** The alarms on everything the stack runs, and its one dashboard: pipeline, API, mail, then the rest. */
  watch(resources: WatchedResources): void {
    if (this.watched) throw new Error('Monitoring.watch runs once');
    this.watched = true;
    const facade = this.facade;
    const named = (suffix: string, description: string): CustomAlarmThreshold => ({
      alarmNameOverride: `${this.prefix}-${suffix}`,
      alarmDescriptionOverride: description,
    });
    const offDashboard = { addToDetailDashboard: false, addToSummaryDashboard: false, addToAlarmDashboard: false } as const;
    const { description } = resources;

    // The pipeline: every state machine, and the functions of the ingest on the dashboard.
    facade.addLargeHeader('Pipeline');
    for (const [name, stateMachine] of resources.stateMachines) {
      facade.monitorStepFunction({
        stateMachine,
        alarmFriendlyName: `sfn-${name}`,
        humanReadableName: `State machine ${name}`,
        addFailedExecutionCountAlarm: { Failed: { maxErrorCount: ALARM_THRESHOLDS.stateMachineFailures, ...named(`sfn-${name}-Failed`, `An execution of the ${name} state machine failed. Its history is on the console's Pipeline Control screen and in the Step Functions console.`) } },
        addTimedOutExecutionCountAlarm: { TimedOut: { maxErrorCount: ALARM_THRESHOLDS.stateMachineFailures, ...named(`sfn-${name}-TimedOut`, `An execution of the ${name} state machine timed out.`) } },
        addAbortedExecutionCountAlarm: { Aborted: { maxErrorCount: ALARM_THRESHOLDS.stateMachineFailures, ...named(`sfn-${name}-Aborted`, `An execution of the ${name} state machine was aborted (stopped). If you stopped it from the console, nothing else is wrong.`) } },
      });
    }
    const ingest = description.stateMachines.find((machine) => machine.name === 'ingest');
    const dashboardFunctions = new Set(Object.values(ingest?.functions ?? {}));

    // Every project function: its errors and its throttles.
    for (const [name, fn] of resources.functions) {
      facade.monitorLambdaFunction({
        lambdaFunction: fn,
        alarmFriendlyName: `fn-${name}`,
        humanReadableName: `Function ${name}`,
        addFaultCountAlarm: { Errors: { maxErrorCount: ALARM_THRESHOLDS.functionErrors, ...named(`fn-${name}-Errors`, `The ${name} function failed with an unhandled error (Lambda Errors > ${ALARM_THRESHOLDS.functionErrors} in 5 minutes). Its log group has the error.`) } },
        addThrottlesCountAlarm: {
          Throttles: {
            maxErrorCount: ALARM_THRESHOLDS.functionThrottles,
            datapointsToAlarm: 2,
            evaluationPeriods: 2,
            ...named(`fn-${name}-Throttles`, `Invocations of the ${name} function were throttled for 10 minutes running: the account's Lambda concurrency is used up (a new account's quota is low; ask for more in Service Quotas).`),
          },
        },
        ...(dashboardFunctions.has(name) ? {} : offDashboard),
      });
    }

    facade.addLargeHeader('API');
    facade.monitorApiGatewayV2HttpApi({
      api: resources.api,
      apiStage: '$default',
      alarmFriendlyName: 'api',
      humanReadableName: 'HTTP API',
      add5xxRateAlarm: {
        ServerErrors: {
          maxErrorRate: ALARM_THRESHOLDS.api5xxRate,
          minSampleCountToEvaluateDatapoint: ALARM_THRESHOLDS.api5xxMinRequests,
          datapointsToAlarm: 2,
          evaluationPeriods: 3,
          ...named('api-5xx-rate', `More than ${ALARM_THRESHOLDS.api5xxRate * 100} % of API requests were answered with a 5xx in 2 of the last 3 five-minute periods (periods with more than ${ALARM_THRESHOLDS.api5xxMinRequests} requests). The functions' Errors alarms and logs say which route.`),
        },
      },
    });

    facade.addLargeHeader('Mail');
    const metrics = facade.createMetricFactory();
    const ses = (metricName: string, statistic: MetricStatistic, label: string, period = Duration.minutes(5)) =>
      metrics.createMetric(metricName, statistic, label, undefined, undefined, 'AWS/SES', period);
    facade.monitorCustom({
      alarmFriendlyName: 'ses',
      humanReadableName: `Mail (SES account; configuration set ${resources.mailConfigurationSetName})`,
      metricGroups: [
        { title: 'Sends, bounces and complaints', metrics: [ses('Send', MetricStatistic.SUM, 'Sent'), ses('Bounce', MetricStatistic.SUM, 'Bounced'), ses('Complaint', MetricStatistic.SUM, 'Complaints')] },
        {
          title: 'Reputation (AWS reviews at 5 % bounces, 0.1 % complaints)',
          metrics: [
            {
              metric: ses('Reputation.BounceRate', MetricStatistic.MAX, 'Bounce rate', Duration.hours(1)),
              alarmFriendlyName: 'BounceRate',
              addAlarm: {
                High: {
                  threshold: ALARM_THRESHOLDS.sesBounceRate,
                  comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
                  treatMissingDataOverride: TreatMissingData.NOT_BREACHING,
                  ...named('ses-BounceRate', `The SES account's bounce rate is above ${ALARM_THRESHOLDS.sesBounceRate * 100} %; AWS reviews the account at 5 % and may pause sending at 10 %. Look at the subscribers being mailed (bounced addresses are suppressed by the configuration set).`),
                },
              },
            },
            {
              metric: ses('Reputation.ComplaintRate', MetricStatistic.MAX, 'Complaint rate', Duration.hours(1)),
              alarmFriendlyName: 'ComplaintRate',
              addAlarm: {
                High: {
                  threshold: ALARM_THRESHOLDS.sesComplaintRate,
                  comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
                  treatMissingDataOverride: TreatMissingData.NOT_BREACHING,
                  ...named('ses-ComplaintRate', `The SES account's complaint rate is above ${ALARM_THRESHOLDS.sesComplaintRate * 100} %; AWS reviews the account at 0.1 % and may pause sending at 0.5 %. Check what was mailed and to whom.`),
                },
              },
            },
          ],
        },
      ],
    });

    // Calls to a dependency that still failed after their retries (lambdas/core/dependency-failures.ts writes one
    // embedded-metric line per call), per service. One alarm over the largest of them, the Operations screen's rule
    // for any one dependency: an alarm per service would take the stack past CloudFormation's 500 resources.
    facade.addLargeHeader('Dependencies');
    const { threshold: dependencyThreshold, periodMinutes } = ALARM_RULES.dependencyFailures;
    const perDependency = Object.fromEntries(
      DEPENDENCIES.map((service) => [service, metrics.createMetric(DEPENDENCY_METRIC.name, MetricStatistic.SUM, DEPENDENCY_NAMES[service], { Service: service }, undefined, DEPENDENCY_METRIC.namespace, Duration.minutes(periodMinutes))]),
    );
    facade.monitorCustom({
      alarmFriendlyName: 'dependencies',
      humanReadableName: 'Calls failed after retries, per dependency',
      metricGroups: [
        { title: 'Failed after retries', metrics: Object.values(perDependency) },
        {
          title: 'The most failing dependency',
          metrics: [
            {
              // Metric math ids start with a lower-case letter.
              metric: metrics.createMetricMath(`MAX([${DEPENDENCIES.map((service) => `d${service}`).join(', ')}])`, Object.fromEntries(DEPENDENCIES.map((service) => [`d${service}`, perDependency[service] as MetricWithAlarmSupport])), 'Most failing dependency', undefined, Duration.minutes(periodMinutes)),
              alarmFriendlyName: 'dependency-failures',
              addAlarm: {
                Failing: {
                  threshold: dependencyThreshold,
                  comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
                  treatMissingDataOverride: TreatMissingData.NOT_BREACHING,
                  ...named('dependency-failures', `${dependencyThreshold} or more calls to one dependency (${DEPENDENCIES.map((service) => DEPENDENCY_NAMES[service]).join(', ')}) failed after their retries within ${periodMinutes} minutes. The dashboard's Dependencies graph says which; the console's Operations screen says how (throttled, 5xx, timeouts); the functions' logs have each call ("dependency call failed after retries").`),
                },
              },
            },
          ],
        },
      ],
    });

    facade.addLargeHeader('Dead letters and data');
    for (const { name, queue } of this.deadLetterQueues) {
      facade.monitorSqsQueue({
        queue,
        alarmFriendlyName: `dlq-${name}`,
        humanReadableName: `Dead letters: ${name}`,
        addQueueMaxSizeAlarm: {
          NotEmpty: {
            maxMessageCount: ALARM_THRESHOLDS.deadLetterMessages,
            treatMissingDataOverride: TreatMissingData.NOT_BREACHING,
            ...named(`dlq-${name}-NotEmpty`, `Something gave up and left a message in the ${name} dead-letter queue (kept 14 days). Read it in the SQS console; it names what failed.`),
          },
        },
        ...offDashboard,
      });
    }
    if (this.deadLetterQueues.length) {
      facade.monitorCustom({
        alarmFriendlyName: 'dead-letters',
        humanReadableName: 'Dead-letter queues',
        metricGroups: [{ title: 'Messages waiting', metrics: this.deadLetterQueues.map(({ queue }) => metrics.adaptMetric(queue.metricApproximateNumberOfMessagesVisible({ label: queue.node.id.replace('DeadLetters-', '') }))) }],
      });
    }

    facade.monitorDynamoTable({
      table: resources.table,
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      alarmFriendlyName: 'table',
      humanReadableName: 'Table',
      addReadThrottledEventsCountAlarm: { Throttled: { maxThrottledEventsThreshold: ALARM_THRESHOLDS.tableThrottles, ...named('table-ReadThrottles', 'Reads on the table were throttled (on-demand tables throttle past their partition or account limits).') } },
      addWriteThrottledEventsCountAlarm: { Throttled: { maxThrottledEventsThreshold: ALARM_THRESHOLDS.tableThrottles, ...named('table-WriteThrottles', 'Writes on the table were throttled (on-demand tables throttle past their partition or account limits).') } },
    });
    for (const index of description.table.indexes) {
      facade.monitorDynamoTableGlobalSecondaryIndex({
        table: resources.table,
        globalSecondaryIndexName: index.name,
        alarmFriendlyName: `table-${index.name}`,
        humanReadableName: `Index ${index.name}`,
        addReadThrottledEventsCountAlarm: { Throttled: { maxThrottledEventsThreshold: ALARM_THRESHOLDS.tableThrottles, ...named(`table-${index.name}-ReadThrottles`, `Queries on the ${index.name} index were throttled.`) } },
        addWriteThrottledEventsCountAlarm: { Throttled: { maxThrottledEventsThreshold: ALARM_THRESHOLDS.tableThrottles, ...named(`table-${index.name}-WriteThrottles`, `Writes into the ${index.name} index were throttled, which throttles the table's own writes.`) } },
        ...offDashboard,
      });
    }
  }
}
