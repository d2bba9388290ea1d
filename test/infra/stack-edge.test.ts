import { App, Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { CreatorNewsHubStack } from '../../lib/app-stack.ts';
import { API_PREFIX_CODE, EDGE_ORIGIN_HEADER, VIEWER_ADDRESS_HEADER } from '../../lib/constructs/site.ts';
import { EDGE_RATE_LIMITS, EdgeSecurityStack } from '../../lib/edge-stack.ts';
import { stack as description } from '../../lib/stack-description.ts';
import { TEST_STACK_PROPS, TEST_WEB_ACL_ARN } from '../support/stack.ts';
import { synth, type Resource, resourcesOf } from './stack-template.ts';

/** The stack's edge: the site behind CloudFront, the firewall, mail and the cdk-nag pack. */

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

  it('serves the resized pictures at the site\'s root, /img/*, from the API origin, cached as the origin\'s Cache-Control says with the path alone as the key', () => {
    const template = synth();
    const config = distributionOf(template);
    const behaviors = config.CacheBehaviors as Array<Record<string, unknown>>;
    const images = behaviors.find((behavior) => behavior.PathPattern === '/img/*')!;
    const api = behaviors.find((behavior) => behavior.PathPattern === '/api/*')!;
    expect(images).toMatchObject({ AllowedMethods: ['GET', 'HEAD'], ViewerProtocolPolicy: 'redirect-to-https', Compress: false, TargetOriginId: api.TargetOriginId });
    // No viewer function: the route is declared at /img, the path goes on as it is. No origin request policy: nothing of the viewer goes on.
    expect(images.FunctionAssociations).toBeUndefined();
    expect(images.OriginRequestPolicyId).toBeUndefined();
    const [policyId, policy] = resourcesOf(template, 'AWS::CloudFront::CachePolicy').find(([id]) => JSON.stringify(images.CachePolicyId).includes(id))!;
    expect(policyId).toMatch(/ResizedImagesCache/);
    expect(policy.Properties.CachePolicyConfig).toMatchObject({
      // 0: a refusal (no-store) is not kept; nothing is kept that does not say for how long; a copy is kept up to a year.
      MinTTL: 0,
      DefaultTTL: 0,
      MaxTTL: 365 * 24 * 3600,
      ParametersInCacheKeyAndForwardedToOrigin: {
        HeadersConfig: { HeaderBehavior: 'none' },
        CookiesConfig: { CookieBehavior: 'none' },
        QueryStringsConfig: { QueryStringBehavior: 'none' },
      },
    });
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

  it('strips /api before the API sees the path and passes the reader\'s address (the site\'s own routing: test/unit/site-routing.test.ts)', () => {
    type Request = { uri: string; headers: Record<string, { value: string }> };
    const handle = (code: string, uri: string, headers: Request['headers'] = {}) =>
      new Function(`${code}; return handler;`)()({ request: { uri, headers }, viewer: { ip: '203.0.113.7' } }) as Request;
    const run = (code: string, uri: string) => handle(code, uri).uri;
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
    new CreatorNewsHubStack(app, 'Nag', TEST_STACK_PROPS);
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    expect(() => app.synth()).not.toThrow();
  });

  it('fails on a finding nobody acknowledged', () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const stack = new CreatorNewsHubStack(app, 'NagFail', TEST_STACK_PROPS);
    new s3.Bucket(stack, 'Careless'); // no access logs, no SSL enforcement: AwsSolutions-S1 and S10
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    expect(() => app.synth()).toThrow();
  });
});
