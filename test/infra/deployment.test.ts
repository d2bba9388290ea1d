import { App, Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { RAZORPAY_WEBHOOK_PATH, STACK_OUTPUTS } from '../../lib/app-stack.ts';
import { DMARC_POLICY, MAIL_OUTPUTS } from '../../lib/mail-stack.ts';
import { addDeployment, type Deployment } from '../../lib/deployment.ts';
import { stack as description } from '../../lib/stack-description.ts';
import { REQUIRED_CONTEXT } from '../support/stack.ts';

const DOMAIN_CONTEXT = { domainName: 'news.example.in', hostedZoneName: 'example.in' };

type Synthesised = Deployment & { edgeTemplate: Template; mailTemplate: Template; mailReadyTemplate: Template; mainTemplate: Template };
const deployments = new Map<string, Synthesised>();

/**
 * The app from this context, as `cdk synth -c ...` builds it (bundling skipped: it does not change the
 * template's shape), built once per context for this file: the tests only read it, and a build takes seconds.
 */
function deploy(context: Record<string, string> = {}): Synthesised {
  const key = JSON.stringify(Object.entries(context).sort());
  const known = deployments.get(key);
  if (known) return known;
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [], ...REQUIRED_CONTEXT, ...context } });
  const deployment = addDeployment(app);
  const synthesised = {
    ...deployment,
    edgeTemplate: Template.fromStack(deployment.edge),
    mailTemplate: Template.fromStack(deployment.mail),
    mailReadyTemplate: Template.fromStack(deployment.mailReady),
    mainTemplate: Template.fromStack(deployment.main),
  };
  deployments.set(key, synthesised);
  return synthesised;
}

type Resource = { Type: string; Properties: Record<string, unknown>; DependsOn?: string[] };

function resourcesOf(template: Template, type: string): Array<[string, Resource]> {
  return Object.entries(template.findResources(type)) as Array<[string, Resource]>;
}

function distributionConfig(template: Template): Record<string, unknown> {
  const [, distribution] = resourcesOf(template, 'AWS::CloudFront::Distribution')[0] ?? [];
  return distribution?.Properties.DistributionConfig as Record<string, unknown>;
}

describe('deployment without context (cdk.json defaults)', () => {
  it('serves the site on CloudFront\'s own name: no certificate, no records, no zone lookup, the execute-api endpoint on', () => {
    // GIVEN no context
    // WHEN the app is built
    const { config, edge, main, edgeTemplate, mainTemplate } = deploy();
    // THEN the app stack is in Mumbai, the edge stack in us-east-1, and nothing needs a domain
    expect([main.region, edge.region]).toEqual(['ap-south-1', 'us-east-1']);
    expect(config).toEqual({ region: 'ap-south-1', mailDomain: 'example.in', contactEmail: 'ops@example.in', alarmEmail: 'ops@example.in', monthlyBudgetUsd: 50 });
    for (const template of [edgeTemplate, mainTemplate]) {
      template.resourceCountIs('AWS::CertificateManager::Certificate', 0);
      template.resourceCountIs('AWS::Route53::RecordSet', 0);
      template.resourceCountIs('Custom::HostedZone', 0);
    }
    expect(distributionConfig(mainTemplate).Aliases).toBeUndefined();
    mainTemplate.resourceCountIs('AWS::ApiGatewayV2::DomainName', 0);
    mainTemplate.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: Match.absent() });
    mainTemplate.resourceCountIs('AWS::Cognito::UserPoolUser', 0);
  });

  it('makes the SES identity of the given mail domain in the mail stack and prints its three DKIM records', () => {
    const { mailTemplate, mainTemplate } = deploy();
    mainTemplate.resourceCountIs('AWS::SES::EmailIdentity', 0);
    mailTemplate.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'example.in', MailFromAttributes: { MailFromDomain: 'bounce.example.in' } });
    mailTemplate.resourceCountIs('AWS::Route53::RecordSet', 0);
    for (const index of [1, 2, 3]) {
      mailTemplate.hasOutput(`${MAIL_OUTPUTS.dkimRecord}${index}`, {
        Description: 'SES DKIM record: add it to the DNS of example.in, then deploy again',
        Value: { 'Fn::Join': ['', Match.arrayWith([{ 'Fn::GetAtt': [Match.stringLikeRegexp('^Identity'), `DkimDNSTokenName${index}`] }, ' CNAME '])] },
      });
    }
    mailTemplate.hasOutput(MAIL_OUTPUTS.mailFromMx, { Value: 'bounce.example.in MX 10 feedback-smtp.ap-south-1.amazonses.com' });
    mailTemplate.hasOutput(MAIL_OUTPUTS.mailFromSpf, { Value: 'bounce.example.in TXT "v=spf1 include:amazonses.com ~all"' });
    mailTemplate.hasOutput(MAIL_OUTPUTS.dmarc, { Value: `_dmarc.example.in TXT "${DMARC_POLICY}"` });
  });
});

