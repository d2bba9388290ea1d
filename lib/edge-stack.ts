import { RemovalPolicy, type StackProps } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { DeployChecks } from './constructs/deploy-checks.ts';
import type { SiteDomain } from './deploy-config.ts';
import { ProjectStack } from './constructs/lambda-logs.ts';

export interface EdgeSecurityStackProps extends StackProps {
  /** The site's own name: its certificate is made here, as CloudFront takes certificates from us-east-1 only. */
  domain?: SiteDomain;
}

/**
 * Per-address limits at the edge, in a five-minute window (WAF's rate rules count per address over
 * 5 minutes). Generous on purpose: many Indian mobile readers share one carrier address (CGNAT), and the
 * API's own per-client limits (platform/rate-limit.ts) stay the precise ones; these stop floods before they
 * cost a Lambda invocation.
 */
export const EDGE_RATE_LIMITS = {
  /** Every request to the site and the API from one address. */
  allRequests: 3000,
  /** Writes (POST, PUT, PATCH, DELETE) to the API from one address: forms, tracking, console changes. */
  apiWrites: 600,
} as const;

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

const managedRules = (priority: number, name: string, excluded: string[] = []): wafv2.CfnWebACL.RuleProperty => ({
  name,
  priority,
  overrideAction: { none: {} },
  statement: {
    managedRuleGroupStatement: {
      vendorName: 'AWS',
      name,
      ...(excluded.length ? { ruleActionOverrides: excluded.map((rule) => ({ name: rule, actionToUse: { count: {} } })) } : {}),
    },
  },
  visibilityConfig: visibility(name),
});

/**
 * The web application firewall of the CloudFront distribution. CloudFront takes only web ACLs made in
 * us-east-1, so this is its own stack there; the app stack refers to it across regions. The API is served
 * through the same distribution (under /api), so these rules cover the API as well as the site.
 */
export class EdgeSecurityStack extends ProjectStack {
  readonly webAclArn: string;
  /** The site's certificate (DNS-validated in its zone), when it has its own domain. */
  readonly certificateArn?: string;

  constructor(scope: Construct, id: string, props: EdgeSecurityStackProps) {
    super(scope, id, props);
    if (props.domain) {
      const zone = DeployChecks.of(this).hostedZone(this, 'SiteZone', props.domain.hostedZoneName);
      // Named after the domain: CDK's cross-region writer puts a new export only under a new name (an export
      // whose value changes keeps its old value), so a new domainName must make a new certificate resource.
      // The old one is kept (CloudFront still uses it until the app stack moves over): delete it by hand.
      const certificate = new acm.Certificate(this, `SiteCertificate-${props.domain.domainName}`, {
        domainName: props.domain.domainName,
        validation: acm.CertificateValidation.fromDns(zone),
      });
      certificate.applyRemovalPolicy(RemovalPolicy.RETAIN);
      this.certificateArn = certificate.certificateArn;
    }
    const writeMethods = ['POST', 'PUT', 'PATCH', 'DELETE'].map((method) => ({
      byteMatchStatement: {
        fieldToMatch: { method: {} },
        positionalConstraint: 'EXACTLY',
        searchString: method,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    }));
    const webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: 'Creator News Hub: per-address rate limits and AWS managed protections for the site and its API',
      defaultAction: { allow: {} },
      // The stack's name: staging's web ACL beside production's reports under a CloudWatch dimension of its own.
      visibilityConfig: visibility(this.stackName),
      customResponseBodies: {
        'rate-limited': { contentType: 'APPLICATION_JSON', content: JSON.stringify({ message: 'Too many requests - please wait a moment and try again' }) },
      },
      rules: [
        {
          name: 'api-writes-per-address',
          priority: 0,
          action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'rate-limited', responseHeaders: [{ name: 'retry-after', value: '300' }] } } },
          statement: {
            rateBasedStatement: {
              limit: EDGE_RATE_LIMITS.apiWrites,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                andStatement: {
                  statements: [
                    { byteMatchStatement: { fieldToMatch: { uriPath: {} }, positionalConstraint: 'STARTS_WITH', searchString: '/api/', textTransformations: [{ priority: 0, type: 'NONE' }] } },
                    { orStatement: { statements: writeMethods } },
                  ],
                },
              },
            },
          },
          visibilityConfig: visibility('api-writes-per-address'),
        },
        {
          name: 'requests-per-address',
          priority: 1,
          action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'rate-limited', responseHeaders: [{ name: 'retry-after', value: '300' }] } } },
          statement: { rateBasedStatement: { limit: EDGE_RATE_LIMITS.allRequests, aggregateKeyType: 'IP' } },
          visibilityConfig: visibility('requests-per-address'),
        },
        managedRules(2, 'AWSManagedRulesAmazonIpReputationList'),
        managedRules(3, 'AWSManagedRulesKnownBadInputsRuleSet'),
        // The console's OPML import and article editor send bodies over the common set's 8 KB limit; the API
        // checks sizes itself, so that rule only counts.
        managedRules(4, 'AWSManagedRulesCommonRuleSet', ['SizeRestrictions_BODY']),
      ],
    });
    this.webAclArn = webAcl.attrArn;
  }
}
