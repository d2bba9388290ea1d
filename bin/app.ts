/** The CDK app: `npx cdk synth` builds the whole deployment offline (no account lookups), checked by cdk-nag. */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { CreatorNewsHubStack } from '../lib/app-stack.ts';
import { EdgeSecurityStack } from '../lib/edge-stack.ts';

const app = new App();
// CloudFront takes web ACLs from us-east-1 only; the app stack reads its ARN across regions (SSM, by CDK).
const edge = new EdgeSecurityStack(app, 'CreatorNewsHubEdge', { env: { region: 'us-east-1' }, crossRegionReferences: true });
new CreatorNewsHubStack(app, 'CreatorNewsHub', {
  // Mumbai: the readers are in India. No account: synth needs none and makes no lookups.
  env: { region: (app.node.tryGetContext('region') as string | undefined) ?? 'ap-south-1' },
  crossRegionReferences: true,
  mailDomain: (app.node.tryGetContext('mailDomain') as string | undefined) ?? 'creatornewshub.in',
  webAclArn: edge.webAclArn,
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
