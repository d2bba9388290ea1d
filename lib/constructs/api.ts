import { Annotations, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as acm from 'aws-cdk-lib/aws-certificatemanager';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as targets from 'aws-cdk-lib/aws-route53-targets';
import { Construct } from 'constructs';
import { acknowledge } from './nag.ts';
import { OriginMutualTls } from './origin-mtls.ts';
import type { StackDescription } from '../stack-description.ts';

export interface HttpApiProps {
  /** The repository, for bundling the origin mTLS function. */
  repoRoot: string;
  routes: StackDescription['routes'];
  functions: ReadonlyMap<string, lambda.IFunction>;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  /**
   * A name of its own for CloudFront to call the API on (a regional certificate, a record in the zone).
   * Given, the execute-api endpoint is switched off and the name demands CloudFront's client certificate
   * (mutual TLS), so no call can go around CloudFront's web ACL: API Gateway refuses it before any route.
   */
  originDomain?: { domainName: string; certificate: acm.ICertificate; zone: route53.IHostedZone };
}

/** The synth-time warning of a deployment without a domain (no custom domain: the execute-api endpoint stays open). */
export const OPEN_ORIGIN_WARNING =
  'The API\'s execute-api address stays public without a site domain: a direct call skips the web ACL and is refused (403) only by the functions, each such call an API Gateway request and a Lambda invocation within the stage throttle readers share. Give -c domainName and -c hostedZoneName: the API is then reachable only through CloudFront (mutual TLS on its own name). See docs/decisions/api-only-through-cloudfront.md.';

/**
 * The HTTP API: every described route, the Cognito JWT authorizer on every signed-in route (user,
 * moderator, admin); the handler then checks the role from the token's groups.
 */
export class HttpApi extends Construct {
  readonly api: apigw.HttpApi;
  /** With an origin domain: its mutual TLS (the client certificate CloudFront presents, its rotation). */
  readonly originMtls?: OriginMutualTls;
  /** With an origin domain: the API Gateway custom domain that demands that certificate. */
  readonly originDomain?: apigw.DomainName;
  private readonly originDomainName?: string;

  constructor(scope: Construct, id: string, props: HttpApiProps) {
    super(scope, id);
    this.originDomainName = props.originDomain?.domainName;
    this.api = new apigw.HttpApi(this, 'Api', {
      description: 'Creator News Hub API',
      createDefaultStage: false,
      ...(props.originDomain ? { disableExecuteApiEndpoint: true } : {}),
      // No CORS: browsers reach the API through the site's own origin (CloudFront, /api), never cross-origin.
    });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logs.RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 100, burstLimit: 200 },
      accessLogSettings: { destination: new apigw.LogGroupLogDestination(accessLogs) },
    });
    if (props.originDomain) {
      this.originMtls = new OriginMutualTls(this, 'OriginMtls', { repoRoot: props.repoRoot, originDomainName: props.originDomain.domainName });
      const domain = (this.originDomain = new apigw.DomainName(this, 'OriginDomain', {
        domainName: props.originDomain.domainName,
        certificate: props.originDomain.certificate,
        // Mutual TLS needs a regional name with TLS 1.2 at least (both CDK's defaults, stated here).
        endpointType: apigw.EndpointType.REGIONAL,
        securityPolicy: apigw.SecurityPolicy.TLS_1_2,
        mtls: this.originMtls.truststore,
      }));
      new apigw.ApiMapping(this, 'OriginMapping', { api: this.api, domainName: domain, stage });
      new route53.ARecord(this, 'OriginRecord', {
        zone: props.originDomain.zone,
        recordName: props.originDomain.domainName,
        target: route53.RecordTarget.fromAlias(new targets.ApiGatewayv2DomainProperties(domain.regionalDomainName, domain.regionalHostedZoneId)),
      });
    } else {
      Annotations.of(Stack.of(this)).addWarning(OPEN_ORIGIN_WARNING);
    }
    const authorizer = new HttpUserPoolAuthorizer('CognitoJwt', props.userPool, {
      userPoolClients: [props.userPoolClient],
    });
    const integrations = new Map<string, HttpLambdaIntegration>();
    for (const route of props.routes) {
      const fn = props.functions.get(route.fn);
      if (!fn) throw new Error(`Route ${route.method} ${route.path} names unknown function ${route.fn}`);
      let integration = integrations.get(route.fn);
      if (!integration) {
        // One invoke permission per function for this API (source arn api-id/*/*), not one per route: the 115 routes'
        // permissions alone were a quarter of CloudFormation's 500 resources a stack. API Gateway still invokes a
        // function only for the routes integrated with it, and each handler answers only its declared routes.
        integration = new HttpLambdaIntegration(`Integration-${route.fn}`, fn, { scopePermissionToRoute: false });
        integrations.set(route.fn, integration);
      }
      const [created] = this.api.addRoutes({
        path: route.path,
        methods: [apigw.HttpMethod[route.method]],
        integration,
        ...(route.auth === 'public' ? {} : { authorizer }),
      });
      if (route.auth === 'public' && created) {
        acknowledge(created, 'APIG4', 'Public by the product: readers browse without signing in. The route is declared public in the stack description and its handler allows guests.');
      }
    }
  }

  get url(): string {
    return this.api.apiEndpoint;
  }

  /** CloudFront's origin for /api: the API's own name with a custom domain, else its execute-api host name. */
  get domainName(): string {
    if (this.originDomainName) return this.originDomainName;
    const stack = Stack.of(this);
    return `${this.api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }
}