describe('deployment with a domain', () => {
  it('makes the site\'s certificate in us-east-1, validated in the zone found by name at deploy time', () => {
    // GIVEN the site's name and its zone
    // WHEN the app is built
    const { edge, edgeTemplate } = deploy(DOMAIN_CONTEXT);
    // THEN the edge stack (us-east-1) holds the certificate, DNS-validated in the zone a deploy-time lookup finds
    expect(edge.region).toBe('us-east-1');
    edgeTemplate.hasResourceProperties('Custom::HostedZone', { ZoneName: 'example.in' });
    edgeTemplate.hasResourceProperties('AWS::CertificateManager::Certificate', {
      DomainName: 'news.example.in',
      ValidationMethod: 'DNS',
      DomainValidationOptions: [{ DomainName: 'news.example.in', HostedZoneId: { 'Fn::GetAtt': [Match.stringLikeRegexp('^SiteZone'), 'HostedZoneId'] } }],
    });
  });

  it('gives the distribution the site\'s name with that certificate and points A and AAAA alias records at it', () => {
    const { mainTemplate } = deploy(DOMAIN_CONTEXT);
    const config = distributionConfig(mainTemplate);
    expect(config.Aliases).toEqual(['news.example.in']);
    expect(JSON.stringify((config.ViewerCertificate as { AcmCertificateArn: unknown }).AcmCertificateArn)).toMatch(/SiteCertificate/);
    expect(config.ViewerCertificate).toMatchObject({ MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' });
    const [distributionId] = resourcesOf(mainTemplate, 'AWS::CloudFront::Distribution')[0]!;
    for (const type of ['A', 'AAAA']) {
      mainTemplate.hasResourceProperties('AWS::Route53::RecordSet', {
        Name: 'news.example.in.',
        Type: type,
        AliasTarget: { DNSName: { 'Fn::GetAtt': [distributionId, 'DomainName'] }, HostedZoneId: Match.anyValue() },
        HostedZoneId: Match.anyValue(),
      });
    }
    mainTemplate.hasOutput(STACK_OUTPUTS.siteUrl, { Value: 'https://news.example.in' });
  });

  it('writes the SES domain identity\'s DKIM, MAIL FROM and DMARC records into the zone, the zone\'s name being the mail domain', () => {
    const { config, mailTemplate, mainTemplate } = deploy(DOMAIN_CONTEXT);
    expect(config.mailDomain).toBe('example.in');
    mailTemplate.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'example.in' });
    const dkim = resourcesOf(mailTemplate, 'AWS::Route53::RecordSet').filter(([, record]) => record.Properties.Type === 'CNAME');
    expect(dkim).toHaveLength(3);
    for (const [, record] of dkim) expect(JSON.stringify(record.Properties.ResourceRecords)).toMatch(/DkimDNSTokenValue/);
    mailTemplate.hasResourceProperties('AWS::Route53::RecordSet', { Name: 'bounce.example.in.', Type: 'MX', ResourceRecords: ['10 feedback-smtp.ap-south-1.amazonses.com'] });
    mailTemplate.hasResourceProperties('AWS::Route53::RecordSet', { Name: 'bounce.example.in.', Type: 'TXT', ResourceRecords: ['"v=spf1 include:amazonses.com ~all"'] });
    mailTemplate.hasResourceProperties('AWS::Route53::RecordSet', { Name: '_dmarc.example.in.', Type: 'TXT', ResourceRecords: [`"${DMARC_POLICY}"`] });
    // Cognito sends its invitation and reset mails from the same domain.
    mainTemplate.hasResourceProperties('AWS::Cognito::UserPool', { EmailConfiguration: Match.objectLike({ From: Match.stringLikeRegexp('no-reply@example.in') }) });
  });

  it('switches the API\'s execute-api endpoint off and lets CloudFront reach it on a name of its own', () => {
    const { mainTemplate } = deploy(DOMAIN_CONTEXT);
    mainTemplate.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: true });
    mainTemplate.hasResourceProperties('AWS::ApiGatewayV2::DomainName', { DomainName: 'api-origin.news.example.in' });
    mainTemplate.hasResourceProperties('AWS::ApiGatewayV2::ApiMapping', { Stage: Match.anyValue(), ApiId: Match.anyValue() });
    mainTemplate.hasResourceProperties('AWS::CertificateManager::Certificate', { DomainName: 'api-origin.news.example.in', ValidationMethod: 'DNS' });
    mainTemplate.hasResourceProperties('AWS::Route53::RecordSet', { Name: 'api-origin.news.example.in.', Type: 'A' });
    const origins = distributionConfig(mainTemplate).Origins as Array<{ DomainName: unknown; CustomOriginConfig?: unknown }>;
    expect(origins.filter((origin) => origin.CustomOriginConfig).map((origin) => origin.DomainName)).toEqual(['api-origin.news.example.in']);
  });

  it('takes a mail domain of its own from context, whose DKIM records are then printed, not written', () => {
    const { mailTemplate } = deploy({ ...DOMAIN_CONTEXT, mailDomain: 'mail.example.org' });
    mailTemplate.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'mail.example.org' });
    mailTemplate.resourceCountIs('AWS::Route53::RecordSet', 0);
    mailTemplate.resourceCountIs('Custom::HostedZone', 0);
    mailTemplate.hasOutput(`${MAIL_OUTPUTS.dkimRecord}1`, { Description: 'SES DKIM record: add it to the DNS of mail.example.org, then deploy again' });
  });

  it('writes the records into the zone when the mail domain is a name under it, the identity being that name', () => {
    const { mailTemplate } = deploy({ ...DOMAIN_CONTEXT, mailDomain: 'mail.example.in' });
    mailTemplate.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'mail.example.in' });
    mailTemplate.hasResourceProperties('Custom::HostedZone', { ZoneName: 'example.in' });
    expect(resourcesOf(mailTemplate, 'AWS::Route53::RecordSet').filter(([, record]) => record.Properties.Type === 'CNAME')).toHaveLength(3);
    mailTemplate.hasResourceProperties('AWS::Route53::RecordSet', { Name: '_dmarc.mail.example.in.', Type: 'TXT' });
    mailTemplate.hasResourceProperties('AWS::Route53::RecordSet', { Name: 'bounce.mail.example.in.', Type: 'MX' });
    mailTemplate.hasOutput(`${MAIL_OUTPUTS.dkimRecord}1`, { Description: 'SES DKIM record: already written in the zone example.in by this stack' });
  });

  it('passes cdk-nag in every stack', () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [], ...REQUIRED_CONTEXT, ...DOMAIN_CONTEXT, adminEmail: 'owner@example.in' } });
    addDeployment(app);
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    expect(() => app.synth()).not.toThrow();
  });
});

