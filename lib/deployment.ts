import type { App } from 'aws-cdk-lib';
import { CreatorNewsHubStack } from './app-stack.ts';
import { readDeployConfig, stackNames, type DeployConfig } from './deploy-config.ts';
import { EdgeSecurityStack } from './edge-stack.ts';
import { MailReadyStack, MailStack } from './mail-stack.ts';

export interface Deployment {
  config: DeployConfig;
  edge: EdgeSecurityStack;
  mail: MailStack;
  mailReady: MailReadyStack;
  main: CreatorNewsHubStack;
}

/**
 * The app's stacks from its context (bin/app.ts; the infra tests build the same), in the order AWS needs
 * them (docs/decisions/first-deploy-order.md):
 * 1. the edge stack in us-east-1, where CloudFront takes web ACLs and certificates from;
 * 2. the mail stack: the SES identity of the mail domain and its DNS records;
 * 3. the mail-ready stack: waits until SES has verified that identity (Cognito refuses an unverified one);
 * 4. the app stack, which reads the edge stack's ARNs across regions (SSM, by CDK).
 * No account: synth needs none and makes no lookups.
 */
export function addDeployment(app: App): Deployment {
  const config = readDeployConfig((key) => app.node.tryGetContext(key));
  const names = stackNames(config.stage);
  const edge = new EdgeSecurityStack(app, names.edge, {
    env: { region: 'us-east-1' },
    crossRegionReferences: true,
    ...(config.domain ? { domain: config.domain } : {}),
  });
  const mail = new MailStack(app, names.mail, {
    env: { region: config.region },
    mailDomain: config.mailDomain,
    ...(config.domain ? { domain: config.domain } : {}),
  });
  const mailReady = new MailReadyStack(app, names.mailReady, {
    env: { region: config.region },
    mail,
    ...(config.adminEmail ? { adminEmail: config.adminEmail } : {}),
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
  // Cognito checks at CreateUserPool that the identity it sends as is verified; the user pool, the table
  // and everything kept on rollback are made only after the mail-ready stack has seen it verified.
  main.addStackDependency(mailReady, 'The user pool sends as the mail domain, which SES must have verified');
  return { config, edge, mail, mailReady, main };
}
