import { TEST_WEB_ACL_ARN } from '../support/stack.ts';
import { App, Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { CreatorNewsHubStack } from '../../lib/app-stack.ts';
import { API_PREFIX_CODE, EDGE_ORIGIN_HEADER, SPA_ROUTES_CODE, VIEWER_ADDRESS_HEADER } from '../../lib/constructs/site.ts';
import { EDGE_RATE_LIMITS, EdgeSecurityStack } from '../../lib/edge-stack.ts';
import { stack as description, SEARCH_SNAPSHOT_KEY, type StackDescription } from '../../lib/stack-description.ts';

/** A fresh stack per test; bundling (esbuild, vite) is skipped, as it does not change the template's shape. */
function synth(stackDescription: StackDescription = description): Template {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new CreatorNewsHubStack(app, 'Test', { env: { region: 'ap-south-1' }, mailDomain: 'example.in', webAclArn: TEST_WEB_ACL_ARN, stackDescription });
  return Template.fromStack(stack);
}

/** The description plus a read-only function, to check the read grant. */
function stackDescriptionWithReadOnly(): StackDescription {
  return {
    ...description,
    functions: [...description.functions, { name: 'readonly', entry: 'lambdas/http/articles/index.ts', description: 'test', access: { table: 'read' } }],
  };
}

type Resource = { Type: string; Properties: Record<string, unknown>; Metadata?: Record<string, unknown> };

function resourcesOf(template: Template, type: string): Array<[string, Resource]> {
  return Object.entries(template.findResources(type)) as Array<[string, Resource]>;
}

/** The IAM actions in the policies attached to one function's role. */
function actionsOfFunction(template: Template, fnName: string): string[] {
  const [, fn] = resourcesOf(template, 'AWS::Lambda::Function').find(([id]) => id.startsWith(`Fn${fnName}Function`)) ?? [];
  if (!fn) throw new Error(`No function ${fnName}`);
  const roleId = (fn.Properties.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
  return resourcesOf(template, 'AWS::IAM::Policy')
    .filter(([, policy]) => JSON.stringify(policy.Properties.Roles).includes(roleId))
    .flatMap(([, policy]) => (policy.Properties.PolicyDocument as { Statement: Array<{ Action: string | string[] }> }).Statement)
    .flatMap((statement) => [statement.Action].flat());
}

describe('data', () => {
  it('is one on-demand table with PITR, TTL, a stream and the described indexes', () => {
    const template = synth();
    template.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
      Replicas: [Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })],
      GlobalSecondaryIndexes: description.table.indexes.map((index) =>
        Match.objectLike({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.pk, KeyType: 'HASH' },
            { AttributeName: index.sk, KeyType: 'RANGE' },
          ],
        }),
      ),
    });
  });
});

describe('auth', () => {
  it('signs people up by e-mail with verification and the spec password policy', () => {
    const template = synth();
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 8, RequireLowercase: true, RequireUppercase: true, RequireNumbers: true }) },
    });
  });

  it('has the admin and moderator groups', () => {
    const template = synth();
    template.resourceCountIs('AWS::Cognito::UserPoolGroup', 2);
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admin' });
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'moderator' });
  });
});

describe('api', () => {
  it('has a Cognito JWT authorizer', () => {
    const template = synth();
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: Match.objectLike({ Issuer: Match.anyValue() }),
    });
  });

  it('wires every described route, with the authorizer on exactly the signed-in ones', () => {
    const template = synth();
    const routes = resourcesOf(template, 'AWS::ApiGatewayV2::Route').map(([, route]) => route.Properties);
    expect(routes.map((route) => route.RouteKey).sort()).toEqual(description.routes.map((r) => `${r.method} ${r.path}`).sort());
    for (const route of description.routes) {
      const wired = routes.find((candidate) => candidate.RouteKey === `${route.method} ${route.path}`);
      expect(wired?.AuthorizationType, `${route.method} ${route.path}`).toBe(route.auth === 'public' ? 'NONE' : 'JWT');
    }
  });

  it('logs access on the default stage', () => {
    synth().hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: '$default', AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }) });
  });
});