/** The three configurations docs/deploy.md documents. */
const CONFIGURATIONS = {
  'own domain in Route 53': DOMAIN_CONTEXT,
  'mail domain elsewhere': { ...DOMAIN_CONTEXT, mailDomain: 'mail.example.org' },
  'no domain': { mailDomain: 'example.org' },
} as const;

describe('the first deploy\'s order (Cognito refuses an unverified SES identity)', () => {
  for (const [name, context] of Object.entries(CONFIGURATIONS)) {
    it(`makes the user pool only after the mail domain is verified: ${name}`, () => {
      // GIVEN the configuration
      const { config, mail, mailReady, main, mailReadyTemplate, mainTemplate } = deploy({ ...context, adminEmail: 'owner@example.net' });
      // THEN the app stack, which holds the pool, waits for the mail-ready stack, which waits for the mail stack
      expect(main.dependencies).toContain(mailReady);
      expect(mailReady.dependencies).toContain(mail);
      // AND the mail-ready stack's waiter polls SES for that very domain, told whether the stack writes its DNS
      mailReadyTemplate.hasResourceProperties('Custom::MailReady', {
        MailDomain: config.mailDomain,
        DnsManagedByStack: String(config.mailDomain === config.domain?.hostedZoneName),
        MailStackName: mail.stackName,
        AdminEmail: 'owner@example.net',
      });
      // AND the pool sends as that domain's identity
      mainTemplate.hasResourceProperties('AWS::Cognito::UserPool', {
        EmailConfiguration: Match.objectLike({ EmailSendingAccount: 'DEVELOPER', SourceArn: { 'Fn::Join': ['', Match.arrayWith([`:identity/${config.mailDomain}`])] } }),
      });
      // AND nothing in the app stack makes the identity itself (a rollback there cannot take it away)
      mainTemplate.resourceCountIs('AWS::SES::EmailIdentity', 0);
    });
  }

  it('polls with the provider framework\'s waiter, bounded in time', () => {
    const { mailReadyTemplate } = deploy();
    const [, waiter] = resourcesOf(mailReadyTemplate, 'AWS::StepFunctions::StateMachine')[0] ?? [];
    expect(waiter).toBeDefined();
    // 1 hour at one poll each 30 s: 120 attempts.
    expect(JSON.stringify(waiter?.Properties.DefinitionString)).toMatch(/\\"MaxAttempts\\":120/);
  });

  it('declares one SES identity, the mail domain\'s (the waiter asks SES to verify a sandboxed admin\'s address itself, so two stages never declare the same)', () => {
    deploy({ adminEmail: 'owner@example.net' }).mailTemplate.resourceCountIs('AWS::SES::EmailIdentity', 1);
    deploy({ adminEmail: 'owner@example.net' }).mailReadyTemplate.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Action: Match.arrayWith(['ses:CreateEmailIdentity']) })]) },
    });
  });
});

