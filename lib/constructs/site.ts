import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { DockerImage, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as targets from 'aws-cdk-lib/aws-route53-targets';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { SiteConfig } from '../site-config.ts';
import { contentSecurityPolicy, HSTS_MAX_AGE_SECONDS, RAZORPAY_SOURCES } from '../site-headers.ts';
import { EDGE_ORIGIN_HEADER, VIEWER_ADDRESS_HEADER } from '../stack-description.ts';
import { acknowledge, arnToken } from './nag.ts';

export interface SiteProps {
  repoRoot: string;
  /** Origins the browser may call besides its own (the API is served under the site's own origin, at /api). */
  connectSources: string[];
  /** The us-east-1 web ACL (rate limits, managed rules) in front of the site and the API. */
  webAclArn: string;
  /** The site's own name, its us-east-1 certificate and the zone its alias records go in. Absent: CloudFront's own name. */
  domain?: { domainName: string; certificate: acm.ICertificate; zone: route53.IHostedZone };
}

/** Where the API answers on the site's own origin: one origin for the browser, one firewall, a tight CSP. */
export const API_PATH_PREFIX = '/api';

export { EDGE_ORIGIN_HEADER, VIEWER_ADDRESS_HEADER };

/** The build's source maps: never uploaded. */
export const SOURCE_MAPS = '*.map';

/** Paths whose last segment has no dot are the app's own routes: CloudFront serves them index.html. */
export const SPA_ROUTES_CODE = `function handler(event) {
  var request = event.request;
  var last = request.uri.split('/').pop();
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;


/**
 * The API's routes are declared without the /api prefix the site serves them under. The reader's address
 * goes along as a viewer header: the managed origin request policy passes viewer headers on, but not
 * CloudFront's own CloudFront-Viewer-Address.
 */
export const API_PREFIX_CODE = `function handler(event) {
  var request = event.request;
  request.uri = request.uri.slice(${API_PATH_PREFIX.length}) || '/';
  request.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip };
  return request;
}`;

/**
 * An HTTPS origin to which CloudFront presents a client certificate (origin mutual TLS). The L2 HttpOrigin has
 * no property for it yet; CloudFormation's CustomOriginConfig.OriginMtlsConfig does, so it is added to what
 * HttpOrigin renders.
 */
export class MutualTlsHttpOrigin extends origins.HttpOrigin {
  private readonly clientCertificateArn: string;

  constructor(domainName: string, clientCertificateArn: string, props: origins.HttpOriginProps) {
    super(domainName, props);
    this.clientCertificateArn = clientCertificateArn;
  }

  protected override renderCustomOriginConfig(): cloudfront.CfnDistribution.CustomOriginConfigProperty | undefined {
    const config = super.renderCustomOriginConfig();
    return config && { ...config, originMtlsConfig: { clientCertificateArn: this.clientCertificateArn } };
  }
}

function viewerFunction(scope: Construct, id: string, code: string): cloudfront.Function {
  return new cloudfront.Function(scope, id, { code: cloudfront.FunctionCode.fromInline(code), runtime: cloudfront.FunctionRuntime.JS_2_0 });
}

/**
 * The built front end in a private bucket behind CloudFront (origin access control): SPA fallback to
 * index.html, hashed assets cached for a year, index.html and config.json revalidated, security headers.
 */
export class Site extends Construct {
  readonly distribution: cloudfront.Distribution;
  readonly bucket: s3.Bucket;

  private readonly repoRoot: string;
  private readonly domainName?: string;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    this.repoRoot = props.repoRoot;
    this.domainName = props.domain?.domainName;
    const logs = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.bucket = new s3.Bucket(this, 'Assets', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 'bucket/',
      // Unfinished multipart uploads (an interrupted deploy) are billed until removed (AWS Control Tower CT.S3.PR.6).
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(7) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({
            connect: [...props.connectSources, ...RAZORPAY_SOURCES.connect],
            script: RAZORPAY_SOURCES.script,
            frame: RAZORPAY_SOURCES.frame,
          }),
          override: true,
        },
        strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS), includeSubdomains: true, preload: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        compress: true,
        // Client-side routes (/categories/x, /admin/...) are not objects: answer them with the app. A function
        // rather than error responses, which would also turn the API's 403 and 404 into the app's 200.
        functionAssociations: [{ eventType: cloudfront.FunctionEventType.VIEWER_REQUEST, function: viewerFunction(this, 'SpaRoutes', SPA_ROUTES_CODE) }],
      },
      webAclId: props.webAclArn,
      ...(props.domain
        ? { domainNames: [props.domain.domainName], certificate: props.domain.certificate, minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021 }
        : {}),
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_200,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
    });
    acknowledge(this.distribution, 'CFR1', 'Readers are worldwide (Indian diaspora included); no country is restricted.');
    if (props.domain) {
      // The site's name points at the distribution, for IPv4 and IPv6 (the distribution serves both).
      const target = route53.RecordTarget.fromAlias(new targets.CloudFrontTarget(this.distribution));
      new route53.ARecord(this, 'AliasA', { zone: props.domain.zone, recordName: props.domain.domainName, target });
      new route53.AaaaRecord(this, 'AliasAaaa', { zone: props.domain.zone, recordName: props.domain.domainName, target });
    } else {
      acknowledge(this.distribution, 'CFR4', 'Without a domain of its own (context domainName) the site is served on the default *.cloudfront.net certificate, where minimumProtocolVersion has no effect; with one, TLSv1.2_2021 is set.');
    }

  }

  /** The BucketDeployment's handler is a CDK-managed singleton Lambda whose role and runtime CDK owns. */
  private acknowledgeDeploymentHandler(): void {
    const stack = Stack.of(this);
    const reason = 'CDK-managed BucketDeployment handler (copies the build into the site bucket during deploys); its role and runtime are set by aws-cdk-lib.';
    const findings = [
      'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      'IAM5[Resource::*]',
      `IAM5[Resource::${arnToken(this.bucket)}/*]`,
      `IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-${stack.region}/*]`,
      'IAM5[Action::s3:GetObject*]',
      'IAM5[Action::s3:GetBucket*]',
      'IAM5[Action::s3:List*]',
      'IAM5[Action::s3:DeleteObject*]',
      'IAM5[Action::s3:Abort*]',
      'L1',
    ];
    for (const finding of findings) acknowledge(stack, finding, reason);
  }

  get url(): string {
    return `https://${this.domainName ?? this.distribution.distributionDomainName}`;
  }

  /** The API's address as the browser and the API's own links use it: under the site's origin. */
  get apiUrl(): string {
    return `${this.url}${API_PATH_PREFIX}`;
  }

  /**
   * Serves the HTTP API under /api: nothing cached here (each answer sets its own Cache-Control for the
   * browser), every viewer header but Host passed on (with caching off that includes Authorization), the
   * edge token that lets the API trust CloudFront's viewer address and, when the API has a name of its own,
   * the client certificate its mutual TLS demands (docs/decisions/api-only-through-cloudfront.md).
   */
  serveApi(apiDomainName: string, edgeToken: string, clientCertificateArn?: string): void {
    const originProps: origins.HttpOriginProps = {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      customHeaders: { [EDGE_ORIGIN_HEADER]: edgeToken },
    };
    const origin = clientCertificateArn ? new MutualTlsHttpOrigin(apiDomainName, clientCertificateArn, originProps) : new origins.HttpOrigin(apiDomainName, originProps);
    this.distribution.addBehavior(`${API_PATH_PREFIX}/*`, origin, {
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      compress: true,
      functionAssociations: [{ eventType: cloudfront.FunctionEventType.VIEWER_REQUEST, function: viewerFunction(this, 'ApiPrefix', API_PREFIX_CODE) }],
    });
  }

  /**
   * Builds the front end (vite, at synth) and deploys it with /config.json, whose values (API URL,
   * user pool) are known only once the rest of the stack exists.
   */
  deploy(runtimeConfig: SiteConfig): void {
    const repoRoot = this.repoRoot;
    const frontendDir = path.join(repoRoot, 'frontend');
    this.acknowledgeDeploymentHandler();
    const build = s3deploy.Source.asset(frontendDir, {
      exclude: ['node_modules', 'dist'],
      bundling: {
        // Docker is the fallback CDK requires; the local build below always runs first.
        image: DockerImage.fromRegistry('node:22-slim'),
        local: {
          tryBundle(outputDir: string) {
            execFileSync('npx', ['vite', 'build', '--config', path.join(frontendDir, 'vite.config.ts'), '--outDir', outputDir], {
              cwd: repoRoot,
              stdio: 'inherit',
            });
            return true;
          },
        },
      },
    });
    const hashedAssets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
      sources: [build],
      destinationBucket: this.bucket,
      // Source maps stay on the build machine: published, they would hand out the console's source.
      exclude: ['index.html', 'config.json', 'sw.js', 'manifest.webmanifest', SOURCE_MAPS],
      cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
      prune: false,
    });
    new s3deploy.BucketDeployment(this, 'DeployEntry', {
      sources: [build, s3deploy.Source.jsonData('config.json', runtimeConfig)],
      destinationBucket: this.bucket,
      exclude: ['*'],
      include: ['index.html', 'config.json', 'sw.js', 'manifest.webmanifest'],
      cacheControl: [s3deploy.CacheControl.fromString('no-cache')],
      prune: false,
      distribution: this.distribution,
      distributionPaths: ['/index.html', '/config.json', '/sw.js', '/manifest.webmanifest'],
    }).node.addDependency(hashedAssets);
  }
}
