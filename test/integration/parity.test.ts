import { TEST_STACK_PROPS } from '../support/stack.ts';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { CreatorNewsHubStack } from '../../lib/app-stack.ts';
import type { RuntimeManifest } from '../../lib/local/runtime.ts';
import { local } from '../support/aws.ts';

/**
 * The two runtimes must serve the same product: what the CDK template deploys is compared with what the
 * running local runtime actually wired (its manifest, and answers over HTTP). A route, schedule or
 * state machine present in one and not the other fails here.
 */
type Resource = { Type: string; Properties: Record<string, unknown>; Metadata?: Record<string, string> };

let resources: Array<[string, Resource]>;
let manifest: RuntimeManifest;
/** When the runtime wrote its manifest: each schedule's next run was computed then. */
let manifestWrittenAt: number;

const ofType = (type: string) => resources.filter(([, resource]) => resource.Type === type);
const cdkPath = (resource: Resource) => resource.Metadata?.['aws:cdk:path'] ?? '';

beforeAll(() => {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [], 'aws:cdk:enable-path-metadata': true } });
  const stack = new CreatorNewsHubStack(app, 'Parity', TEST_STACK_PROPS);
  resources = Object.entries(Template.fromStack(stack).toJSON().Resources as Record<string, Resource>);
  manifest = JSON.parse(readFileSync(path.join(local().dataDir, 'runtime.json'), 'utf8')) as RuntimeManifest;
  manifestWrittenAt = statSync(path.join(local().dataDir, 'runtime.json')).mtimeMs;
});

