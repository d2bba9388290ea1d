import path from 'node:path';
import { CustomResource, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { LAMBDA_BUNDLING } from './functions.ts';
import { acknowledge } from './nag.ts';
import { CLIENT_VALIDITY_DAYS, ROTATION_DAYS } from './origin-mtls/validity.ts';
import type { OriginMtlsSettings, RotationEvent } from './origin-mtls/handler.ts';

export interface OriginMutualTlsProps {
  repoRoot: string;
  /** The API's origin name (api-origin.<site>): the client certificate is named after it. */
  originDomainName: string;
}

/** Where CloudFront takes certificates from, the client certificate of origin mTLS included. */
export const CLOUDFRONT_CERTIFICATE_REGION = 'us-east-1';
/** The truststore object's key in its bucket. */
export const TRUSTSTORE_KEY = 'origin-truststore.pem';

/**
 * The origin mutual TLS between CloudFront and the API (docs/decisions/api-only-through-cloudfront.md): a
 * private certificate authority made at deploy time (its key in Secrets Manager, its certificate as API
 * Gateway's truststore, in a versioned bucket of this region) and the client certificate it signs, imported
 * into ACM in us-east-1 for the distribution's API origin, and re-issued every ROTATION_DAYS under the same ARN.
 * One small function does all of it (lib/constructs/origin-mtls/handler.ts), bundled by esbuild like the
 * project's functions; no cross-region reference is needed, since it calls ACM in us-east-1 itself.
 */
export class OriginMutualTls extends Construct {
  /** The ACM (us-east-1) certificate CloudFront presents to the API's origin. */
  readonly clientCertificateArn: string;
  /** API Gateway's truststore: the authority's certificate, by object version. */
  readonly truststore: { bucket: s3.IBucket; key: string; version: string };
  /** In alarm when a rotation (or any run of the function) failed. */
  readonly failures: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: OriginMutualTlsProps) {
    super(scope, id);
    const stack = Stack.of(this);

    const authority = new secretsmanager.Secret(this, 'Authority', {
      description: 'Private key and certificate of the certificate authority that API Gateway trusts for CloudFront\'s origin client certificate',
    });
    acknowledge(authority, 'SMG4', `The authority is long-lived by design (API Gateway trusts it by its certificate in the truststore); the client certificate it signs is re-issued every ${ROTATION_DAYS} days.`);

    const bucket = new s3.Bucket(this, 'Truststore', {
      versioned: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // Old versions stay: the API's domain names the truststore by version. Only unfinished uploads go.
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(7) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(bucket, 'S1', 'Holds one public certificate (the origin CA\'s), written only by the stack\'s own deploy-time function and read by API Gateway; CloudTrail records both.');

    const logGroup = new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.THREE_MONTHS, removalPolicy: RemovalPolicy.DESTROY });
    const role = new iam.Role(this, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);
    authority.grantRead(role);
    role.addToPolicy(new iam.PolicyStatement({ actions: ['secretsmanager:PutSecretValue'], resources: [authority.secretArn] }));
    role.addToPolicy(new iam.PolicyStatement({ actions: ['s3:PutObject'], resources: [bucket.arnForObjects(TRUSTSTORE_KEY)] }));
    const certificates = stack.formatArn({ service: 'acm', region: CLOUDFRONT_CERTIFICATE_REGION, resource: 'certificate', resourceName: '*' });
    role.addToPolicy(new iam.PolicyStatement({ actions: ['acm:ImportCertificate', 'acm:DeleteCertificate'], resources: [certificates] }));
    acknowledge(
      role,
      `IAM5[Resource::arn:<AWS::Partition>:acm:${CLOUDFRONT_CERTIFICATE_REGION}:<AWS::AccountId>:certificate/*]`,
      'The client certificate\'s ARN exists only after its first import (ImportCertificate without an ARN makes it), so the grant names the account\'s us-east-1 certificates; the function re-imports and deletes only the ARN CloudFormation holds as this resource\'s id.',
    );

    const fn = new nodejs.NodejsFunction(this, 'Function', {
      role,
      entry: path.join(props.repoRoot, 'lib/constructs/origin-mtls/handler.ts'),
      handler: 'handler',
      description: 'Origin mTLS: the CA in Secrets Manager, the truststore in S3, the client certificate in ACM (us-east-1) and its rotation',
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: 512,
      timeout: Duration.minutes(2),
      logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      depsLockFilePath: path.join(props.repoRoot, 'package-lock.json'),
      projectRoot: props.repoRoot,
      bundling: { ...LAMBDA_BUNDLING, format: nodejs.OutputFormat.ESM },
    });
    acknowledge(fn, 'L1', 'Node.js 22 on purpose, as every function of the project: the tested major is the deployed one.');

    const settings: OriginMtlsSettings = {
      AuthoritySecretArn: authority.secretArn,
      AuthorityName: `Creator News Hub origin CA (${stack.stackName})`,
      TruststoreBucket: bucket.bucketName,
      TruststoreKey: TRUSTSTORE_KEY,
      CertificateRegion: CLOUDFRONT_CERTIFICATE_REGION,
      ClientName: `cloudfront.${props.originDomainName}`,
    };
    const material = new CustomResource(this, 'Material', {
      serviceToken: fn.functionArn,
      resourceType: 'Custom::OriginMutualTls',
      properties: settings,
    });
    this.clientCertificateArn = material.getAttString('CertificateArn');
    this.truststore = { bucket, key: TRUSTSTORE_KEY, version: material.getAttString('TruststoreVersion') };

    // The rotation: a new key and certificate under the same ARN (CloudFront and API Gateway change nothing).
    const rotation: RotationEvent = { action: 'rotate', certificateArn: this.clientCertificateArn, settings };
    new events.Rule(this, 'Rotation', {
      description: `Re-issues CloudFront's origin client certificate every ${ROTATION_DAYS} days (same ACM ARN)`,
      schedule: events.Schedule.rate(Duration.days(ROTATION_DAYS)),
      targets: [new targets.LambdaFunction(fn, { event: events.RuleTargetInput.fromObject(rotation), retryAttempts: 2 })],
    });

    this.failures = new cloudwatch.Alarm(this, 'Failures', {
      alarmDescription: `The origin mTLS function failed (a rotation of CloudFront's client certificate, or a deploy): see its log group. The certificate lasts ${CLIENT_VALIDITY_DAYS} days from its last issue.`,
      metric: fn.metricErrors({ period: Duration.hours(1), statistic: cloudwatch.Stats.SUM }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
  }
}
