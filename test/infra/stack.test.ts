import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { ARTICLE_LIST_ROW } from '#domain/content/article-admin.ts';
import { stack as description } from '../../lib/stack-description.ts';
import { synth, stackDescriptionWithReadOnly, resourcesOf, actionsOfFunction } from './stack-template.ts';

/** The stack from its description: the table, the user pool, the API and the functions' grants. */

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

  it('copies every attribute into the three ALL indexes and only the list row into the slim list index', () => {
    const indexes = synth().findResources('AWS::DynamoDB::GlobalTable');
    const [table] = Object.values(indexes) as Array<{ Properties: { GlobalSecondaryIndexes: Array<{ IndexName: string; Projection: { ProjectionType: string; NonKeyAttributes?: string[] } }> } }>;
    const projections = Object.fromEntries(table!.Properties.GlobalSecondaryIndexes.map((index) => [index.IndexName, index.Projection]));
    expect(projections).toEqual({
      gsi1: { ProjectionType: 'ALL' },
      gsi2: { ProjectionType: 'ALL' },
      gsi3: { ProjectionType: 'ALL' },
      gsi4: { ProjectionType: 'INCLUDE', NonKeyAttributes: [...ARTICLE_LIST_ROW] },
    });
    // A page of 25 rows stays a few kB: few attributes, none of them the article's text.
    expect(ARTICLE_LIST_ROW).not.toContain('summary');
    expect(ARTICLE_LIST_ROW).not.toContain('content');
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
    template.resourceCountIs('AWS::Lambda::Function', description.functions.length + 2 /* BucketDeployment handler, the AwsCustomResource provider (the page rewrite after a deploy) */);
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

  it('let the admin API send mail (a newsletter test goes to the editor from the console)', () => {
    const actions = actionsOfFunction(synth(), 'admin');
    expect(actions.filter((action) => action.startsWith('ses:')).sort()).toEqual(['ses:SendBulkEmail', 'ses:SendEmail']);
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