describe('AWS and the local runtime', () => {
  it('serve the same routes with the same protection', () => {
    const deployed = ofType('AWS::ApiGatewayV2::Route')
      .map(([, route]) => `${String(route.Properties.RouteKey)} ${route.Properties.AuthorizationType === 'JWT' ? 'signed-in' : 'public'}`)
      .sort();
    const served = manifest.routes.map((route) => `${route.routeKey} ${route.auth === 'public' ? 'public' : 'signed-in'}`).sort();
    expect(served).toEqual(deployed);
    expect(served.length).toBeGreaterThan(0);
  });

  it('answer every route locally (no gateway 404) and demand a token where AWS does', async () => {
    for (const route of manifest.routes) {
      const [method, routePath] = route.routeKey.split(' ') as [string, string];
      const url = `${local().urls.api}${routePath.replace(/\{\w+\+?\}/g, 'sample')}`;
      const response = await fetch(url, { method });
      expect(await response.text(), route.routeKey).not.toBe('{"message":"Not Found"}');
      if (route.auth !== 'public') expect(response.status, route.routeKey).toBe(401);
    }
  });

  it('run the same state machines', () => {
    const deployed = ofType('AWS::StepFunctions::StateMachine')
      .map(([, machine]) => /StateMachine-([\w-]+)\/Resource$/.exec(cdkPath(machine))?.[1])
      .sort();
    expect([...manifest.stateMachines].sort()).toEqual(deployed);
  });

  it('fire the same schedules, in the same time zone, at the same state machines', () => {
    const machineNames = new Map(
      ofType('AWS::StepFunctions::StateMachine').map(([id, machine]) => [id, /StateMachine-([\w-]+)\/Resource$/.exec(cdkPath(machine))?.[1]]),
    );
    const deployed = ofType('AWS::Scheduler::Schedule')
      .map(([, schedule]) => {
        const target = schedule.Properties.Target as { Arn: { Ref: string } };
        return `${String(schedule.Properties.ScheduleExpression)} ${String(schedule.Properties.ScheduleExpressionTimezone)} -> ${machineNames.get(target.Arn.Ref)}`;
      })
      .sort();
    const served = manifest.schedules.map((job) => `${job.expression} ${job.timezone} -> ${job.stateMachine}`).sort();
    expect(served).toEqual(deployed);
    // Live schedules: each next run lies after the moment it was computed (not after now: the suite may run past a firing).
    for (const job of manifest.schedules) expect(Date.parse(job.nextRun)).toBeGreaterThan(manifestWrittenAt - 1000);
  });

  it('deliver the table stream to the same consumers, with the same filters', () => {
    const mappings = ofType('AWS::Lambda::EventSourceMapping');
    expect(mappings).toHaveLength(manifest.streamConsumers.length);
    const deployedFilters = mappings.map(([, mapping]) => ((mapping.Properties.FilterCriteria as { Filters?: unknown[] } | undefined)?.Filters ?? []).length).sort();
    expect(manifest.streamConsumers.map((consumer) => consumer.filters).sort()).toEqual(deployedFilters);
  });

  it('give up on a failing batch the same way: halving, retries, and the same dead-letter queue', () => {
    const queueIds = new Map(ofType('AWS::SQS::Queue').map(([id, queue]) => [id, /DeadLetters-([\w-]+)\/Resource$/.exec(cdkPath(queue))?.[1]]));
    const deployed = ofType('AWS::Lambda::EventSourceMapping')
      .map(([, mapping]) => {
        const destination = (mapping.Properties.DestinationConfig as { OnFailure: { Destination: { 'Fn::GetAtt': [string, string] } } }).OnFailure.Destination['Fn::GetAtt'][0];
        return `${String(mapping.Properties.BisectBatchOnFunctionError)} ${String(mapping.Properties.MaximumRetryAttempts)} -> ${queueIds.get(destination)}`;
      })
      .sort();
    const served = manifest.streamConsumers.map((consumer) => `${consumer.bisectBatchOnError} ${consumer.retryAttempts} -> ${consumer.deadLetterQueue}`).sort();
    expect(served).toEqual(deployed);
    // Every queue the runtime holds is one the stack makes.
    for (const queue of manifest.deadLetterQueues) expect([...queueIds.values()], queue.name).toContain(queue.name);
  });

  it('retry the mail events as often and keep what failed in the same queue', () => {
    const queueIds = new Map(ofType('AWS::SQS::Queue').map(([id, queue]) => [id, /DeadLetters-([\w-]+)\/Resource$/.exec(cdkPath(queue))?.[1]]));
    const [, config] = ofType('AWS::Lambda::EventInvokeConfig')[0] ?? [];
    const destination = (config?.Properties.DestinationConfig as { OnFailure: { Destination: { 'Fn::GetAtt': [string, string] } } }).OnFailure.Destination['Fn::GetAtt'][0];
    expect({ retryAttempts: config?.Properties.MaximumRetryAttempts, deadLetterQueue: queueIds.get(destination) }).toEqual({ retryAttempts: manifest.mailEvents.retryAttempts, deadLetterQueue: manifest.mailEvents.deadLetterQueue });
  });

  it('call the same functions from the user pool\'s triggers', () => {
    const [, pool] = ofType('AWS::Cognito::UserPool')[0] ?? [];
    const functionIds = new Map(ofType('AWS::Lambda::Function').map(([id, fn]) => [id, /Fn-([\w-]+)\/Function\/Resource$/.exec(cdkPath(fn))?.[1]]));
    const config = (pool?.Properties.LambdaConfig ?? {}) as Record<string, { 'Fn::GetAtt': [string, string] }>;
    const deployed = Object.fromEntries(Object.entries(config).map(([trigger, arn]) => [trigger, functionIds.get(arn['Fn::GetAtt'][0])]));
    expect(manifest.userPoolTriggers).toEqual(deployed);
    expect(Object.keys(deployed).length).toBeGreaterThan(0);
  });

  it('send the same SES events to the same function', () => {
    const functionIds = new Map(ofType('AWS::Lambda::Function').map(([id, fn]) => [id, /Fn-([\w-]+)\/Function\/Resource$/.exec(cdkPath(fn))?.[1]]));
    const [, destination] = ofType('AWS::SES::ConfigurationSetEventDestination')[0] ?? [];
    const settings = destination?.Properties.EventDestination as { MatchingEventTypes: string[]; SnsDestination: { TopicARN: { Ref: string } } };
    const [, subscription] = ofType('AWS::SNS::Subscription').find(([, candidate]) => (candidate.Properties.TopicArn as { Ref: string }).Ref === settings.SnsDestination.TopicARN.Ref) ?? [];
    const endpoint = subscription?.Properties.Endpoint as { 'Fn::GetAtt': [string, string] };
    expect({ fn: functionIds.get(endpoint['Fn::GetAtt'][0]), events: settings.MatchingEventTypes.sort() }).toEqual({
      fn: manifest.mailEvents.fn,
      events: manifest.mailEvents.events.map((event) => event.toLowerCase()).sort(),
    });
    expect(ofType('AWS::Lambda::EventInvokeConfig')).toHaveLength(1);
  });
});
