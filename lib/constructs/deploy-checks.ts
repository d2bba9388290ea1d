import path from 'node:path';
import { CustomResource, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as cr from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { HOSTED_ZONE_TYPE, MAIL_READY_TYPE } from '../deploy-checks/handler.ts';
import { LAMBDA_BUNDLING } from './functions.ts';
import { acknowledge, arnToken } from './nag.ts';

const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');

/** How long a deploy waits for SES to verify the mail domain before it gives up (the provider framework's limit is 2 hours). */
export const MAIL_READY_TIMEOUT = Duration.hours(1);
export const MAIL_READY_POLL = Duration.seconds(30);

/**
 * Checks a deploy makes against the account before it builds on them, as custom resources whose failures
 * carry a message that says what to fix. One function per stack (the checks are per region), created on
 * first use, with logs kept a month.
 */
export class DeployChecks extends Construct {
  /** The stack's one DeployChecks, made on first use. */
  static of(scope: Construct): DeployChecks {
    const stack = Stack.of(scope);
    return (stack.node.tryFindChild('DeployChecks') as DeployChecks | undefined) ?? new DeployChecks(stack, 'DeployChecks');
  }

  private readonly fn: nodejs.NodejsFunction;
  private zoneProvider?: cr.Provider;
  private mailProvider?: cr.Provider;

  private constructor(scope: Construct, id: string) {
    super(scope, id);
    this.fn = this.handlerFunction('Function', 'onEvent', 'Deploy-time checks: the hosted zone of a name, the mail domain verified in SES');
    acknowledge(this, 'L1', 'Node.js 22, the same major as the product\'s functions and the tests.');
    acknowledge(this, 'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]', 'Deploy-time custom resource functions (this one and CDK\'s provider framework) write only their own logs.');
    acknowledge(this, 'IAM5[Resource::*]', 'route53:ListHostedZonesByName and ses:GetAccount support no resource-level permissions (AWS service authorization reference); the provider framework\'s grants are CDK\'s.');
  }

  private provider(kind: 'zone' | 'mail'): cr.Provider {
    const existing = kind === 'zone' ? this.zoneProvider : this.mailProvider;
    if (existing) return existing;
    const logGroup = new logs.LogGroup(this, `${kind}ProviderLogs`, { retention: logs.RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
    const provider =
      kind === 'zone'
        ? new cr.Provider(this, 'ZoneProvider', { onEventHandler: this.fn, logGroup })
        : new cr.Provider(this, 'MailProvider', {
            onEventHandler: this.fn,
            isCompleteHandler: this.isCompleteFunction(),
            queryInterval: MAIL_READY_POLL,
            totalTimeout: MAIL_READY_TIMEOUT,
            logGroup,
          });
    acknowledge(provider, 'L1', 'CDK provider framework functions; their runtime is set by aws-cdk-lib.');
    // The framework's functions invoke the handlers by ARN and any version of them (`<arn>:*`), as CDK grants.
    const invoked = [this.fn, ...['framework-isComplete', 'framework-onTimeout'].map((id) => provider.node.tryFindChild(id)), this.node.tryFindChild('IsCompleteFunction')];
    for (const fn of invoked) {
      if (fn) acknowledge(provider, `IAM5[Resource::${arnToken(fn)}:*]`, 'CDK\'s provider framework invokes its handler functions by ARN and version; the grant names those functions only.');
    }
    if (kind === 'mail') this.logAndTraceWaiter(provider, logGroup);
    if (kind === 'zone') {
      // Granted once, with the zone provider, however many zones the stack looks up.
      this.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['route53:ListHostedZonesByName'], resources: ['*'] }));
      this.zoneProvider = provider;
    } else {
      this.mailProvider = provider;
    }
    return provider;
  }

  /**
   * The provider framework's waiter state machine takes no logging or tracing options of its own (its log
   * options were not rendered): set both on it, as every state machine of the stack has (AWS Control Tower
   * CT.STEPFUNCTIONS.PR.1 and PR.2), with the grants Step Functions needs to deliver logs and traces.
   */
  private logAndTraceWaiter(provider: cr.Provider, logGroup: logs.LogGroup): void {
    const waiter = provider.node.tryFindChild('waiter-state-machine');
    const machine = waiter?.node.findAll().find((child): child is sfn.CfnStateMachine => child instanceof sfn.CfnStateMachine);
    const role = waiter?.node.tryFindChild('Role') as iam.Role | undefined;
    if (!machine || !role) throw new Error('The provider framework\'s waiter state machine was not found: check aws-cdk-lib\'s Provider');
    machine.loggingConfiguration = { destinations: [{ cloudWatchLogsLogGroup: { logGroupArn: logGroup.logGroupArn } }], level: 'ALL', includeExecutionData: false };
    machine.tracingConfiguration = { enabled: true };
    role.addToPrincipalPolicy(new iam.PolicyStatement({
      // Log delivery and X-Ray support no resource-level permissions (Step Functions developer guide, "Logging using CloudWatch Logs").
      actions: ['logs:CreateLogDelivery', 'logs:GetLogDelivery', 'logs:UpdateLogDelivery', 'logs:DeleteLogDelivery', 'logs:ListLogDeliveries', 'logs:PutResourcePolicy', 'logs:DescribeResourcePolicies', 'logs:DescribeLogGroups', 'xray:PutTraceSegments', 'xray:PutTelemetryRecords', 'xray:GetSamplingRules', 'xray:GetSamplingTargets'],
      resources: ['*'],
    }));
  }

  /** One export of lib/deploy-checks/handler.ts as a function, bundled like the project's own, with a month of logs. */
  private handlerFunction(id: string, handler: 'onEvent' | 'isComplete', description: string): nodejs.NodejsFunction {
    return new nodejs.NodejsFunction(this, id, {
      entry: path.join(repoRoot, 'lib', 'deploy-checks', 'handler.ts'),
      handler,
      description,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      timeout: Duration.seconds(30),
      logGroup: new logs.LogGroup(this, `${id}Logs`, { retention: logs.RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY }),
      depsLockFilePath: path.join(repoRoot, 'package-lock.json'),
      projectRoot: repoRoot,
      bundling: { ...LAMBDA_BUNDLING, format: nodejs.OutputFormat.ESM },
    });
  }

  private isCompleteFunction(): lambda.IFunction {
    const fn = this.handlerFunction('IsCompleteFunction', 'isComplete', 'Deploy-time check: is the mail domain verified in SES yet');
    // CreateEmailIdentity: in the SES sandbox, asking SES to verify the first admin's address (deploy-checks/rules.ts).
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['ses:GetEmailIdentity', 'ses:GetAccount', 'ses:CreateEmailIdentity'], resources: ['*'] }));
    return fn;
  }

  /**
   * The public hosted zone of exactly this name, found at deploy time (synth stays offline and needs no
   * account). Fails the deploy with a message when the account has no public zone of that name.
   */
  hostedZone(scope: Construct, id: string, zoneName: string): route53.IPublicHostedZone {
    const lookup = new CustomResource(scope, id, {
      serviceToken: this.provider('zone').serviceToken,
      resourceType: HOSTED_ZONE_TYPE,
      properties: { ZoneName: zoneName },
    });
    return route53.PublicHostedZone.fromPublicHostedZoneAttributes(scope, `${id}Zone`, { hostedZoneId: lookup.getAttString('HostedZoneId'), zoneName });
  }

  /** Completes once SES can send as the mail domain (and, in the sandbox, to the first admin): see deploy-checks/rules.ts. */
  mailReady(scope: Construct, id: string, props: { mailDomain: string; dnsManagedByStack: boolean; adminEmail?: string; mailStackName: string }): CustomResource {
    return new CustomResource(scope, id, {
      serviceToken: this.provider('mail').serviceToken,
      resourceType: MAIL_READY_TYPE,
      properties: {
        MailDomain: props.mailDomain,
        DnsManagedByStack: String(props.dnsManagedByStack),
        AdminEmail: props.adminEmail ?? '',
        MailStackName: props.mailStackName,
      },
    });
  }
}