describe('deployment in another region', () => {
  it('puts the app stack there (Cognito in the CSP, SES in Cognito\'s mail) and keeps the edge stack in us-east-1', () => {
    const { main, edge, mainTemplate } = deploy({ region: 'eu-west-1' });
    expect([main.region, edge.region]).toEqual(['eu-west-1', 'us-east-1']);
    mainTemplate.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: { SecurityHeadersConfig: Match.objectLike({ ContentSecurityPolicy: { ContentSecurityPolicy: Match.stringLikeRegexp('https://cognito-idp.eu-west-1.amazonaws.com'), Override: true } }) },
    });
    mainTemplate.hasResourceProperties('AWS::Cognito::UserPool', { EmailConfiguration: Match.objectLike({ SourceArn: Match.objectLike({ 'Fn::Join': ['', Match.arrayWith([':ses:eu-west-1:'])] }) }) });
  });
});

describe('the first admin', () => {
  it('is created in the pool by e-mail, invited by Cognito\'s own mail, and put in the admin group', () => {
    // GIVEN an admin e-mail
    const { mainTemplate } = deploy({ adminEmail: 'Owner@Example.in' });
    // THEN one user with that (lower-cased) address, verified, invited by e-mail
    const [userId] = resourcesOf(mainTemplate, 'AWS::Cognito::UserPoolUser')[0] ?? [];
    mainTemplate.hasResourceProperties('AWS::Cognito::UserPoolUser', {
      Username: 'owner@example.in',
      DesiredDeliveryMediums: ['EMAIL'],
      UserAttributes: [
        { Name: 'email', Value: 'owner@example.in' },
        { Name: 'email_verified', Value: 'true' },
      ],
      UserPoolId: { Ref: Match.stringLikeRegexp('^AuthUsers') },
    });
    // AND its membership of the admin group, made after both exist
    const [groupId] = resourcesOf(mainTemplate, 'AWS::Cognito::UserPoolGroup').find(([, group]) => group.Properties.GroupName === 'admin') ?? [];
    mainTemplate.hasResource('AWS::Cognito::UserPoolUserToGroupAttachment', {
      Properties: { GroupName: 'admin', Username: 'owner@example.in', UserPoolId: { Ref: Match.stringLikeRegexp('^AuthUsers') } },
      DependsOn: Match.arrayWith([userId, groupId]),
    });
  });

  it('is kept when a later deploy leaves adminEmail out (CloudFormation retains the account and its membership)', () => {
    const { mainTemplate } = deploy({ adminEmail: 'owner@example.in' });
    for (const type of ['AWS::Cognito::UserPoolUser', 'AWS::Cognito::UserPoolUserToGroupAttachment']) {
      mainTemplate.hasResource(type, { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    }
  });

  it('refuses an address that is not one, and a domain without its zone or outside it', () => {
    expect(() => deploy({ adminEmail: 'owner' })).toThrow('Context adminEmail must be an e-mail address, got "owner"');
    expect(() => deploy({ domainName: 'news.example.in' })).toThrow(/domainName and hostedZoneName go together/);
    expect(() => deploy({ domainName: 'news.example.org', hostedZoneName: 'example.in' })).toThrow('Context domainName "news.example.org" is not inside hostedZoneName "example.in"');
  });
});

describe('the outputs docs/deploy.md names', () => {
  it('gives the site, the API, the pool, the Razorpay secret and webhook URL, and the mail domain', () => {
    const { mainTemplate } = deploy(DOMAIN_CONTEXT);
    const outputs = Object.keys(mainTemplate.findOutputs('*'));
    expect(outputs).toEqual(expect.arrayContaining([
      STACK_OUTPUTS.siteUrl, STACK_OUTPUTS.apiUrl, STACK_OUTPUTS.userPoolId, STACK_OUTPUTS.userPoolClientId, STACK_OUTPUTS.tableName,
      STACK_OUTPUTS.razorpaySecretName, STACK_OUTPUTS.razorpayWebhookUrl, STACK_OUTPUTS.mailDomain,
    ]));
    mainTemplate.hasOutput(STACK_OUTPUTS.razorpayWebhookUrl, { Value: `https://news.example.in/api${RAZORPAY_WEBHOOK_PATH}` });
    mainTemplate.hasOutput(STACK_OUTPUTS.razorpaySecretName, { Value: { 'Fn::Join': Match.anyValue() } });
  });
});

describe('client key salt', () => {
  it('comes to every function from the stack\'s own secret, resolved at deploy (never a default in the code)', () => {
    const { mainTemplate } = deploy();
    const [saltId] = resourcesOf(mainTemplate, 'AWS::SecretsManager::Secret').find(([id]) => id.startsWith('ClientKeySalt')) ?? [];
    expect(saltId).toBeDefined();
    const projectFunctions = resourcesOf(mainTemplate, 'AWS::Lambda::Function').filter(([id]) => id.startsWith('Fn'));
    expect(projectFunctions).toHaveLength(description.functions.length);
    for (const [id, fn] of projectFunctions) {
      const salt = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.CLIENT_KEY_SALT;
      expect(JSON.stringify(salt), id).toContain(`{{resolve:secretsmanager:`);
      expect(JSON.stringify(salt), id).toContain(saltId);
    }
  });
});

describe('what an owner must give', () => {
  it('refuses to synthesise without a mail domain, an alarm address or a budget, saying what to add', () => {
    const without = (key: keyof typeof REQUIRED_CONTEXT) => () => {
      const context: Record<string, string> = { ...REQUIRED_CONTEXT };
      delete context[key];
      const app = new App({ context: { 'aws:cdk:bundling-stacks': [], ...context } });
      addDeployment(app);
    };
    expect(without('mailDomain')).toThrow(/Context mailDomain is missing.*add -c mailDomain=/);
    expect(without('alarmEmail')).toThrow(/Context alarmEmail is missing.*add -c alarmEmail=/);
    expect(without('monthlyBudgetUsd')).toThrow(/Context monthlyBudgetUsd is missing.*add -c monthlyBudgetUsd=/);
    expect(() => deploy({ monthlyBudgetUsd: 'lots' })).toThrow('Context monthlyBudgetUsd must be a number of US dollars from 1 to 1000000, got "lots"');
  });

  it('takes the mail domain from the zone, and sends the contact form to the address given, else the admin\'s', () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [], alarmEmail: 'ops@example.in', monthlyBudgetUsd: '20', ...DOMAIN_CONTEXT, adminEmail: 'owner@example.in' } });
    const { config } = addDeployment(app);
    expect(config).toMatchObject({ mailDomain: 'example.in', contactEmail: 'owner@example.in', monthlyBudgetUsd: 20 });
    expect(deploy({ contactEmail: 'Desk@Example.in' }).config.contactEmail).toBe('desk@example.in');
  });

  it('passes the contact address to every function', () => {
    const { mainTemplate } = deploy({ contactEmail: 'desk@example.in' });
    const projectFunctions = resourcesOf(mainTemplate, 'AWS::Lambda::Function').filter(([id]) => id.startsWith('Fn'));
    for (const [id, fn] of projectFunctions) {
      expect((fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.CONTACT_TEAM_EMAIL, id).toBe('desk@example.in');
    }
  });

  it('names a stage\'s stacks apart from production\'s', () => {
    const production = deploy();
    const staging = deploy({ stage: 'staging' });
    expect([production.edge, production.mail, production.mailReady, production.main].map((stack) => stack.stackName)).toEqual(['CreatorNewsHubEdge', 'CreatorNewsHubMail', 'CreatorNewsHubMailReady', 'CreatorNewsHub']);
    expect([staging.edge, staging.mail, staging.mailReady, staging.main].map((stack) => stack.stackName)).toEqual(['CreatorNewsHub-staging-Edge', 'CreatorNewsHub-staging-Mail', 'CreatorNewsHub-staging-MailReady', 'CreatorNewsHub-staging']);
    expect(() => deploy({ stage: 'Prod Two' })).toThrow(/Context stage must be a short name/);
  });
});

