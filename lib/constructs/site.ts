import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { DockerImage, Duration, Fn, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as targets from 'aws-cdk-lib/aws-route53-targets';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as cr from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { MISSING_PAGE_PATTERNS, SITE_ROOT_API_PATHS, SITE_ROUTING_CODE } from '../../lambdas/domain/reader/site-routes.ts';
import type { SiteConfig } from '../site-config.ts';
import { contentSecurityPolicy, HSTS_MAX_AGE_SECONDS, RAZORPAY_SOURCES } from '../site-headers.ts';
import { RESIZED_IMAGE_PREFIX } from '../../lambdas/domain/content/resized-images.ts';
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

export { SITE_ROUTING_CODE };

/** What the deploy sends the page writer once the new shell is in the bucket: every page is written again with it. */
export const REWRITE_ALL_PAGES = { rewriteAll: true } as const;

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
 * The crawlers' files at the site's root (robots.txt, the sitemaps) are the API's own paths: only the reader's
 * address is added, as for /api.
 */
export const VIEWER_ADDRESS_CODE = `function handler(event) {
  var request = event.request;
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

/** SECURITY_HEADERS (lib/site-headers.ts) and HSTS as CloudFront's policies send them: the site's and the API's. */
const SECURITY_HEADERS_BEHAVIOR = {
  strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS), includeSubdomains: true, preload: true, override: true },
  contentTypeOptions: { override: true },
  frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
  referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
} satisfies Omit<cloudfront.ResponseSecurityHeadersBehavior, 'contentSecurityPolicy'>;

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
  private readonly bucketOrigin: cloudfront.IOrigin;
  private readonly siteRouting: cloudfront.Function;
  private readonly siteHeaders: cloudfront.IResponseHeadersPolicy;
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
        ...SECURITY_HEADERS_BEHAVIOR,
      },
    });

    this.bucketOrigin = origins.S3BucketOrigin.withOriginAccessControl(this.bucket, { originAccessLevels: [cloudfront.AccessLevel.READ, cloudfront.AccessLevel.LIST] });
    this.siteRouting = viewerFunction(this, 'SiteRouting', SITE_ROUTING_CODE);
    this.siteHeaders = headers;
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      defaultRootObject: 'index.html',
      defaultBehavior: {
        // LIST beside READ: without s3:ListBucket S3 answers a missing key 403, with it 404 (S3 GetObject's documented
        // rule), so a written page that does not exist (/story/<unknown id>) is a 404. The grant is the distribution's
        // only (the bucket policy's AWS:SourceArn condition); '/' itself never reaches the bucket (the function
        // rewrites it), so no listing is ever served.
        origin: this.bucketOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        compress: true,
        // One rule for every path (lambdas/domain/reader/site-routes.ts): a file, a written page, the app's shell or
        // 404. A function rather than error responses, which would also turn the API's 403 and 404 into the app's 200.
        // Written pages carry a short Cache-Control that CachingOptimized honours: no invalidations are needed.
        functionAssociations: [{ eventType: cloudfront.FunctionEventType.VIEWER_REQUEST, function: this.siteRouting }],
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
   * The crawlers' files at the root (SITE_ROOT_API_PATHS) go to the same origin under their own path, cached as
   * long as the API's Cache-Control says (CachingOptimized honours it), with only the reader's address passed on.
   */
  serveApi(apiDomainName: string, edgeToken: string, clientCertificateArn?: string): void {
    // The API's answers through the edge carry the site's security headers but not its page policy (the CSP): JSON, the
    // crawlers' files, the pictures and the share pages (HTML) are never framed or sniffed. A second custom response
    // headers policy, of the 20 CloudFront allows an account (its quotas page; TooManyResponseHeadersPolicies past them).
    const apiHeaders = new cloudfront.ResponseHeadersPolicy(this, 'ApiSecurityHeaders', {
      comment: 'The API\'s answers at the edge: no framing, no sniffing, HSTS, the site\'s referrer policy',
      securityHeadersBehavior: SECURITY_HEADERS_BEHAVIOR,
    });
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
      responseHeadersPolicy: apiHeaders,
      functionAssociations: [{ eventType: cloudfront.FunctionEventType.VIEWER_REQUEST, function: viewerFunction(this, 'ApiPrefix', API_PREFIX_CODE) }],
    });
    const viewerAddress = viewerFunction(this, 'ViewerAddress', VIEWER_ADDRESS_CODE);
    const viewerAddressOnly = new cloudfront.OriginRequestPolicy(this, 'ViewerAddressOnly', {
      comment: 'The reader\'s address (set by the viewer function) and nothing else from the viewer',
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(VIEWER_ADDRESS_HEADER),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.none(),
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
    });
    for (const pathPattern of SITE_ROOT_API_PATHS) {
      this.distribution.addBehavior(pathPattern, origin, {
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        originRequestPolicy: viewerAddressOnly,
        compress: true,
        responseHeadersPolicy: apiHeaders,
        functionAssociations: [{ eventType: cloudfront.FunctionEventType.VIEWER_REQUEST, function: viewerAddress }],
      });
    }
    this.serveMissingPages(origin);
    this.serveResizedImages(origin, apiHeaders);
  }

  /**
   * A story's or a category's written page that the bucket does not have (a story removed, an unknown id or
   * slug) is asked of the API, which answers 404 with a page that says so ("Article not found"), or, for a story
   * published whose page is not written yet, 404 with the app's shell and no-store, which CloudFront does not keep
   * (http/articles/missing-page.ts): an origin group
   * whose fallback, on the bucket's 404, is the API origin, for these paths only (custom error responses would
   * also rewrite the API's own 404s). The same routing function and caching as the default behaviour.
   */
  private serveMissingPages(apiOrigin: cloudfront.IOrigin): void {
    const pagesOrApi = new origins.OriginGroup({ primaryOrigin: this.bucketOrigin, fallbackOrigin: apiOrigin, fallbackStatusCodes: [404] });
    for (const pathPattern of MISSING_PAGE_PATTERNS) {
      this.distribution.addBehavior(pathPattern, pagesOrApi, {
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.siteHeaders,
        compress: true,
        functionAssociations: [{ eventType: cloudfront.FunctionEventType.VIEWER_REQUEST, function: this.siteRouting }],
      });
    }
  }

  /**
   * The resized pictures at the site's root, /img/* (docs/decisions/resized-images.md), answered by the API as
   * they are (the route is declared at /img). Unlike /api, cached here for as long as the answer says: a copy
   * says a year, immutable; a refusal says no-store and is not kept (minimum TTL 0, and no default TTL for an
   * answer that says nothing). Only the path is in the key and nothing of the viewer goes on (no header,
   * cookie or query string), so every reader shares one copy and the function runs once per copy and edge.
   */
  private serveResizedImages(origin: cloudfront.IOrigin, headers: cloudfront.IResponseHeadersPolicy): void {
    const cachePolicy = new cloudfront.CachePolicy(this, 'ResizedImagesCache', {
      comment: 'Resized pictures (/img/*): cached as the origin\'s Cache-Control says, up to a year; the path alone is the key',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.days(365),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
    });
    this.distribution.addBehavior(`${RESIZED_IMAGE_PREFIX}*`, origin, {
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy,
      // WebP is compressed already.
      compress: false,
      responseHeadersPolicy: headers,
    });
  }

  /**
   * Builds the front end (vite, at synth) and deploys it with /config.json, whose values (API URL,
   * user pool) are known only once the rest of the stack exists.
   */
  deploy(runtimeConfig: SiteConfig, pageWriter?: lambda.IFunction): void {
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
    const entry = new s3deploy.BucketDeployment(this, 'DeployEntry', {
      sources: [build, s3deploy.Source.jsonData('config.json', runtimeConfig)],
      destinationBucket: this.bucket,
      exclude: ['*'],
      include: ['index.html', 'config.json', 'sw.js', 'manifest.webmanifest'],
      cacheControl: [s3deploy.CacheControl.fromString('no-cache')],
      prune: false,
      distribution: this.distribution,
      distributionPaths: ['/index.html', '/config.json', '/sw.js', '/manifest.webmanifest'],
    });
    entry.node.addDependency(hashedAssets);
    if (pageWriter) this.rewritePagesAfter(entry, pageWriter);
  }

  /**
   * Once the new shell is in the bucket, the page writer writes every page again with it (its hashed asset names
   * change with each build). Asynchronous (InvocationType Event): the deploy does not wait for it, and a failure is
   * the writer's to retry and alarm on, not a rolled-back deploy. It runs when the build, the site's settings or
   * the writer's code changed (they are in its physical id); a deploy that changes none of them leaves the pages
   * as they are, which is what they would be rewritten to.
   */
  private rewritePagesAfter(entry: s3deploy.BucketDeployment, pageWriter: lambda.IFunction): void {
    const writerCode = (pageWriter.node.defaultChild as lambda.CfnFunction | undefined)?.code as { s3Key?: string } | undefined;
    const call: cr.AwsSdkCall = {
      service: 'Lambda',
      action: 'invoke',
      parameters: { FunctionName: pageWriter.functionName, InvocationType: 'Event', Payload: JSON.stringify(REWRITE_ALL_PAGES) },
      physicalResourceId: cr.PhysicalResourceId.of(Fn.join(':', ['rewrite-all', Fn.join(':', entry.objectKeys), writerCode?.s3Key ?? 'unbundled'])),
    };
    const rewrite = new cr.AwsCustomResource(this, 'RewritePages', {
      onCreate: call,
      onUpdate: call,
      policy: cr.AwsCustomResourcePolicy.fromStatements([new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [pageWriter.functionArn] })]),
      installLatestAwsSdk: false,
    });
    rewrite.node.addDependency(entry);
  }
}
