import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { acknowledge } from './nag.ts';
import type { StackDescription } from '../stack-description.ts';

export interface HttpApiProps {
  routes: StackDescription['routes'];
  functions: ReadonlyMap<string, lambda.IFunction>;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
}

/**
 * The HTTP API: every described route, the Cognito JWT authorizer on every signed-in route (user,
 * moderator, admin); the handler then checks the role from the token's groups.
 */
export class HttpApi extends Construct {
  readonly api: apigw.HttpApi;

  constructor(scope: Construct, id: string, props: HttpApiProps) {
    super(scope, id);
    this.api = new apigw.HttpApi(this, 'Api', {
      description: 'Creator News Hub API',
      createDefaultStage: false,
      // No CORS: browsers reach the API through the site's own origin (CloudFront, /api), never cross-origin.
    });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logs.RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 100, burstLimit: 200 },
      accessLogSettings: { destination: new apigw.LogGroupLogDestination(accessLogs) },
    });
    const authorizer = new HttpUserPoolAuthorizer('CognitoJwt', props.userPool, {
      userPoolClients: [props.userPoolClient],
    });
    const integrations = new Map<string, HttpLambdaIntegration>();
    for (const route of props.routes) {
      const fn = props.functions.get(route.fn);
      if (!fn) throw new Error(`Route ${route.method} ${route.path} names unknown function ${route.fn}`);
      let integration = integrations.get(route.fn);
      if (!integration) {
        integration = new HttpLambdaIntegration(`Integration-${route.fn}`, fn);
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

  /** The API's execute-api host name: CloudFront's origin for /api. */
  get domainName(): string {
    const stack = Stack.of(this);
    return `${this.api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }
}
