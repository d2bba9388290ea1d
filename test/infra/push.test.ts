import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { stack as description } from '../../lib/stack-description.ts';
import { actionsOfFunction, resourcesOf, synth } from './stack-template.ts';

/** Web push (docs/decisions/web-push.md): the consumer off the table stream, its dead letters, the VAPID keys. */
describe('web push', () => {
  it('runs the push function on new notifications only, with its failed batches kept in its own dead-letter queue', () => {
    // GIVEN the described stack WHEN synthesised
    const template = synth();
    const [fnId] = resourcesOf(template, 'AWS::Lambda::Function').find(([id]) => id.startsWith('FnpushFunction')) ?? [];
    expect(fnId).toBeDefined();
    // THEN one event source mapping calls it, filtered to inserted notifications, failing into stream-push
    const mappings = resourcesOf(template, 'AWS::Lambda::EventSourceMapping').filter(([, mapping]) => JSON.stringify(mapping.Properties.FunctionName).includes(fnId as string));
    expect(mappings).toHaveLength(1);
    expect(mappings[0]?.[1].Properties).toMatchObject({
      StartingPosition: 'TRIM_HORIZON',
      BisectBatchOnFunctionError: true,
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify({ eventName: ['INSERT'], dynamodb: { NewImage: { __edb_e__: { S: ['notification'] } } } }) }] },
    });
    expect(JSON.stringify(mappings[0]?.[1].Properties.DestinationConfig)).toMatch(/MonitoringDeadLettersstreampush/);
  });

  it('keeps the VAPID keys in a secret made with placeholders, read by ARN only by the functions that push or hand out the key', () => {
    const template = synth();
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ SecretStringTemplate: JSON.stringify({ publicKey: 'set-after-deploy', subject: 'set-after-deploy' }), GenerateStringKey: 'privateKey' }),
    });
    const withKey = resourcesOf(template, 'AWS::Lambda::Function')
      .filter(([, fn]) => JSON.stringify((fn.Properties.Environment as { Variables?: object } | undefined)?.Variables ?? {}).includes('VAPID_SECRET_ARN'))
      .map(([id]) => id.replace(/Function.*$/, ''));
    expect(withKey.sort()).toEqual(description.functions.filter((fn) => fn.access.pushKeys).map((fn) => `Fn${fn.name.replace(/-/g, '')}`).sort());
    expect(withKey.sort()).toEqual(['Fnme', 'Fnpush']);
    expect(actionsOfFunction(template, 'push')).toContain('secretsmanager:GetSecretValue');
    template.hasOutput('VapidSecretName', Match.anyValue());
  });

  it('answers the push routes behind the Cognito authorizer', () => {
    const template = synth();
    for (const key of ['GET /me/push/choices', 'PUT /me/push/choices', 'PUT /me/push/subscriptions', 'DELETE /me/push/subscriptions/{deviceId}']) {
      template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: key, AuthorizationType: 'JWT' });
    }
  });
});