describe('the web client', () => {
  it('allows no OAuth flow (the site signs in with SRP; no hosted UI, no callback URL)', () => {
    const { mainTemplate } = deploy();
    mainTemplate.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_SRP_AUTH']),
      AllowedOAuthFlows: Match.absent(),
      CallbackURLs: Match.absent(),
      PreventUserExistenceErrors: 'ENABLED',
    });
  });
});

describe('logs', () => {
  it('are kept a limited time for every function of every stack, CDK\'s own helpers included', () => {
    const deployment = deploy({ ...DOMAIN_CONTEXT, adminEmail: 'owner@example.in' });
    const templates = [deployment.edgeTemplate, deployment.mailTemplate, deployment.mailReadyTemplate, deployment.mainTemplate];
    let functions = 0;
    for (const template of templates) {
      const groups = template.findResources('AWS::Logs::LogGroup');
      for (const [id, fn] of resourcesOf(template, 'AWS::Lambda::Function')) {
        functions += 1;
        const group = (fn.Properties.LoggingConfig as { LogGroup?: { Ref?: string } } | undefined)?.LogGroup?.Ref;
        expect(group, `${id} names no log group`).toBeDefined();
        expect(groups[group as string]?.Properties?.RetentionInDays, `${id}'s log group keeps logs forever`).toBeGreaterThan(0);
      }
    }
    // The project's functions, the deploy checks, the site's BucketDeployment and the cross-region readers and writers.
    expect(functions).toBeGreaterThan(description.functions.length + 4);
  });
});