describe('functions', () => {
  it('run Node.js 22 with the table name', () => {
    const template = synth();
    template.resourceCountIs('AWS::Lambda::Function', description.functions.length + 1 /* BucketDeployment handler */);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs22.x',
      Environment: { Variables: Match.objectLike({ TABLE_NAME: Match.anyValue() }) },
    });
  });

  it('grant least privilege: the reader API reaches the table and sends mail (contact form), nothing else', () => {
    const actions = actionsOfFunction(synth(), 'articles');
    expect(actions).toContain('dynamodb:Query');
    expect(actions.filter((action) => action.startsWith('ses:')).sort()).toEqual(['ses:SendBulkEmail', 'ses:SendEmail']);
    expect(actions.some((action) => action.startsWith('states:') || action.startsWith('cognito-idp:'))).toBe(false);
  });

  it('grant read-only functions no write', () => {
    const actions = actionsOfFunction(synth(stackDescriptionWithReadOnly()), 'readonly');
    expect(actions).toContain('dynamodb:Query');
    expect(actions.filter((action) => action.startsWith('dynamodb:') && /Put|Update|Delete|Write/.test(action))).toEqual([]);
  });

  it('grant the admin API writes and control of the lifecycle state machine', () => {
    const actions = actionsOfFunction(synth(), 'admin');
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'states:StartExecution', 'states:DescribeExecution', 'states:GetExecutionHistory', 'states:StopExecution']));
  });

  it('grant the admin API stop, history and redrive of executions, scoped to its state machines\' executions', () => {
    const template = synth();
    const actions = actionsOfFunction(template, 'admin');
    expect(actions).toEqual(expect.arrayContaining(['states:StopExecution', 'states:GetExecutionHistory', 'states:RedriveExecution', 'states:ListExecutions']));
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: Match.arrayWith(['states:StopExecution', 'states:RedriveExecution']),
            Resource: { 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp(':execution:')])] },
          }),
        ]),
      },
    });
  });

  it('let the admin API (settings, pipeline control) read and pause exactly the described schedules, passing only their target role to the Scheduler', () => {
    const template = synth();
    const scheduleFunctions = ['admin', 'admin-operations'];
    for (const name of scheduleFunctions) {
      expect(actionsOfFunction(template, name.replace(/[^A-Za-z0-9]/g, ''))).toEqual(expect.arrayContaining(['scheduler:GetSchedule', 'scheduler:UpdateSchedule', 'iam:PassRole']));
    }
    // No other function touches schedules or passes roles.
    for (const fn of description.functions.filter((candidate) => !scheduleFunctions.includes(candidate.name))) {
      expect(actionsOfFunction(template, fn.name.replace(/[^A-Za-z0-9]/g, '')).filter((action) => action.startsWith('scheduler:') || action === 'iam:PassRole'), fn.name).toEqual([]);
    }
    const [, policy] = resourcesOf(template, 'AWS::IAM::Policy').find(([, candidate]) => JSON.stringify(candidate.Properties).includes('scheduler:UpdateSchedule')) ?? [];
    const statements = (policy?.Properties.PolicyDocument as { Statement: Array<{ Action: unknown; Resource: unknown; Condition?: unknown }> }).Statement;
    const scheduleStatement = statements.find((statement) => JSON.stringify(statement.Action).includes('scheduler:UpdateSchedule'));
    expect(scheduleStatement?.Resource).toHaveLength(description.schedules.length);
    expect(JSON.stringify(scheduleStatement?.Resource)).not.toContain('*');
    const passRole = statements.find((statement) => statement.Action === 'iam:PassRole');
    expect(passRole?.Condition).toEqual({ StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } });
    expect(JSON.stringify(passRole?.Resource)).toMatch(/PipelineScheduleRole/);
    // The schedules are named as described, in one group named after the stack, which the function is told.
    template.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: 'Test' });
    const [groupId] = resourcesOf(template, 'AWS::Scheduler::ScheduleGroup')[0] ?? [];
    for (const schedule of description.schedules) {
      template.hasResource('AWS::Scheduler::Schedule', { Properties: Match.objectLike({ Name: schedule.name, GroupName: 'Test' }), DependsOn: Match.arrayWith([groupId]) });
    }
    template.hasResourceProperties('AWS::Lambda::Function', { Environment: { Variables: Match.objectLike({ SCHEDULE_GROUP: 'Test' }) } });
  });

  it('grant the lifecycle steps table writes and nothing on state machines', () => {
    const actions = actionsOfFunction(synth(), 'lifecycle');
    expect(actions).toContain('dynamodb:UpdateItem');
    expect(actions.some((action) => action.startsWith('states:'))).toBe(false);
  });
});

