/**
 * The CDK app: `npx cdk synth` builds the whole deployment offline (no account lookups), checked by cdk-nag.
 * Per-deployment settings are CDK context (cdk.json's defaults, `-c key=value`; docs/deploy.md has the table).
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { addDeployment } from '../lib/deployment.ts';

const app = new App();
addDeployment(app);
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