describe('the site\'s build', () => {
  it('uploads no source map', () => {
    const { mainTemplate } = deploy();
    const deployments = resourcesOf(mainTemplate, 'Custom::CDKBucketDeployment');
    expect(deployments.length).toBe(2);
    for (const [id, deployment] of deployments) {
      const exclude = deployment.Properties.Exclude as string[];
      const include = (deployment.Properties.Include as string[] | undefined) ?? [];
      expect(exclude.includes('*.map') || (exclude.includes('*') && include.every((file) => !file.endsWith('.map'))), id).toBe(true);
    }
  });
});

describe('a later change of domainName', () => {
  /** The SSM names CDK's cross-region writer exports the edge stack's values under. */
  const exportNames = (edgeTemplate: Template) => {
    const [, writer] = resourcesOf(edgeTemplate, 'Custom::CrossRegionExportWriter')[0] ?? [];
    return Object.keys((writer?.Properties.WriterProps as { exports: Record<string, unknown> }).exports);
  };

  it('exports the new certificate under a new name (the writer never rewrites an export whose value changed) and keeps the old one', () => {
    const before = deploy(DOMAIN_CONTEXT);
    const after = deploy({ domainName: 'www.example.in', hostedZoneName: 'example.in' });
    const certificateExports = (names: string[]) => names.filter((name) => /Certificate/.test(name));
    expect(certificateExports(exportNames(before.edgeTemplate))).toHaveLength(1);
    expect(certificateExports(exportNames(after.edgeTemplate))).toHaveLength(1);
    expect(certificateExports(exportNames(after.edgeTemplate))).not.toEqual(certificateExports(exportNames(before.edgeTemplate)));
    before.edgeTemplate.hasResource('AWS::CertificateManager::Certificate', { DeletionPolicy: 'Retain' });
  });
});
