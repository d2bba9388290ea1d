import path from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { acknowledge, arnToken, XRAY_REASON } from './nag.ts';
import type { FunctionDescription } from '../stack-description.ts';

export interface ProjectFunctionProps {
  description: FunctionDescription;
  repoRoot: string;
  table: dynamodb.ITableV2;
  /** Sender identity and configuration set, for functions with mail access. */
  mail?: { identityArn: string; configurationSetArn: string; configurationSetName: string; from: string };
}

/**
 * esbuild options of every function (ESM). Exported so that the bundle bench (test/bench/lambda-bundles.ts)
 * builds exactly what is deployed.
 */
export const LAMBDA_BUNDLING = {
  target: 'node22',
  minify: true,
  sourceMap: true,
  mainFields: ['module', 'main'],
  // Production builds only: libraries that branch on NODE_ENV keep their development paths out.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  // ESM bundles of CommonJS dependencies need a require.
  banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
  // The AWS SDK v3 is in the Node 22 runtime.
  externalModules: ['@aws-sdk/*'],
};

/** Bundling hooks that copy repository files into the asset at the same path (lambdas/adapters/runtime-files.ts reads them there). */
export function copyFiles(files: readonly string[]): nodejs.ICommandHooks {
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir, outputDir) => files.map((file) => `mkdir -p "${path.posix.join(outputDir, path.posix.dirname(file))}" && cp "${path.posix.join(inputDir, file)}" "${path.posix.join(outputDir, file)}"`),
  };
}

/**
 * One Lambda of the description, bundled by esbuild, with its environment and its grants set
 * together from the description's access list, so the two cannot drift apart.
 */
export class ProjectFunction extends Construct {
  readonly fn: nodejs.NodejsFunction;

  constructor(scope: Construct, id: string, props: ProjectFunctionProps) {
    super(scope, id);
    const { description, table } = props;
    const logGroup = new logs.LogGroup(this, 'Logs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // An own role instead of the managed AWSLambdaBasicExecutionRole: logs to its own log group only.
    const role = new iam.Role(this, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);
    this.fn = new nodejs.NodejsFunction(this, 'Function', {
      role,
      entry: path.join(props.repoRoot, description.entry),
      handler: 'handler',
      description: description.description,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: description.memoryMb ?? 512,
      timeout: Duration.seconds(description.timeoutSeconds ?? 29),
      tracing: lambda.Tracing.ACTIVE,
      logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      depsLockFilePath: path.join(props.repoRoot, 'package-lock.json'),
      projectRoot: props.repoRoot,
      bundling: { ...LAMBDA_BUNDLING, format: nodejs.OutputFormat.ESM, ...(description.files?.length ? { commandHooks: copyFiles(description.files) } : {}) },
      environment: {
        TABLE_NAME: table.tableName,
        NODE_OPTIONS: '--enable-source-maps',
        ...description.environment,
        ...(props.mail ? { MAIL_FROM: props.mail.from, MAIL_CONFIGURATION_SET: props.mail.configurationSetName } : {}),
      },
    });
    if (description.access.table === 'read') table.grantReadData(this.fn);
    if (description.access.table === 'readWrite') table.grantReadWriteData(this.fn);
    if (description.access.table) {
      acknowledge(this, `IAM5[Resource::${arnToken(table)}/index/*]`, 'Queries run on the table\'s GSIs (every list is a Query on an index); the grant covers the table\'s own indexes only.');
    }
    acknowledge(this, 'IAM5[Resource::*]', XRAY_REASON);
    acknowledge(this, 'L1', 'Node.js 22 on purpose: the local runtime and the tests run on Node 22 (docs/architecture.md), so the deployed major is the tested one. Move both together.');
    if (description.access.mail && props.mail) {
      this.fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['ses:SendEmail', 'ses:SendBulkEmail'],
          resources: [props.mail.identityArn, props.mail.configurationSetArn],
        }),
      );
    }
  }
}