describe('search index snapshot', () => {
  /** The S3 statements of one function's role, with the bucket's logical id in place of its ARN. */
  function s3StatementsOf(template: Template, fnName: string): Array<{ actions: string[]; resource: string }> {
    const [, fn] = resourcesOf(template, 'AWS::Lambda::Function').find(([id]) => id.startsWith(`Fn${fnName.replaceAll('-', '')}Function`)) ?? [];
    const roleId = (fn?.Properties.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
    return resourcesOf(template, 'AWS::IAM::Policy')
      .filter(([, policy]) => JSON.stringify(policy.Properties.Roles).includes(roleId))
      .flatMap(([, policy]) => (policy.Properties.PolicyDocument as { Statement: Array<{ Action: string | string[]; Resource: unknown }> }).Statement)
      .filter((statement) => [statement.Action].flat().some((action) => action.startsWith('s3:')))
      .map((statement) => ({ actions: [statement.Action].flat().sort(), resource: JSON.stringify(statement.Resource).replace(/SearchSnapshots[0-9A-F]{8}/g, 'Bucket') }));
  }

  it('is a private, encrypted, TLS-only bucket', () => {
    const template = synth();
    const [[, bucket] = []] = resourcesOf(template, 'AWS::S3::Bucket').filter(([id]) => id.startsWith('SearchSnapshots'));
    expect(bucket?.Properties).toMatchObject({
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: Match.stringLikeRegexp('^SearchSnapshots') },
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
  });

  it('is written only by the snapshot step and read, object by name, by the functions that hold the index', () => {
    const template = synth();
    const objectResource = (statements: Array<{ actions: string[]; resource: string }>) => statements.find((statement) => statement.actions.includes('s3:GetObject'))?.resource ?? '';
    for (const fnDescription of description.functions) {
      const statements = s3StatementsOf(template, fnDescription.name);
      const access = fnDescription.access.searchSnapshots;
      const actions = statements.flatMap((statement) => statement.actions).sort();
      if (!access) expect(actions, fnDescription.name).toEqual([]);
      else expect(actions, fnDescription.name).toEqual(access === 'readWrite' ? ['s3:GetObject', 's3:ListBucket', 's3:PutObject'] : ['s3:GetObject', 's3:ListBucket']);
      if (access) expect(objectResource(statements)).toContain(`/${SEARCH_SNAPSHOT_KEY}`);
    }
    expect(description.functions.filter((fn) => fn.access.searchSnapshots === 'readWrite').map((fn) => fn.name)).toEqual(['search-snapshot']);
    expect(description.functions.filter((fn) => fn.access.searchSnapshots === 'read').map((fn) => fn.name).sort()).toEqual(['articles', 'me', 'personalise']);
  });

  it('is taken at the end of the ingest and the lifecycle, whose runs a failed snapshot does not fail', async () => {
    const { readFileSync } = await import('node:fs');
    for (const machine of ['ingest', 'lifecycle']) {
      const described = description.stateMachines.find((candidate) => candidate.name === machine);
      expect(described?.functions.SearchSnapshotFunctionArn).toBe('search-snapshot');
      const asl = JSON.parse(readFileSync(new URL(`../../state-machines/${machine}.asl.json`, import.meta.url), 'utf8')) as { States: Record<string, { Next?: string; Default?: string; Resource?: string; Catch?: Array<{ Next: string }> }> };
      const step = asl.States.SaveSearchSnapshot;
      expect(step?.Resource).toBe('${SearchSnapshotFunctionArn}');
      expect(step?.Next).toBe('RecordRun');
      expect(step?.Catch?.[0]?.Next).toBe('RecordRun');
      expect(Object.values(asl.States).filter((state) => state.Next === 'RecordRun' || state.Default === 'RecordRun')).toEqual([step]);
    }
  });
});

describe('pipeline', () => {
  it('builds each state machine from its ASL file with function ARNs substituted, logging and tracing on', () => {
    const template = synth();
    template.resourceCountIs('AWS::StepFunctions::StateMachine', description.stateMachines.length);
    template.hasResourceProperties('AWS::StepFunctions::StateMachine', {
      DefinitionSubstitutions: { LifecycleFunctionArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^Fnlifecycle'), 'Arn'] } },
      LoggingConfiguration: Match.objectLike({ Level: 'ALL' }),
      TracingConfiguration: { Enabled: true },
    });
  });

  it('schedules in India time with EventBridge Scheduler', () => {
    const template = synth();
    template.resourceCountIs('AWS::Scheduler::Schedule', description.schedules.length);
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'cron(0 6,18 * * ? *)',
      ScheduleExpressionTimezone: 'Asia/Kolkata',
      Target: Match.objectLike({ Arn: { Ref: Match.stringLikeRegexp('^PipelineStateMachinelifecycle') } }),
    });
  });

  it('alarms on failed executions', () => {
    synth().hasResourceProperties('AWS::CloudWatch::Alarm', {
      Metrics: Match.arrayWith([Match.objectLike({ Expression: 'failed + timedOut + aborted' })]),
      AlarmActions: [{ Ref: Match.stringLikeRegexp('^Alarms') }],
    });
  });

  it('delivers the table stream to each described consumer', () => {
    const withConsumer: StackDescription = { ...description, streamConsumers: [{ name: 'test', fn: 'lifecycle', batchSize: 50 }] };
    const template = synth(withConsumer);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', { BatchSize: 50, StartingPosition: 'TRIM_HORIZON', BisectBatchOnFunctionError: true });
    synth().resourceCountIs('AWS::Lambda::EventSourceMapping', description.streamConsumers.length);
  });

  it('filters each consumer\'s records with the described patterns (the local poller applies the same)', () => {
    const template = synth();
    for (const consumer of description.streamConsumers) {
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FilterCriteria: { Filters: (consumer.filters ?? []).map((pattern) => ({ Pattern: JSON.stringify(pattern) })) },
      });
    }
  });
});

