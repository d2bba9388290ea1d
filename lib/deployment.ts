import type { App } from 'aws-cdk-lib';
import { CreatorNewsHubStack } from './app-stack.ts';
import { readDeployConfig, stackNames, type DeployConfig } from './deploy-config.ts';
import { EdgeSecurityStack } from './edge-stack.ts';

export interface Deployment {
  config: DeployConfig;
  edge: EdgeSecurityStack;
  main: CreatorNewsHubStack;
}

/**
 * The app's stacks from its context (bin/app.ts; the infra tests build the same): the edge stack in
 * us-east-1, where CloudFront takes web ACLs and certificates from, and the app stack in the chosen region,
 * which reads their ARNs across regions (SSM, by CDK). No account: synth needs none and makes no lookups.
 */
export function addDeployment(app: App): Deployment {
  const config = readDeployConfig((key) => app.node.tryGetContext(key));
  const names = stackNames(config.stage);
  const edge = new EdgeSecurityStack(app, names.edge, {
    env: { region: 'us-east-1' },
    crossRegionReferences: true,
    ...(config.domain ? { domain: config.domain } : {}),
  });
  const main = new CreatorNewsHubStack(app, names.main, {
    env: { region: config.region },
    crossRegionReferences: true,
    mailDomain: config.mailDomain,
    contactEmail: config.contactEmail,
    alarmEmail: config.alarmEmail,
    monthlyBudgetUsd: config.monthlyBudgetUsd,
    webAclArn: edge.webAclArn,
    ...(config.domain && edge.certificateArn ? { domain: { ...config.domain, certificateArn: edge.certificateArn } } : {}),
    ...(config.adminEmail ? { adminEmail: config.adminEmail } : {}),
  });
  return { config, edge, main };
}
