/** The CDK app: `npx cdk synth` builds the whole deployment offline (no account lookups), checked by cdk-nag. */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { CreatorNewsHubStack } from '../lib/app-stack.ts';

const app = new App();
new CreatorNewsHubStack(app, 'CreatorNewsHub', {
  // Mumbai: the readers are in India. No account: synth needs none and makes no lookups.
  env: { region: (app.node.tryGetContext('region') as string | undefined) ?? 'ap-south-1' },
  mailDomain: (app.node.tryGetContext('mailDomain') as string | undefined) ?? 'creatornewshub.in',
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
