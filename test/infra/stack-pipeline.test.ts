import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { stack as description, INGEST_WORK_PREFIX, SEARCH_ARCHIVE_PREFIX, SEARCH_SNAPSHOT_KEY, searchArchiveCacheMb, type StackDescription } from '../../lib/stack-description.ts';
import { synth, resourcesOf, actionsOfFunction } from './stack-template.ts';

/** The stack's pipeline side: the search snapshot bucket, state machines, schedules, streams and user pool triggers. */

describe('search index snapshot', () => {
  /** The S3 statements of one function's role, with the bucket's logical id in place of its ARN. */
  function s3StatementsOf(template: Template, fnName: string): Array<{ actions: string[]; resource: string }> {
    const [, fn] = resourcesOf(template, 'AWS::Lambda::Function').find(([id]) => id.startsWith(`Fn${fnName.replaceAll('-', '')}Function`)) ?? [];
    const roleId = (fn?.Properties.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
    return resourcesOf(template, 'AWS::IAM::Policy')
      .filter(([, policy]) => JSON.stringify(policy.Properties.Roles).includes(roleId))
      .flatMap(([, policy]) => (policy.Properties.PolicyDocument as { Statement: Array<{ Action: string | string[]; Resource: unknown }> }).Statement)
      .filter((statement) => [statement.Action].flat().some((action) => action.startsWith('s3:')) && JSON.stringify(statement.Resource).includes('SearchSnapshots'))
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
      // The archive's shards, one object per month under one prefix, and nothing else of the bucket.
      if (access) expect(objectResource(statements)).toContain(`/${SEARCH_ARCHIVE_PREFIX}*`);
      if (access) expect(JSON.parse(objectResource(statements)) as unknown[]).toHaveLength(2);
    }
    expect(description.functions.filter((fn) => fn.access.searchSnapshots === 'readWrite').map((fn) => fn.name)).toEqual(['search-snapshot']);
    expect(description.functions.filter((fn) => fn.access.searchSnapshots === 'read').map((fn) => fn.name).sort()).toEqual(['articles', 'me', 'personalise', 'site-pages']);
  });

  it('tells each function that holds the index how much memory its archive shards may take', () => {
    const template = synth();
    for (const fnDescription of description.functions.filter((fn) => fn.access.searchSnapshots)) {
      const [, fn] = resourcesOf(template, 'AWS::Lambda::Function').find(([id]) => id.startsWith(`Fn${fnDescription.name.replaceAll('-', '')}Function`)) ?? [];
      const variables = (fn?.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables.SEARCH_ARCHIVE_CACHE_MB, fnDescription.name).toBe(String(searchArchiveCacheMb(fnDescription.memoryMb)));
      expect(Number(variables.SEARCH_ARCHIVE_CACHE_MB)).toBeLessThan(fnDescription.memoryMb ?? 128);
    }
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

describe('the ingest\'s host fan-out (Distributed Map)', () => {
  type Statement = { Action: string | string[]; Resource: unknown };
  const statementsOfPolicies = (policies: Array<[string, { Properties: Record<string, unknown> }]>) =>
    policies.flatMap(([, policy]) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
  const ingestMachine = (template: Template) => {
    const [[id, machine] = []] = resourcesOf(template, 'AWS::StepFunctions::StateMachine').filter(([, resource]) => JSON.stringify(resource.Properties.DefinitionSubstitutions).includes('FetchFeedsFunctionArn'));
    return { id: id as string, roleId: (machine?.Properties.RoleArn as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0] };
  };

  it('reads the due hosts from the work bucket, 50 hosts per Express child, bounded, tolerating a failed batch', async () => {
    const { readFileSync } = await import('node:fs');
    const asl = JSON.parse(readFileSync(new URL('../../state-machines/ingest.asl.json', import.meta.url), 'utf8')) as { States: Record<string, Record<string, unknown>> };
    expect(asl.States.FetchHosts).toMatchObject({
      Type: 'Map',
      ItemReader: { Resource: 'arn:aws:states:::s3:getObject', ReaderConfig: { InputType: 'JSON' }, Parameters: { 'Bucket.$': '$.due.bucket', 'Key.$': '$.due.key' } },
      ItemBatcher: { MaxItemsPerBatch: 50, BatchInput: { 'now.$': '$.now' } },
      MaxConcurrency: expect.any(Number),
      ToleratedFailurePercentage: expect.any(Number),
      ItemProcessor: { ProcessorConfig: { Mode: 'DISTRIBUTED', ExecutionType: 'EXPRESS' }, StartAt: 'FetchHostBatch' },
    });
    expect(asl.States.FetchHosts).not.toHaveProperty('ItemsPath');
  });

  it('lets the ingest state machine read its work lists and start, describe and stop its own children only', () => {
    const template = synth();
    const { id, roleId } = ingestMachine(template);
    const policies = resourcesOf(template, 'AWS::IAM::Policy').filter(([, policy]) => JSON.stringify(policy.Properties.Roles).includes(roleId));
    const statements = statementsOfPolicies(policies);
    const s3Read = statements.find((statement) => [statement.Action].flat().includes('s3:GetObject*'));
    expect(JSON.stringify(s3Read?.Resource)).toMatch(new RegExp(`IngestWork[0-9A-F]{8}.*/${INGEST_WORK_PREFIX}\\*`));
    expect(statements.find((statement) => [statement.Action].flat().includes('states:StartExecution'))?.Resource).toEqual({ Ref: id });
    const children = statements.find((statement) => [statement.Action].flat().includes('states:DescribeExecution'));
    expect([children?.Action].flat().sort()).toEqual(['states:DescribeExecution', 'states:StopExecution']);
    const resources = JSON.stringify(children?.Resource);
    expect(resources).toContain(':execution:');
    expect(resources).toContain(':express:');
    expect(resources).toContain(`"${id}","Name"`);
    // No other state machine may start executions.
    const others = resourcesOf(template, 'AWS::StepFunctions::StateMachine').filter(([other]) => other !== id);
    for (const [, other] of others) {
      const otherRole = (other.Properties.RoleArn as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
      const otherStatements = statementsOfPolicies(resourcesOf(template, 'AWS::IAM::Policy').filter(([, policy]) => JSON.stringify(policy.Properties.Roles).includes(otherRole)));
      expect(otherStatements.flatMap((statement) => [statement.Action].flat())).not.toContain('states:StartExecution');
    }
  });

  it('has only the ingest function write work lists, under their prefix, into a bucket that forgets them after a day', () => {
    const template = synth();
    const [[, bucket] = []] = resourcesOf(template, 'AWS::S3::Bucket').filter(([bucketId]) => bucketId.startsWith('IngestWork'));
    expect(bucket?.Properties).toMatchObject({
      LifecycleConfiguration: { Rules: [expect.objectContaining({ ExpirationInDays: 1, Status: 'Enabled' })] },
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
    });
    expect(description.functions.filter((fn) => fn.access.ingestWork).map((fn) => fn.name)).toEqual(['ingest']);
    expect(actionsOfFunction(template, 'ingest')).toContain('s3:PutObject');
    expect(actionsOfFunction(template, 'fetchfeeds')).not.toContain('s3:PutObject');
    template.hasResourceProperties('AWS::Lambda::Function', { Environment: { Variables: Match.objectLike({ INGEST_WORK_BUCKET: { Ref: Match.stringLikeRegexp('^IngestWork') } }) } });
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
    // The mail of what readers follow: the newsletter machine, daily after the Daily Digest, with its list named.
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'cron(30 7 * * ? *)',
      ScheduleExpressionTimezone: 'Asia/Kolkata',
      Target: Match.objectLike({ Arn: { Ref: Match.stringLikeRegexp('^PipelineStateMachinenewsletter') }, Input: Match.serializedJson({ trigger: 'schedule', frequency: 'daily', list: 'follows' }) }),
    });
  });

  it('delivers the table stream to each described consumer', () => {
    const withConsumer: StackDescription = {
      ...description,
      streamConsumers: [{ name: 'test', fn: 'lifecycle', batchSize: 50, onError: { bisectBatchOnError: false, retryAttempts: 2, deadLetterQueue: 'stream-test' } }],
      deadLetterQueues: [...description.deadLetterQueues, { name: 'stream-test', source: 'stream', fn: 'lifecycle' }],
    };
    const template = synth(withConsumer);
    // The described error handling, not a constant: no halving, two retries, the described queue.
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BatchSize: 50,
      StartingPosition: 'TRIM_HORIZON',
      BisectBatchOnFunctionError: false,
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [Match.stringLikeRegexp('^MonitoringDeadLettersstreamtest'), 'Arn'] } } },
    });
    synth().resourceCountIs('AWS::Lambda::EventSourceMapping', description.streamConsumers.length);
  });

  it('hands each consumer\'s failed batches to its described dead-letter queue after the described retries', () => {
    const template = synth();
    for (const consumer of description.streamConsumers) {
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        BisectBatchOnFunctionError: consumer.onError.bisectBatchOnError,
        MaximumRetryAttempts: consumer.onError.retryAttempts,
        DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [Match.stringLikeRegexp(`^MonitoringDeadLetters${consumer.onError.deadLetterQueue.replace(/-/g, '')}`), 'Arn'] } } },
      });
    }
  });

  // AWS rule checked (Lambda developer guide, "Control which events Lambda sends to your function"): an event
  // source mapping takes up to five filters by default; more need a quota increase, and without one creating the
  // mapping fails, rolling the deploy back. No stand-in enforces it, so this test does.
  it('gives every event source mapping at most five filters, Lambda\'s default quota', () => {
    const template = synth();
    const mappings = resourcesOf(template, 'AWS::Lambda::EventSourceMapping');
    expect(mappings.length).toBeGreaterThan(0);
    for (const [name, mapping] of mappings) {
      const filters = (mapping.Properties.FilterCriteria as { Filters?: unknown[] } | undefined)?.Filters ?? [];
      expect(filters.length, name).toBeLessThanOrEqual(5);
    }
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

  it('lets only functions with link-signing, payment-key or push-key access read a secret, by ARN (never its value in settings)', () => {
    const template = synth();
    for (const fn of description.functions) {
      const reads = actionsOfFunction(template, fn.name.replace(/-/g, '')).includes('secretsmanager:GetSecretValue');
      expect(reads, fn.name).toBe(Boolean(fn.access.linkSigningKey || fn.access.paymentKeys || fn.access.pushKeys));
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
