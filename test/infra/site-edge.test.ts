import { describe, expect, it } from 'vitest';
import { SITE_PAGES_PREFIX } from '../../lambdas/domain/reader/site-pages.ts';
import { MISSING_PAGE_PATTERNS, SITE_ROOT_API_PATHS, SITE_ROUTING_CODE } from '../../lambdas/domain/reader/site-routes.ts';
import { SECURITY_HEADERS } from '../../lib/site-headers.ts';
import { resourcesOf, synth, type Resource } from './stack-template.ts';

/** The written pages' edge: the routing function, the crawlers' files at the root, the bucket grants, the rewrite after a deploy. */
const template = synth();
const [[, distribution]] = resourcesOf(template, 'AWS::CloudFront::Distribution') as [[string, Resource]];
const config = distribution.Properties.DistributionConfig as { CacheBehaviors: Array<Record<string, unknown>>; Origins: Array<{ Id: string; DomainName: unknown }> };
const json = (value: unknown) => JSON.stringify(value);
const bucketId = resourcesOf(template, 'AWS::S3::Bucket').find(([id]) => id.startsWith('SiteAssets'))?.[0] as string;

describe('site edge for written pages', () => {
  it('runs the shared routing code as the site\'s viewer-request function', () => {
    const codes = resourcesOf(template, 'AWS::CloudFront::Function').map(([, fn]) => fn.Properties.FunctionCode);
    expect(codes).toContain(SITE_ROUTING_CODE);
  });

  it('lets the distribution, and only it, list the site bucket, so a missing written page is S3\'s 404 and not its 403', () => {
    const [, policy] = resourcesOf(template, 'AWS::S3::BucketPolicy').find(([, candidate]) => json(candidate.Properties.Bucket).includes(bucketId)) ?? [];
    const statements = (policy!.Properties.PolicyDocument as { Statement: Array<{ Action: string | string[]; Principal?: unknown; Condition?: unknown }> }).Statement;
    const list = statements.find((statement) => [statement.Action].flat().includes('s3:ListBucket'));
    expect(list?.Principal).toEqual({ Service: 'cloudfront.amazonaws.com' });
    expect(json(list?.Condition)).toMatch(/AWS:SourceArn.*distribution/);
  });

  it('sends the crawlers\' files at the root to the API origin under their own path, cached as the API says', () => {
    const apiOriginId = config.CacheBehaviors.find((behavior) => behavior.PathPattern === '/api/*')?.TargetOriginId;
    for (const pattern of SITE_ROOT_API_PATHS) {
      const behavior = config.CacheBehaviors.find((candidate) => candidate.PathPattern === pattern);
      expect(behavior, pattern).toMatchObject({
        TargetOriginId: apiOriginId,
        CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6', // Managed-CachingOptimized: honours the origin's Cache-Control
        AllowedMethods: ['GET', 'HEAD'],
      });
      // The viewer-address function, not the one that strips /api.
      const functionId = json((behavior!.FunctionAssociations as unknown[])[0]);
      expect(functionId).toMatch(/SiteViewerAddress/);
    }
  });

  it('asks the API for a story or category page the bucket does not have: an origin group failing over on the bucket\'s 404', () => {
    type Group = { Id: string; FailoverCriteria: { StatusCodes: { Items: number[] } }; Members: { Items: Array<{ OriginId: string }> } };
    const groups = (config as unknown as { OriginGroups?: { Items: Group[] } }).OriginGroups?.Items ?? [];
    const apiOriginId = config.CacheBehaviors.find((behavior) => behavior.PathPattern === '/api/*')?.TargetOriginId;
    for (const pattern of MISSING_PAGE_PATTERNS) {
      const behavior = config.CacheBehaviors.find((candidate) => candidate.PathPattern === pattern);
      const group = groups.find((candidate) => candidate.Id === behavior?.TargetOriginId);
      expect(group?.FailoverCriteria.StatusCodes.Items, pattern).toEqual([404]);
      // First the site's bucket (CDK renders the group's member as an origin of its own, of the same bucket), then the API.
      const [first, second] = group?.Members.Items.map((member) => config.Origins.find((origin) => origin.Id === member.OriginId)) ?? [];
      expect(json(first?.DomainName)).toContain(bucketId);
      expect(second?.Id).toBe(apiOriginId);
      // The same routing as every other page of the site, so /story/<slug>-<id> is asked for as its written page.
      expect(json(behavior?.FunctionAssociations)).toMatch(/SiteRouting/);
    }
  });

  it('grants the page writer put and delete under pages/ and a read of the shell only, the articles function the shell alone, and names the bucket to them', () => {
    const onSiteBucket = resourcesOf(template, 'AWS::IAM::Policy')
      .filter(([, policy]) => json(policy.Properties.Roles).includes('Fnsitepages'))
      .flatMap(([, policy]) => (policy.Properties.PolicyDocument as { Statement: Array<{ Action: string | string[]; Resource: unknown }> }).Statement)
      .filter((statement) => json(statement.Resource).includes(bucketId))
      .map((statement) => [[statement.Action].flat().sort(), json(statement.Resource).match(/"\/([^"]*)"/)?.[1]]);
    expect(onSiteBucket).toEqual([
      [['s3:DeleteObject', 's3:PutObject'], `${SITE_PAGES_PREFIX}*`],
      [['s3:GetObject'], 'index.html'],
    ]);
    const [, fn] = resourcesOf(template, 'AWS::Lambda::Function').find(([id]) => id.startsWith('FnsitepagesFunction')) ?? [];
    expect(json((fn!.Properties.Environment as { Variables: Record<string, unknown> }).Variables.SITE_BUCKET)).toContain(bucketId);
    // Only the articles function is told the site's bucket besides: it reads the shell alone.
    const others = resourcesOf(template, 'AWS::Lambda::Function').filter(([id, candidate]) => !id.startsWith('FnsitepagesFunction') && (json(candidate.Properties.Environment) ?? '').includes('SITE_BUCKET'));
    expect(others.map(([id]) => id.replace(/Function.*/, ''))).toEqual(['Fnarticles']);
    const articlesOnSiteBucket = resourcesOf(template, 'AWS::IAM::Policy')
      .filter(([, policy]) => json(policy.Properties.Roles).includes('Fnarticles'))
      .flatMap(([, policy]) => (policy.Properties.PolicyDocument as { Statement: Array<{ Action: string | string[]; Resource: unknown }> }).Statement)
      .filter((statement) => json(statement.Resource).includes(bucketId))
      .map((statement) => [[statement.Action].flat().sort(), json(statement.Resource).match(/"\/([^"]*)"/)?.[1]]);
    expect(articlesOnSiteBucket).toEqual([[['s3:GetObject'], 'index.html']]);
  });

  it('adds the API security headers (no framing, no sniffing, HSTS) to every behaviour the API answers: /api, the crawlers\' files, the pictures', () => {
    const [[policyId, policy]] = resourcesOf(template, 'AWS::CloudFront::ResponseHeadersPolicy').filter(([id]) => id.includes('ApiSecurityHeaders')) as [[string, Resource]];
    const security = (policy.Properties.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, Record<string, unknown>> }).SecurityHeadersConfig;
    expect(security.FrameOptions).toMatchObject({ FrameOption: SECURITY_HEADERS['x-frame-options'], Override: true });
    expect(security.ContentTypeOptions).toMatchObject({ Override: true });
    expect(security.ReferrerPolicy).toMatchObject({ ReferrerPolicy: SECURITY_HEADERS['referrer-policy'], Override: true });
    expect(security.StrictTransportSecurity).toMatchObject({ IncludeSubdomains: true, Override: true });
    for (const pathPattern of ['/api/*', ...SITE_ROOT_API_PATHS, '/img/*']) {
      const behaviour = config.CacheBehaviors.find((candidate) => candidate.PathPattern === pathPattern);
      expect(json(behaviour?.ResponseHeadersPolicyId), pathPattern).toContain(policyId);
    }
  });

  it('invokes the page writer with {"rewriteAll":true} after the shell is deployed, asynchronously', () => {
    const [[, rewrite]] = Object.entries(template.findResources('Custom::AWS')).filter(([candidate]) => candidate.startsWith('SiteRewritePages')) as [[string, Resource & { DependsOn?: string[] }]];
    // The call is a Fn::Join of JSON around the function's name: put a placeholder for each reference and read it.
    const [, parts] = (rewrite.Properties.Create as { 'Fn::Join': [string, unknown[]] })['Fn::Join'];
    const call = JSON.parse(parts.map((part) => (typeof part === 'string' ? part : 'REF')).join('')) as { service: string; action: string; parameters: Record<string, string> };
    expect(call).toMatchObject({ service: 'Lambda', action: 'invoke', parameters: { FunctionName: 'REF', InvocationType: 'Event' } });
    expect(JSON.parse(call.parameters.Payload as string)).toEqual({ rewriteAll: true });
    expect(json(parts)).toMatch(/Fnsitepages/);
    expect((rewrite.DependsOn ?? []).some((dependency) => dependency.startsWith('SiteDeployEntry'))).toBe(true);
  });
});
