import { App } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { OPEN_ORIGIN_WARNING } from '../../lib/constructs/api.ts';
import { CLOUDFRONT_CERTIFICATE_REGION, TRUSTSTORE_KEY } from '../../lib/constructs/origin-mtls.ts';
import { ROTATION_DAYS } from '../../lib/constructs/origin-mtls/validity.ts';
import { addDeployment, type Deployment } from '../../lib/deployment.ts';
import { EDGE_ORIGIN_HEADER } from '../../lib/stack-description.ts';
import { REQUIRED_CONTEXT } from '../support/stack.ts';

/**
 * The API only through CloudFront (docs/decisions/api-only-through-cloudfront.md): with a site domain the API's
 * own name demands CloudFront's client certificate (mutual TLS) and the execute-api endpoint is off; without
 * one the synth says plainly that the API stays reachable around the edge.
 */

const DOMAIN_CONTEXT = { domainName: 'news.example.in', hostedZoneName: 'example.in' };

type Resource = { Type: string; Properties: Record<string, unknown> };

function deploy(context: Record<string, string> = {}): Deployment & { template: Template; edgeTemplate: Template } {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [], ...REQUIRED_CONTEXT, ...context } });
  const deployment = addDeployment(app);
  return { ...deployment, template: Template.fromStack(deployment.main), edgeTemplate: Template.fromStack(deployment.edge) };
}

function only(template: Template, type: string): [string, Resource] {
  const found = Object.entries(template.findResources(type)) as Array<[string, Resource]>;
  expect(found, type).toHaveLength(1);
  return found[0]!;
}

function apiOrigin(template: Template): Record<string, unknown> {
  const [, distribution] = only(template, 'AWS::CloudFront::Distribution');
  const config = distribution.Properties.DistributionConfig as { Origins: Array<Record<string, unknown>>; CacheBehaviors: Array<{ PathPattern: string; TargetOriginId: string }> };
  const behavior = config.CacheBehaviors.find((candidate) => candidate.PathPattern === '/api/*')!;
  return config.Origins.find((origin) => origin.Id === behavior.TargetOriginId)!;
}

describe('with a site domain', () => {
  const { main, template } = deploy(DOMAIN_CONTEXT);
  const [materialId, material] = only(template, 'Custom::OriginMutualTls');

  it('switches the execute-api endpoint off and demands mutual TLS on the API\'s own name, with the stack\'s truststore', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: true });
    const [bucketId] = Object.keys(template.findResources('AWS::S3::Bucket', { Properties: { VersioningConfiguration: { Status: 'Enabled' } } }));
    expect(bucketId).toMatch(/OriginMtlsTruststore/);
    template.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: 'api-origin.news.example.in',
      DomainNameConfigurations: [Match.objectLike({ EndpointType: 'REGIONAL', SecurityPolicy: 'TLS_1_2' })],
      MutualTlsAuthentication: {
        TruststoreUri: { 'Fn::Join': ['', ['s3://', { Ref: bucketId }, `/${TRUSTSTORE_KEY}`]] },
        // The object version the function wrote: a new truststore updates the domain, as API Gateway requires.
        TruststoreVersion: { 'Fn::GetAtt': [materialId, 'TruststoreVersion'] },
      },
    });
    // Switched on after CloudFront presents the certificate (a distribution that presents one to an origin that
    // asks for none loses nothing), so an existing deployment sees no refused window.
    const [distributionId] = only(template, 'AWS::CloudFront::Distribution');
    template.hasResource('AWS::ApiGatewayV2::DomainName', { DependsOn: Match.arrayWith([distributionId]) });
    template.hasResourceProperties('AWS::S3::Bucket', {
      VersioningConfiguration: { Status: 'Enabled' },
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
    });
  });

  it('has CloudFront present the client certificate (ACM, us-east-1) to the API origin, besides the edge token', () => {
    const origin = apiOrigin(template);
    expect(origin.DomainName).toBe('api-origin.news.example.in');
    expect(origin.CustomOriginConfig).toMatchObject({
      OriginProtocolPolicy: 'https-only',
      OriginMtlsConfig: { ClientCertificateArn: { 'Fn::GetAtt': [materialId, 'CertificateArn'] } },
    });
    expect(origin.OriginCustomHeaders).toEqual([expect.objectContaining({ HeaderName: EDGE_ORIGIN_HEADER })]);
  });

  it('makes the material at deploy: the authority in its own secret, the truststore object, the client certificate named after the origin in us-east-1', () => {
    expect(material.Properties).toMatchObject({
      CertificateRegion: CLOUDFRONT_CERTIFICATE_REGION,
      ClientName: 'cloudfront.api-origin.news.example.in',
      TruststoreKey: TRUSTSTORE_KEY,
      AuthoritySecretArn: { Ref: expect.stringMatching(/OriginMtlsAuthority/) },
      TruststoreBucket: { Ref: expect.stringMatching(/OriginMtlsTruststore/) },
      ServiceToken: { 'Fn::GetAtt': [expect.stringMatching(/OriginMtlsFunction/), 'Arn'] },
    });
    template.hasResourceProperties('AWS::Lambda::Function', { Description: Match.stringLikeRegexp('^Origin mTLS'), Runtime: 'nodejs22.x', Architectures: ['arm64'] });
  });

  it('grants the function only what it does: that secret, that object, and importing or deleting us-east-1 certificates', () => {
    const [functionId, fn] = Object.entries(template.findResources('AWS::Lambda::Function', { Properties: { Description: Match.stringLikeRegexp('^Origin mTLS') } }))[0]!;
    const roleId = ((fn as Resource).Properties.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
    const statements = (Object.values(template.findResources('AWS::IAM::Policy')) as Resource[])
      .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(roleId))
      .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: Array<{ Action: string | string[]; Resource: unknown }> }).Statement);
    const byAction = (action: string) => statements.filter((statement) => [statement.Action].flat().includes(action)).map((statement) => JSON.stringify(statement.Resource));
    expect(byAction('acm:ImportCertificate')).toEqual([expect.stringMatching(/:acm:us-east-1:.*:certificate\/\*/)]);
    expect(byAction('acm:DeleteCertificate')).toEqual(byAction('acm:ImportCertificate'));
    expect(byAction('s3:PutObject')).toEqual([expect.stringMatching(new RegExp(`OriginMtlsTruststore.*/${TRUSTSTORE_KEY.replace('.', '\\.')}`))]);
    expect(byAction('secretsmanager:PutSecretValue')).toEqual([expect.stringMatching(/OriginMtlsAuthority/)]);
    expect(byAction('secretsmanager:GetSecretValue')).toEqual([expect.stringMatching(/OriginMtlsAuthority/)]);
    expect(statements.flatMap((statement) => [statement.Action].flat()).filter((action) => action.includes('*'))).toEqual([]);
    expect(functionId).toMatch(/OriginMtlsFunction/);
  });

  it(`re-issues the client certificate every ${ROTATION_DAYS} days under the same ARN, and alarms when that fails`, () => {
    const [, rule] = only(template, 'AWS::Events::Rule');
    expect(rule.Properties.ScheduleExpression).toBe(`rate(${ROTATION_DAYS} days)`);
    const [target] = rule.Properties.Targets as Array<{ Arn: unknown; Input: unknown }>;
    expect(JSON.stringify(target!.Arn)).toMatch(/OriginMtlsFunction/);
    const input = JSON.stringify(target!.Input);
    expect(input).toContain('\\"action\\":\\"rotate\\"');
    expect(input).toContain(`"Fn::GetAtt":["${materialId}","CertificateArn"]`);
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmDescription: Match.stringLikeRegexp('^The origin mTLS function failed'),
      MetricName: 'Errors',
      AlarmActions: [{ Ref: Match.stringLikeRegexp('^MonitoringAlarms') }],
    });
  });

  it('gives no warning about an open origin', () => {
    Annotations.fromStack(main).hasNoWarning('*', OPEN_ORIGIN_WARNING);
  });
});

