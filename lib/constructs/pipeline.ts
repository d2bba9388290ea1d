import { ArnFormat, type CfnResource, RemovalPolicy, Stack, TimeZone, Token } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as targets from 'aws-cdk-lib/aws-scheduler-targets';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import path from 'node:path';
import { distributedMapStates, placeholdersOf, readAsl } from '../asl.ts';
import { acknowledge, arnToken, XRAY_REASON } from './nag.ts';
import { INGEST_WORK_PREFIX, type StackDescription } from '../stack-description.ts';

export interface PipelineProps {
  description: StackDescription;
  functions: ReadonlyMap<string, lambda.IFunction>;
  repoRoot: string;
  /** Where a schedule's start of its state machine ends when it still fails after the retries. */
  scheduleDeadLetters: sqs.IQueue;
  /** The ingest's work lists, read by the state machines described with readsIngestWork. */
  ingestWork: s3.IBucket;
}

/** The state machines from their ASL files and their schedules (India time); their alarms are in Monitoring. */
export class Pipeline extends Construct {
  readonly stateMachines = new Map<string, sfn.StateMachine>();
  /** The described schedules by name, in one group named after the stack, so functions can address them. */
  readonly schedules = new Map<string, scheduler.Schedule>();
  readonly scheduleGroup: scheduler.ScheduleGroup;
  /** The role every schedule's target assumes; pausing a schedule (UpdateSchedule) passes it again. */
  readonly scheduleRole: iam.Role;

  constructor(scope: Construct, id: string, props: PipelineProps) {
    super(scope, id);
    for (const machine of props.description.stateMachines) {
      const definition = readAsl(machine.file);
      const missing = placeholdersOf(definition).filter((name) => !(name in machine.functions));
      if (missing.length) throw new Error(`${machine.file} uses placeholders with no function: ${missing.join(', ')}`);
      const substitutions: Record<string, string> = {};
      const invoked: lambda.IFunction[] = [];
      for (const [placeholder, fnName] of Object.entries(machine.functions)) {
        const fn = props.functions.get(fnName);
        if (!fn) throw new Error(`State machine ${machine.name} names unknown function ${fnName}`);
        substitutions[placeholder] = fn.functionArn;
        invoked.push(fn);
      }
      const stateMachine = new sfn.StateMachine(this, `StateMachine-${machine.name}`, {
        comment: machine.description,
        definitionBody: sfn.DefinitionBody.fromFile(path.join(props.repoRoot, machine.file)),
        definitionSubstitutions: substitutions,
        stateMachineType: sfn.StateMachineType.STANDARD,
        tracingEnabled: true,
        logs: {
          destination: new logs.LogGroup(this, `Logs-${machine.name}`, {
            retention: logs.RetentionDays.THREE_MONTHS,
            removalPolicy: RemovalPolicy.DESTROY,
          }),
          level: sfn.LogLevel.ALL,
          includeExecutionData: true,
        },
      });
      for (const fn of invoked) {
        fn.grantInvoke(stateMachine);
        acknowledge(stateMachine, `IAM5[Resource::<${Stack.of(this).getLogicalId(fn.node.defaultChild as CfnResource)}.Arn>:*]`, 'grantInvoke covers the function\'s versions and aliases (ARN:*), which Step Functions needs to invoke a qualified ARN.');
      }
      acknowledge(stateMachine, 'IAM5[Resource::*]', `${XRAY_REASON} CloudWatch Logs delivery actions (logs:CreateLogDelivery...) are account-level and need * as well.`);
      if (machine.readsIngestWork) {
        props.ingestWork.grantRead(stateMachine, `${INGEST_WORK_PREFIX}*`);
        acknowledge(stateMachine, `IAM5[Resource::${arnToken(props.ingestWork)}/${INGEST_WORK_PREFIX}*]`, 'The Distributed Map\'s ItemReader reads the run\'s work list, one object per run under that prefix of that bucket.');
        acknowledge(stateMachine, 'IAM5[Action::s3:GetObject*]', 'grantRead\'s object read actions (GetObject with its version and ACL forms), on the work-list prefix only.');
        acknowledge(stateMachine, 'IAM5[Action::s3:GetBucket*]', 'grantRead\'s bucket read actions, on the work bucket only.');
        acknowledge(stateMachine, 'IAM5[Action::s3:List*]', 'grantRead\'s list actions, on the work bucket only.');
      }
      if (distributedMapStates(definition).length) {
        // A Distributed Map starts its children as executions of this state machine. In a policy of its own:
        // the role's default policy naming the machine's ARN would make a cycle (the machine depends on it).
        const executions = (kind: 'execution' | 'express') => Stack.of(this).formatArn({ service: 'states', resource: kind, resourceName: `${stateMachine.stateMachineName}/*`, arnFormat: ArnFormat.COLON_RESOURCE_NAME });
        const childPolicy = new iam.Policy(this, `ChildExecutions-${machine.name}`, {
          roles: [stateMachine.role],
          statements: [
            new iam.PolicyStatement({ actions: ['states:StartExecution'], resources: [stateMachine.stateMachineArn] }),
            new iam.PolicyStatement({ actions: ['states:DescribeExecution', 'states:StopExecution'], resources: [executions('execution'), executions('express')] }),
          ],
        });
        const region = Token.isUnresolved(Stack.of(this).region) ? '<AWS::Region>' : Stack.of(this).region;
        const machineName = `<${Stack.of(this).getLogicalId(stateMachine.node.defaultChild as CfnResource)}.Name>`;
        for (const kind of ['execution', 'express']) {
          acknowledge(childPolicy, `IAM5[Resource::arn:<AWS::Partition>:states:${region}:<AWS::AccountId>:${kind}:${machineName}/*]`, 'Describing and stopping the Distributed Map\'s own child executions: their ARNs are made at run time under this state machine\'s name, the grant covers that state machine only.');
        }
      }
      this.stateMachines.set(machine.name, stateMachine);
    }

    // Deterministic names: group = the stack's name, schedule = the described name (the console's
    // Get/UpdateSchedule address them so; the functions get the group as SCHEDULE_GROUP).
    this.scheduleGroup = new scheduler.ScheduleGroup(this, 'Schedules', {
      scheduleGroupName: Stack.of(this).stackName,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.scheduleRole = new iam.Role(this, 'ScheduleRole', {
      description: 'Assumed by EventBridge Scheduler to start the pipeline state machines',
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } } }),
    });
    for (const schedule of props.description.schedules) {
      const stateMachine = this.stateMachines.get(schedule.stateMachine);
      if (!stateMachine) throw new Error(`Schedule ${schedule.name} names unknown state machine ${schedule.stateMachine}`);
      const created = new scheduler.Schedule(this, `Schedule-${schedule.name}`, {
        scheduleName: schedule.name,
        scheduleGroup: this.scheduleGroup,
        description: schedule.description,
        schedule: scheduler.ScheduleExpression.expression(schedule.expression, TimeZone.of(schedule.timezone)),
        target: new targets.StepFunctionsStartExecution(stateMachine, {
          input: scheduler.ScheduleTargetInput.fromObject(schedule.input),
          retryAttempts: 2,
          role: this.scheduleRole,
          deadLetterQueue: props.scheduleDeadLetters,
        }),
      });
      // The group's name is a literal, so CloudFormation would not order them by itself.
      created.node.addDependency(this.scheduleGroup);
      this.schedules.set(schedule.name, created);
    }
  }
}