describe('user pool triggers and account functions', () => {
  it('calls the described function for each trigger', () => {
    const template = synth();
    const [, pool] = resourcesOf(template, 'AWS::Cognito::UserPool')[0] ?? [];
    const config = pool?.Properties.LambdaConfig as Record<string, { 'Fn::GetAtt': [string, string] }>;
    const keys = { customMessage: 'CustomMessage', postConfirmation: 'PostConfirmation', preAuthentication: 'PreAuthentication', postAuthentication: 'PostAuthentication' } as const;
    for (const trigger of description.userPoolTriggers) {
      expect(config[keys[trigger.trigger]]?.['Fn::GetAtt'][0]).toMatch(new RegExp(`^Fn${trigger.fn.replace(/-/g, '')}Function`));
    }
  });

  it('counts sign-ins: PreAuthentication and PostAuthentication both call account-events', () => {
    const template = synth();
    const [, pool] = resourcesOf(template, 'AWS::Cognito::UserPool')[0] ?? [];
    const config = pool?.Properties.LambdaConfig as Record<string, { 'Fn::GetAtt': [string, string] }>;
    expect(config.PreAuthentication?.['Fn::GetAtt'][0]).toMatch(/^Fnaccountevents/);
    expect(config.PostAuthentication?.['Fn::GetAtt'][0]).toMatch(/^Fnaccountevents/);
  });

  it('sends Cognito\'s mails through the product\'s SES domain', () => {
    synth().hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: Match.objectLike({ EmailSendingAccount: 'DEVELOPER', From: Match.stringLikeRegexp('example\\.in') }),
    });
  });

  it('lets only functions with link-signing or payment-key access read a secret, by ARN (never its value in settings)', () => {
    const template = synth();
    for (const fn of description.functions) {
      const reads = actionsOfFunction(template, fn.name.replace(/-/g, '')).includes('secretsmanager:GetSecretValue');
      expect(reads, fn.name).toBe(Boolean(fn.access.linkSigningKey || fn.access.paymentKeys));
    }
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ LINK_SIGNING_SECRET_ARN: { Ref: Match.stringLikeRegexp('LinkSigningKey') } }) },
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ RAZORPAY_SECRET_ARN: { Ref: Match.stringLikeRegexp('RazorpayKeys') } }) },
    });
    template.hasResourceProperties('AWS::SecretsManager::Secret', { GenerateSecretString: Match.objectLike({ PasswordLength: 64 }) });
    // No Razorpay key in any function's settings: only the secret's ARN.
    for (const [, fn] of Object.entries(template.findResources('AWS::Lambda::Function'))) {
      expect(Object.keys((fn.Properties as { Environment?: { Variables?: object } }).Environment?.Variables ?? {})).not.toContain('RAZORPAY_KEY_SECRET');
    }
  });

  it('gives every function the API\'s address from the stack (self-links never come from a Host header)', () => {
    const template = synth();
    const projectFunctions = Object.entries(template.findResources('AWS::Lambda::Function', { Properties: { Environment: { Variables: Match.objectLike({ TABLE_NAME: Match.anyValue() }) } } }));
    expect(projectFunctions).toHaveLength(description.functions.length);
    for (const [id, fn] of projectFunctions) {
      expect((fn.Properties as { Environment: { Variables: Record<string, unknown> } }).Environment.Variables, id).toHaveProperty('API_URL');
    }
  });

  it('lets only functions with user pool access call it, on that pool, with its id in their settings', () => {
    const template = synth();
    for (const fn of description.functions) {
      const actions = actionsOfFunction(template, fn.name.replace(/-/g, ''));
      const poolActions = actions.filter((action) => action.startsWith('cognito-idp:'));
      expect(poolActions.sort()).toEqual([...(fn.access.userPool ?? []), ...(fn.access.triggeringPool ?? [])].sort());
    }
  });

  it('lets the account trigger read the groups of the user it was called for, on this account\'s pools in the region only', () => {
    const template = synth();
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 'cognito-idp:AdminListGroupsForUser',
            Resource: { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':cognito-idp:ap-south-1:', { Ref: 'AWS::AccountId' }, ':userpool/*']] },
          }),
        ]),
      },
    });
  });
});

