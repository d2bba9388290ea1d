import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ArnFormat, type CfnResource, CfnOutput, Duration, Stack, type StackProps, Token } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { HttpApi } from './constructs/api.ts';
import { DeployChecks } from './constructs/deploy-checks.ts';
import { UserAuth } from './constructs/auth.ts';
import { DataTable } from './constructs/data.ts';
import { ProjectFunction } from './constructs/functions.ts';
import { Mail } from './constructs/mail.ts';
import { Monitoring } from './constructs/monitoring.ts';
import { acknowledge } from './constructs/nag.ts';
import { Pipeline } from './constructs/pipeline.ts';
import { distributedMapStates, readAsl } from './asl.ts';
import { Site } from './constructs/site.ts';
import { apiOriginName, type SiteDomain } from './deploy-config.ts';
import { grantDeadLetterRedrive } from './constructs/dead-letter-redrive.ts';
import { stack as defaultDescription, INGEST_WORK_PREFIX, SEARCH_ARCHIVE_PREFIX, SEARCH_SNAPSHOT_KEY, searchArchiveCacheMb, retryProfileOf, type FunctionDescription, type StackDescription } from './stack-description.ts';
import { ProjectStack } from './constructs/lambda-logs.ts';
import { SITE_PAGES_PREFIX, SITE_SHELL_KEY } from '../lambdas/domain/reader/site-pages.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface CreatorNewsHubStackProps extends StackProps {
  /** The stack description; tests pass variants, the app uses the one in stack-description.ts. */
  stackDescription?: StackDescription;
  /** Domain the newsletter and mail are sent from. */
  mailDomain: string;
  /** Where the contact form's messages go (the functions' CONTACT_TEAM_EMAIL). */
  contactEmail: string;
  /** Where alarms and the budget alert are mailed. */
  alarmEmail: string;
  /** Monthly spend in US dollars past which AWS Budgets tells alarmEmail. */
  monthlyBudgetUsd: number;
  /** The CloudFront web ACL (EdgeSecurityStack, us-east-1). */
  webAclArn: string;
  /** The site's own name with its us-east-1 certificate (EdgeSecurityStack). Absent: CloudFront's own name. */
  domain?: SiteDomain & { certificateArn: string };
  /** The first admin, created and put in the admin group by the deploy. */
  adminEmail?: string;
}

/** The stack outputs docs/deploy.md and the scripts (bin/admin.ts, bin/smoke.ts) read, by name. */
export const STACK_OUTPUTS = {
  siteUrl: 'SiteUrl',
  apiUrl: 'ApiUrl',
  userPoolId: 'UserPoolId',
  userPoolClientId: 'UserPoolClientId',
  tableName: 'TableName',
  razorpaySecretName: 'RazorpaySecretName',
  razorpayWebhookUrl: 'RazorpayWebhookUrl',
  vapidSecretName: 'VapidSecretName',
  mailDomain: 'MailDomain',
} as const;

/** Where Razorpay posts its events, under the API's address. */
export const RAZORPAY_WEBHOOK_PATH = '/donations/webhooks/razorpay';