describe('without a site domain', () => {
  const { main, template } = deploy();

  it('keeps the execute-api endpoint (CloudFront needs a name to call) and says at synth that only a domain closes it', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: Match.absent() });
    template.resourceCountIs('AWS::ApiGatewayV2::DomainName', 0);
    template.resourceCountIs('Custom::OriginMutualTls', 0);
    expect((apiOrigin(template).CustomOriginConfig as Record<string, unknown>).OriginMtlsConfig).toBeUndefined();
    Annotations.fromStack(main).hasWarning('*', OPEN_ORIGIN_WARNING);
    expect(OPEN_ORIGIN_WARNING).toMatch(/domainName.*hostedZoneName/);
  });

  it('still refuses direct calls in the functions: every API function gets the edge token', () => {
    const fns = Object.values(template.findResources('AWS::Lambda::Function')) as Resource[];
    const withToken = fns.filter((fn) => 'EDGE_ORIGIN_TOKEN' in (((fn.Properties.Environment as { Variables?: Record<string, unknown> }) ?? {}).Variables ?? {}));
    expect(withToken.length).toBeGreaterThan(0);
  });
});

describe('the per-address rules at the edge', () => {
  it('count the API\'s paths: every request of an address, its API writes on their own, in the web ACL of the distribution that serves /api/*', () => {
    const { template, edgeTemplate } = deploy(DOMAIN_CONTEXT);
    const [aclId, acl] = only(edgeTemplate, 'AWS::WAFv2::WebACL');
    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
    const rules = acl.Properties.Rules as Array<{ Name: string; Statement: { RateBasedStatement?: { AggregateKeyType: string; ScopeDownStatement?: unknown } } }>;
    const all = rules.find((rule) => rule.Name === 'requests-per-address')!.Statement.RateBasedStatement!;
    // No scope-down: the site's paths and /api/* alike.
    expect(all).toMatchObject({ AggregateKeyType: 'IP' });
    expect(all.ScopeDownStatement).toBeUndefined();
    const writes = JSON.stringify(rules.find((rule) => rule.Name === 'api-writes-per-address')!.Statement.RateBasedStatement!.ScopeDownStatement);
    expect(writes).toContain('"SearchString":"/api/"');
    expect(writes).toContain('"PositionalConstraint":"STARTS_WITH"');
    // The distribution that serves /api/* carries that web ACL (read across regions from the edge stack).
    const [, distribution] = only(template, 'AWS::CloudFront::Distribution');
    expect(JSON.stringify((distribution.Properties.DistributionConfig as { WebACLId: unknown }).WebACLId)).toMatch(/WebAcl|resolve:ssm/);
    expect(aclId).toMatch(/WebAcl/);
  });
});