describe('site', () => {
  it('serves a private bucket through CloudFront with origin access control', () => {
    const template = synth();
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        Origins: Match.arrayWith([Match.objectLike({ OriginAccessControlId: Match.anyValue(), S3OriginConfig: Match.anyValue() })]),
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          ResponseHeadersPolicyId: Match.anyValue(),
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
        }),
        // App routes are rewritten by a function: error responses would turn the API's 403/404 into 200s.
        CustomErrorResponses: Match.absent(),
      }),
    });
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
    });
  });

  it('sends security headers and caches hashed assets for a year', () => {
    const template = synth();
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          ContentSecurityPolicy: Match.objectLike({ ContentSecurityPolicy: Match.stringLikeRegexp("default-src 'self'") }),
          StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: 31536000 }),
          FrameOptions: Match.objectLike({ FrameOption: 'DENY' }),
        }),
      }),
    });
    template.hasResourceProperties('Custom::CDKBucketDeployment', { SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' } });
    template.hasResourceProperties('Custom::CDKBucketDeployment', { SystemMetadata: { 'cache-control': 'no-cache' }, DistributionPaths: ['/index.html', '/config.json', '/sw.js', '/manifest.webmanifest'] });
  });
});

describe('edge: one origin, a firewall and a tight CSP', () => {
  const distributionOf = (template: Template) => (resourcesOf(template, 'AWS::CloudFront::Distribution')[0] as [string, Resource])[1].Properties.DistributionConfig as Record<string, unknown>;

  it('serves the API under /api through the distribution: nothing cached, the edge token sent, no CORS', () => {
    const template = synth();
    const config = distributionOf(template);
    const [apiBehavior] = config.CacheBehaviors as Array<Record<string, unknown>>;
    expect(apiBehavior).toMatchObject({
      PathPattern: '/api/*',
      AllowedMethods: expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
      ViewerProtocolPolicy: 'https-only',
    });
    const apiOrigin = (config.Origins as Array<Record<string, unknown>>).find((origin) => origin.Id === apiBehavior!.TargetOriginId)!;
    expect(JSON.stringify(apiOrigin.DomainName)).toContain('.execute-api.ap-south-1.');
    expect(apiOrigin.OriginCustomHeaders).toEqual([expect.objectContaining({ HeaderName: EDGE_ORIGIN_HEADER })]);
    expect(config.WebACLId).toBe(TEST_WEB_ACL_ARN);
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { CorsConfiguration: Match.absent() });
  });

  it('gives the API functions the site-origin API address and the edge token; the CSP names no other API', () => {
    const template = synth();
    const routeFunctions = new Set(description.routes.map((route) => route.fn));
    for (const fn of description.functions) {
      const [, resource] = resourcesOf(template, 'AWS::Lambda::Function').find(([id]) => id.startsWith(`Fn${fn.name.replace(/-/g, '')}Function`)) ?? [];
      const variables = (resource!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(JSON.stringify(variables.API_URL), fn.name).toMatch(/DomainName.*\/api/);
      expect('EDGE_ORIGIN_TOKEN' in variables, fn.name).toBe(routeFunctions.has(fn.name));
    }
    const [, policy] = resourcesOf(template, 'AWS::CloudFront::ResponseHeadersPolicy')[0]!;
    const csp = JSON.stringify(policy.Properties);
    expect(csp).toMatch(/connect-src 'self' https:\/\/cognito-idp\.ap-south-1\.amazonaws\.com/);
    expect(csp).not.toContain('execute-api');
  });

  it('rewrites app routes to index.html but not files, strips /api before the API sees the path and passes the reader\'s address', () => {
    type Request = { uri: string; headers: Record<string, { value: string }> };
    const handle = (code: string, uri: string, headers: Request['headers'] = {}) =>
      new Function(`${code}; return handler;`)()({ request: { uri, headers }, viewer: { ip: '203.0.113.7' } }) as Request;
    const run = (code: string, uri: string) => handle(code, uri).uri;
    expect(run(SPA_ROUTES_CODE, '/categories/creator-economy')).toBe('/index.html');
    expect(run(SPA_ROUTES_CODE, '/admin/content/articles')).toBe('/index.html');
    expect(run(SPA_ROUTES_CODE, '/assets/index-J-UdPMik.js')).toBe('/assets/index-J-UdPMik.js');
    expect(run(SPA_ROUTES_CODE, '/config.json')).toBe('/config.json');
    expect(run(API_PREFIX_CODE, '/api/articles/a1')).toBe('/articles/a1');
    expect(run(API_PREFIX_CODE, '/api/feeds/all/rss.xml')).toBe('/feeds/all/rss.xml');
    // The reader's address goes to the API as a viewer header, over whatever the client claimed.
    expect(handle(API_PREFIX_CODE, '/api/articles', { [VIEWER_ADDRESS_HEADER]: { value: '10.0.0.1' } }).headers[VIEWER_ADDRESS_HEADER]).toEqual({ value: '203.0.113.7' });
  });

  it('puts a CloudFront web ACL in us-east-1 with per-address rate limits answering 429, and passes cdk-nag', () => {
    const app = new App();
    const edge = new EdgeSecurityStack(app, 'Edge', { env: { region: 'us-east-1' } });
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    const template = Template.fromStack(edge);
    const [, acl] = resourcesOf(template, 'AWS::WAFv2::WebACL')[0]!;
    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
    const rules = acl.Properties.Rules as Array<{ Name: string; Action?: { Block?: { CustomResponse?: { ResponseCode: number } } }; Statement: { RateBasedStatement?: { Limit: number; AggregateKeyType: string } } }>;
    const rate = rules.filter((rule) => rule.Statement.RateBasedStatement);
    expect(rate.map((rule) => [rule.Name, rule.Statement.RateBasedStatement!.Limit, rule.Statement.RateBasedStatement!.AggregateKeyType, rule.Action?.Block?.CustomResponse?.ResponseCode])).toEqual([
      ['api-writes-per-address', EDGE_RATE_LIMITS.apiWrites, 'IP', 429],
      ['requests-per-address', EDGE_RATE_LIMITS.allRequests, 'IP', 429],
    ]);
    expect(rules.map((rule) => rule.Name)).toEqual(expect.arrayContaining(['AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet', 'AWSManagedRulesAmazonIpReputationList']));
    expect(() => app.synth()).not.toThrow();
  });
});