/** The whole deployment, built from the stack description. */
export class CreatorNewsHubStack extends ProjectStack {
  constructor(scope: Construct, id: string, props: CreatorNewsHubStackProps) {
    super(scope, id, props);
    const description = props.stackDescription ?? defaultDescription;

    const { table } = new DataTable(this, 'Data', description.table);
    const zone = props.domain ? DeployChecks.of(this).hostedZone(this, 'SiteZone', props.domain.hostedZoneName) : undefined;
    const mail = new Mail(this, 'Mail', { domain: props.mailDomain });
    const auth = new UserAuth(this, 'Auth', {
      mail: { domain: props.mailDomain, configurationSetName: mail.configurationSet.configurationSetName, region: this.region },
      ...(props.adminEmail ? { adminEmail: props.adminEmail } : {}),
    });
    const site = new Site(this, 'Site', {
      repoRoot,
      connectSources: [`https://cognito-idp.${this.region}.amazonaws.com`],
      webAclArn: props.webAclArn,
      ...(props.domain && zone
        ? { domain: { domainName: props.domain.domainName, zone, certificate: acm.Certificate.fromCertificateArn(this, 'SiteCertificate', props.domain.certificateArn) } }
        : {}),
    });
    // CloudFront sends this token with every API request; the API trusts CloudFront's viewer address (the
    // reader's, for per-client limits) only beside it. It is a shared secret between two parts of this stack,
    // so it sits in both configurations; it grants no access to data.
    const edgeToken = new secretsmanager.Secret(this, 'EdgeOriginToken', {
      description: 'Sent by CloudFront to the API so the API can trust the viewer address header',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    acknowledge(edgeToken, 'SMG4', 'Not the API\'s guard with a domain: API Gateway refuses a connection without CloudFront\'s client certificate (mutual TLS, re-issued every 30 days), so the token only lets the functions trust the viewer address; rotating it needs CloudFront and the functions to change together (docs/decisions/api-only-through-cloudfront.md).');

    const functions = new Map<string, lambda.Function>();
    for (const fnDescription of description.functions) {
      const { fn } = new ProjectFunction(this, `Fn-${fnDescription.name}`, {
        description: fnDescription,
        repoRoot,
        table,
        mail: {
          identityArn: mail.identityArn,
          configurationSetArn: mail.configurationSetArn,
          configurationSetName: mail.configurationSet.configurationSetName,
          from: mail.from,
        },
      });
      fn.addEnvironment('SITE_URL', site.url);
      fn.addEnvironment('CONTACT_TEAM_EMAIL', props.contactEmail);
      // How its AWS calls retry (lambdas/adapters/aws-clients.ts); the local runtime runs each invocation with the same.
      fn.addEnvironment('RETRY_PROFILE', retryProfileOf(description, fnDescription.name));
      const poolActions = fnDescription.access.userPool ?? [];
      if (poolActions.length) {
        fn.addEnvironment('USER_POOL_ID', auth.userPool.userPoolId);
        fn.addToRolePolicy(new iam.PolicyStatement({ actions: [...poolActions], resources: [auth.userPool.userPoolArn] }));
      }
      const triggeringPoolActions = fnDescription.access.triggeringPool ?? [];
      if (triggeringPoolActions.length) {
        fn.addToRolePolicy(new iam.PolicyStatement({ actions: [...triggeringPoolActions], resources: [this.formatArn({ service: 'cognito-idp', resource: 'userpool', resourceName: '*' })] }));
        acknowledge(fn.role ?? fn, `IAM5[Resource::arn:<AWS::Partition>:cognito-idp:${Token.isUnresolved(this.region) ? '<AWS::Region>' : this.region}:<AWS::AccountId>:userpool/*]`, 'A Cognito trigger reads the groups of the user it was called for, in the pool that called it (the id comes with the event); naming that pool\'s ARN would make a cycle, since the pool names this function as its trigger. Read-only, this account and region.');
      }
      functions.set(fnDescription.name, fn);
    }

    // Diagnostics and backups: the table's backups (CreateBackup, DescribeContinuousBackups on the table;
    // DescribeBackup on its backups; ListBackups takes no resource) and the SES account (GetAccount takes none).
    for (const fnDescription of description.functions) {
      if (!fnDescription.access.operations) continue;
      const fn = functions.get(fnDescription.name) as lambda.Function;
      fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['dynamodb:CreateBackup', 'dynamodb:DescribeContinuousBackups'], resources: [table.tableArn] }));
      fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['dynamodb:DescribeBackup'], resources: [`${table.tableArn}/backup/*`] }));
      fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['dynamodb:ListBackups', 'ses:GetAccount'], resources: ['*'] }));
      acknowledge(fn.role ?? fn, `IAM5[Resource::<${this.getLogicalId(table.node.defaultChild as CfnResource)}.Arn>/backup/*]`, 'Describing the table\'s own on-demand backups: backup ARNs are made at run time under the table\'s ARN, the grant covers that table only.');
      acknowledge(fn.role ?? fn, 'IAM5[Resource::*]', 'dynamodb:ListBackups and ses:GetAccount support no resource-level permissions (AWS service authorization reference); Resource * is the only form AWS accepts. ListBackups is called with the table name.');
    }

    // The search index snapshot: derived data (rebuilt by every ingest and lifecycle run), so no versions;
    // the functions that hold the index read it, the snapshot step writes it.
    const searchSnapshots = new s3.Bucket(this, 'SearchSnapshots', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(7) }],
    });
    acknowledge(searchSnapshots, 'S1', 'Holds derived objects (the search tiers\' snapshots) that only the stack\'s functions read and write (their role grants, in CloudTrail); the table it is built from is the record.');
    for (const fnDescription of description.functions) {
      const access = fnDescription.access.searchSnapshots;
      if (!access) continue;
      const fn = functions.get(fnDescription.name) as lambda.Function;
      // The recent tier's object by name and the archive's shards under their prefix; ListBucket so that a
      // missing snapshot or shard reads as NoSuchKey, not AccessDenied.
      const actions = access === 'readWrite' ? ['s3:GetObject', 's3:PutObject'] : ['s3:GetObject'];
      fn.addToRolePolicy(new iam.PolicyStatement({ actions, resources: [searchSnapshots.arnForObjects(SEARCH_SNAPSHOT_KEY), searchSnapshots.arnForObjects(`${SEARCH_ARCHIVE_PREFIX}*`)] }));
      fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [searchSnapshots.bucketArn] }));
      fn.addEnvironment('SEARCH_SNAPSHOT_BUCKET', searchSnapshots.bucketName);
      fn.addEnvironment('SEARCH_ARCHIVE_CACHE_MB', String(searchArchiveCacheMb(fnDescription.memoryMb)));
      acknowledge(
        fn.role ?? fn,
        `IAM5[Resource::<${this.getLogicalId(searchSnapshots.node.defaultChild as CfnResource)}.Arn>/${SEARCH_ARCHIVE_PREFIX}*]`,
        'The search archive is one shard object per publication month, made as months pass; the grant covers that prefix of the snapshot bucket only.',
      );
    }

    // The ingest's work lists: a run's due hosts, written by list-due and read by the ingest's Distributed Map
    // (state machines that read it get the grant in the Pipeline construct). Gone after a day.
    const ingestWork = new s3.Bucket(this, 'IngestWork', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ expiration: Duration.days(1) }],
    });
    acknowledge(ingestWork, 'S1', 'Holds a run\'s list of due hosts for a day, written and read only by the ingest (its role grants, in CloudTrail); the feeds in the table are the record.');
    for (const fnDescription of description.functions) {
      if (!fnDescription.access.ingestWork) continue;
      const fn = functions.get(fnDescription.name) as lambda.Function;
      fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:PutObject'], resources: [ingestWork.arnForObjects(`${INGEST_WORK_PREFIX}*`)] }));
      acknowledge(fn.role ?? fn, `IAM5[Resource::<${this.getLogicalId(ingestWork.node.defaultChild as CfnResource)}.Arn>/${INGEST_WORK_PREFIX}*]`, 'One new object per run under the work-list prefix (its name has the run\'s time); the grant covers that prefix of that bucket only.');
      fn.addEnvironment('INGEST_WORK_BUCKET', ingestWork.bucketName);
    }

    // The page writer: the pages under pages/ of the site's bucket (put, delete) and the shell it renders them
    // into (index.html, read); the shell's readers ('shell'): index.html only. Nothing else of the bucket, whose
    // build files only the deploy writes.
    for (const fnDescription of description.functions) {
      if (!fnDescription.access.siteBucket) continue;
      const fn = functions.get(fnDescription.name) as lambda.Function;
      if (fnDescription.access.siteBucket === 'write') {
        fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:PutObject', 's3:DeleteObject'], resources: [site.bucket.arnForObjects(`${SITE_PAGES_PREFIX}*`)] }));
        acknowledge(fn.role ?? fn, `IAM5[Resource::<${this.getLogicalId(site.bucket.node.defaultChild as CfnResource)}.Arn>/${SITE_PAGES_PREFIX}*]`, 'The written pages are one object per page (home, each category, each story), made as content changes; the grant covers that prefix of the site bucket only.');
      }
      fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: [site.bucket.arnForObjects(SITE_SHELL_KEY)] }));
      fn.addEnvironment('SITE_BUCKET', site.bucket.bucketName);
    }

    /** A secret read by the functions whose access asks for it: the grant and its ARN (never its value) in their settings. */
    const shareSecret = (secret: secretsmanager.Secret, needs: (access: FunctionDescription['access']) => boolean | undefined, variable: string) => {
      for (const fnDescription of description.functions) {
        if (!needs(fnDescription.access)) continue;
        const fn = functions.get(fnDescription.name) as lambda.Function;
        secret.grantRead(fn);
        fn.addEnvironment(variable, secret.secretArn);
      }
    };

    // The key of the newsletter's signed links: generated once, read by the functions that sign or check them.
    const linkSigningSecret = new secretsmanager.Secret(this, 'LinkSigningKey', {
      description: 'Signs newsletter confirmation and unsubscribe links; list cursors are sealed with a key derived from it',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    acknowledge(linkSigningSecret, 'SMG4', 'Rotating this key would void every unsubscribe link already mailed (RFC 8058 links must keep working); it is never shown to anyone.');
    shareSecret(linkSigningSecret, (access) => access.linkSigningKey, 'LINK_SIGNING_SECRET_ARN');

    // Razorpay's keys: created with placeholders; the owner puts the live keys in after deploy (docs/deploy.md).
    const razorpaySecret = new secretsmanager.Secret(this, 'RazorpayKeys', {
      description: 'Razorpay key id, key secret and webhook secret: {"keyId","keySecret","webhookSecret"}',
      generateSecretString: { secretStringTemplate: JSON.stringify({ keyId: 'set-after-deploy', webhookSecret: 'set-after-deploy' }), generateStringKey: 'keySecret', excludePunctuation: true },
    });
    acknowledge(razorpaySecret, 'SMG4', 'Razorpay keys are rotated in the Razorpay dashboard and then written here; Secrets Manager cannot rotate them itself.');
    shareSecret(razorpaySecret, (access) => access.paymentKeys, 'RAZORPAY_SECRET_ARN');

    // Web push's VAPID keys (RFC 8292): a P-256 pair Secrets Manager cannot generate, so created with a
    // placeholder the owner replaces after deploy with `npx web-push generate-vapid-keys` (docs/deploy.md);
    // until then the functions refuse the placeholder at their first push and no push goes out.
    const vapidSecret = new secretsmanager.Secret(this, 'VapidKeys', {
      description: 'Web push VAPID keys: {"publicKey","privateKey","subject"} (base64url P-256 keys; subject mailto: or https:)',
      generateSecretString: { secretStringTemplate: JSON.stringify({ publicKey: 'set-after-deploy', subject: 'set-after-deploy' }), generateStringKey: 'privateKey', excludePunctuation: true },
    });
    acknowledge(vapidSecret, 'SMG4', 'A new VAPID key voids every browser subscription made with the old one (each reader would have to allow push again); it is rotated by hand only when it leaks.');
    shareSecret(vapidSecret, (access) => access.pushKeys, 'VAPID_SECRET_ARN');

    const poolOperations = {
      customMessage: cognito.UserPoolOperation.CUSTOM_MESSAGE,
      postConfirmation: cognito.UserPoolOperation.POST_CONFIRMATION,
      preAuthentication: cognito.UserPoolOperation.PRE_AUTHENTICATION,
      postAuthentication: cognito.UserPoolOperation.POST_AUTHENTICATION,
    } as const;
    for (const trigger of description.userPoolTriggers) {
      const fn = functions.get(trigger.fn);
      if (!fn) throw new Error(`User pool trigger ${trigger.trigger} names unknown function ${trigger.fn}`);
      auth.userPool.addTrigger(poolOperations[trigger.trigger], fn);
    }

    // Alarms mailed to the owner, the budget, and the dead-letter queues of every asynchronous consumer.
    const monitoring = new Monitoring(this, 'Monitoring', { alarmEmail: props.alarmEmail, monthlyBudgetUsd: props.monthlyBudgetUsd });
    // The described dead-letter queues, each made where it is first used (the dashboard lists them in that order).
    const deadLetterQueues = new Map<string, sqs.Queue>();
    const deadLetterQueue = (name: string) => {
      const described = description.deadLetterQueues.find((queue) => queue.name === name);
      if (!described) throw new Error(`No described dead-letter queue ${name}`);
      const queue = deadLetterQueues.get(name) ?? monitoring.deadLetterQueue(name, { forSns: described.source === 'mail-events' });
      deadLetterQueues.set(name, queue);
      return queue;
    };

    const mailEventsFn = functions.get(description.mailEvents.fn);
    if (!mailEventsFn) throw new Error(`Mail events name unknown function ${description.mailEvents.fn}`);
    mail.deliverEvents(description.mailEvents.events, mailEventsFn, deadLetterQueue(description.mailEvents.deadLetterQueue), description.mailEvents.retryAttempts);

    let originDomain: ConstructorParameters<typeof HttpApi>[2]['originDomain'];
    if (props.domain && zone) {
      // API Gateway takes a custom domain's certificate from the API's own region.
      const domainName = apiOriginName(props.domain);
      originDomain = { domainName, zone, certificate: new acm.Certificate(this, 'ApiOriginCertificate', { domainName, validation: acm.CertificateValidation.fromDns(zone) }) };
    }
    const api = new HttpApi(this, 'Http', {
      repoRoot,
      routes: description.routes,
      functions,
      userPool: auth.userPool,
      userPoolClient: auth.webClient,
      ...(originDomain ? { originDomain } : {}),
    });
    site.serveApi(api.domainName, edgeToken.secretValue.unsafeUnwrap(), api.originMtls?.clientCertificateArn);
    // CloudFront presents its certificate before the API demands it: no refused window when mTLS is switched on.
    api.originDomain?.node.addDependency(site.distribution);

    // Every function knows the API's address from the stack, never from a request's Host header: links that
    // call the API (one-click unsubscribe) and the API's own self-links (feeds, share pages), all under the
    // site's origin. The distribution's API origin names only the API resource, which depends on no
    // function, so this makes no dependency cycle.
    // The salt of the client hashes that per-client limits key on: generated per deployment, so the hashes
    // cannot be recomputed from the source's local default. Like the edge token, a CloudFormation dynamic
    // reference resolved at deploy: the value is in the functions' settings, never in the template.
    const clientKeySalt = new secretsmanager.Secret(this, 'ClientKeySalt', {
      description: 'Salt of the hashed client keys that per-client rate limits and counts use',
      generateSecretString: { passwordLength: 32, excludePunctuation: true },
    });
    acknowledge(clientKeySalt, 'SMG4', 'Rotating it would only reset the per-client counters; it is never shown to anyone.');
    const routeFunctions = new Set(description.routes.map((route) => route.fn));
    for (const [name, fn] of functions) {
      fn.addEnvironment('API_URL', site.apiUrl);
      fn.addEnvironment('CLIENT_KEY_SALT', clientKeySalt.secretValue.unsafeUnwrap());
      if (routeFunctions.has(name)) fn.addEnvironment('EDGE_ORIGIN_TOKEN', edgeToken.secretValue.unsafeUnwrap());
    }

    const pipeline = new Pipeline(this, 'Pipeline', { description, functions, repoRoot, scheduleDeadLetters: monitoring.deadLetterQueue('schedules'), ingestWork });
    api.originMtls?.failures.addAlarmAction(new SnsAction(monitoring.topic));

    // Functions that start or inspect executions get the ARNs and the matching grants together.
    for (const fnDescription of description.functions) {
      const names = fnDescription.access.stateMachines ?? [];
      if (!names.length) continue;
      const fn = functions.get(fnDescription.name) as lambda.Function;
      const arns: Record<string, string> = {};
      for (const name of names) {
        const machine = pipeline.stateMachines.get(name);
        if (!machine) throw new Error(`Function ${fnDescription.name} names unknown state machine ${name}`);
        machine.grantStartExecution(fn);
        machine.grantRead(fn);
        machine.grantExecution(fn, 'states:StopExecution', 'states:RedriveExecution');
        arns[name] = machine.stateMachineArn;
        const described = description.stateMachines.find((candidate) => candidate.name === name);
        if (described && distributedMapStates(readAsl(described.file)).length) {
          // The console's progress of a Distributed Map is its map run's counts (DescribeMapRun).
          fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['states:DescribeMapRun'], resources: [this.formatArn({ service: 'states', resource: 'mapRun', resourceName: `${machine.stateMachineName}/*`, arnFormat: ArnFormat.COLON_RESOURCE_NAME })] }));
          acknowledge(
            fn.role ?? fn,
            `IAM5[Resource::arn:<AWS::Partition>:states:${Token.isUnresolved(this.region) ? '<AWS::Region>' : this.region}:<AWS::AccountId>:mapRun:<${this.getLogicalId(machine.node.defaultChild as CfnResource)}.Name>/*]`,
            `Reading the map runs of the ${name} state machine's Distributed Maps: their ARNs are made at run time, the grant is scoped to that one state machine.`,
          );
        }
        const machineId = this.getLogicalId(machine.node.defaultChild as CfnResource);
        acknowledge(
          fn.role ?? fn,
          `IAM5[Resource::arn:<AWS::Partition>:states:${this.region}:<AWS::AccountId>:execution:{"Fn::Select":[6,{"Fn::Split":[":",{"Ref":"${machineId}"}]}]}:*]`,
          `Describing, listing the history of and stopping executions of the ${name} state machine: execution ARNs are only known at run time, the grant is scoped to that one state machine.`,
        );
      }
      fn.addEnvironment('STATE_MACHINE_ARNS', Stack.of(this).toJsonString(arns));
    }

    // Functions that pause and resume schedules: read and update exactly the described schedules, and pass
    // their target role (UpdateSchedule sends the whole definition, role included) to the Scheduler only.
    for (const fnDescription of description.functions) {
      if (!fnDescription.access.schedules) continue;
      const fn = functions.get(fnDescription.name) as lambda.Function;
      fn.addEnvironment('SCHEDULE_GROUP', pipeline.scheduleGroup.scheduleGroupName);
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['scheduler:GetSchedule', 'scheduler:UpdateSchedule'],
          resources: [...pipeline.schedules.values()].map((schedule) => schedule.scheduleArn),
        }),
      );
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['iam:PassRole'],
          resources: [pipeline.scheduleRole.roleArn],
          conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
        }),
      );
    }

    for (const consumer of description.streamConsumers) {
      const fn = functions.get(consumer.fn);
      if (!fn) throw new Error(`Stream consumer ${consumer.name} names unknown function ${consumer.fn}`);
      table.grantStreamRead(fn);
      fn.addEventSource(
        new DynamoEventSource(table, {
          startingPosition: lambda.StartingPosition.TRIM_HORIZON,
          batchSize: consumer.batchSize,
          ...(consumer.batchingWindowSeconds ? { maxBatchingWindow: Duration.seconds(consumer.batchingWindowSeconds) } : {}),
          bisectBatchOnError: consumer.onError.bisectBatchOnError,
          retryAttempts: consumer.onError.retryAttempts,
          onFailure: new SqsDlq(deadLetterQueue(consumer.onError.deadLetterQueue)),
          ...(consumer.filters?.length ? { filters: consumer.filters.map((pattern) => ({ pattern: JSON.stringify(pattern) })) } : {}),
        }),
      );
    }

    // Every described queue exists (also one no consumer names yet) before the redrive is granted on them all.
    for (const queue of description.deadLetterQueues) deadLetterQueue(queue.name);
    grantDeadLetterRedrive(this, { description, functions, table, queues: deadLetterQueues });

    monitoring.watch({ description, functions, api: api.api, table, stateMachines: pipeline.stateMachines, mailConfigurationSetName: mail.configurationSet.configurationSetName });

    site.deploy({
      apiUrl: site.apiUrl,
      region: this.region,
      userPoolId: auth.userPool.userPoolId,
      userPoolClientId: auth.webClient.userPoolClientId,
      authFlowType: 'USER_SRP_AUTH',
      payments: { checkoutScriptUrl: 'https://checkout.razorpay.com/v1/checkout.js', testCheckout: false },
      contactEmail: props.contactEmail,
      siteUrl: site.url,
    }, functions.get('site-pages'));

    new CfnOutput(this, STACK_OUTPUTS.siteUrl, { value: site.url, description: 'The reader site (the console at /admin)' });
    new CfnOutput(this, STACK_OUTPUTS.apiUrl, { value: site.apiUrl, description: 'The API, under the site\'s origin' });
    new CfnOutput(this, STACK_OUTPUTS.userPoolId, { value: auth.userPool.userPoolId, description: 'The Cognito user pool (npm run admin finds it here)' });
    new CfnOutput(this, STACK_OUTPUTS.userPoolClientId, { value: auth.webClient.userPoolClientId });
    new CfnOutput(this, STACK_OUTPUTS.tableName, { value: table.tableName, description: 'The DynamoDB table (npm run admin keeps the profile\'s role beside the pool\'s groups)' });
    new CfnOutput(this, STACK_OUTPUTS.razorpaySecretName, { value: razorpaySecret.secretName, description: 'Secrets Manager secret to put the Razorpay keyId, keySecret and webhookSecret in' });
    new CfnOutput(this, STACK_OUTPUTS.razorpayWebhookUrl, { value: `${site.apiUrl}${RAZORPAY_WEBHOOK_PATH}`, description: 'Webhook URL to enter in the Razorpay dashboard' });
    new CfnOutput(this, STACK_OUTPUTS.vapidSecretName, { value: vapidSecret.secretName, description: 'Secrets Manager secret to put the web push VAPID publicKey, privateKey and subject in' });
    new CfnOutput(this, STACK_OUTPUTS.mailDomain, { value: props.mailDomain, description: 'Domain the mail is sent from (SES identity, made by the mail stack)' });
  }
}