describe('mail', () => {
  it('has an SES configuration set that requires TLS', () => {
    synth().hasResourceProperties('AWS::SES::ConfigurationSet', { DeliveryOptions: { TlsPolicy: 'REQUIRE' } });
  });

  it('publishes bounces and complaints to an encrypted topic that SES may use and the mail-events function hears', () => {
    const template = synth();
    template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: { Enabled: true, MatchingEventTypes: ['bounce', 'complaint'], SnsDestination: { TopicARN: Match.anyValue() } },
    });
    const [topicId, topic] = Object.entries(template.findResources('AWS::SNS::Topic', { Properties: { DisplayName: 'SES bounces and complaints' } }))[0] ?? [];
    expect((topic?.Properties as { KmsMasterKeyId?: unknown }).KmsMasterKeyId).toBeDefined();
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      Topics: [{ Ref: topicId }],
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Action: 'sns:Publish', Principal: { Service: 'ses.amazonaws.com' } })]) },
    });
    template.hasResourceProperties('AWS::KMS::Key', {
      KeyPolicy: { Statement: Match.arrayWith([Match.objectLike({ Principal: { Service: 'ses.amazonaws.com' }, Action: ['kms:GenerateDataKey*', 'kms:Decrypt'] })]) },
    });
    const functionId = Object.keys(template.findResources('AWS::Lambda::Function', { Properties: { Description: Match.stringLikeRegexp('^SES bounce and complaint') } }))[0];
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'lambda', TopicArn: { Ref: topicId }, Endpoint: { 'Fn::GetAtt': [functionId, 'Arn'] } });
  });
});

describe('cdk-nag', () => {
  it('passes the AwsSolutions pack, every exception acknowledged with a reason', () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    new CreatorNewsHubStack(app, 'Nag', { env: { region: 'ap-south-1' }, mailDomain: 'example.in', webAclArn: TEST_WEB_ACL_ARN });
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    expect(() => app.synth()).not.toThrow();
  });

  it('fails on a finding nobody acknowledged', () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const stack = new CreatorNewsHubStack(app, 'NagFail', { env: { region: 'ap-south-1' }, mailDomain: 'example.in', webAclArn: TEST_WEB_ACL_ARN });
    new s3.Bucket(stack, 'Careless'); // no access logs, no SSL enforcement: AwsSolutions-S1 and S10
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    expect(() => app.synth()).toThrow();
  });
});
