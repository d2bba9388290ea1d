import { App, Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { RAZORPAY_WEBHOOK_PATH, STACK_OUTPUTS } from '../../lib/app-stack.ts';
import { addDeployment, type Deployment } from '../../lib/deployment.ts';
import { stack as description } from '../../lib/stack-description.ts';
import { REQUIRED_CONTEXT } from '../support/stack.ts';

const DOMAIN_CONTEXT = { domainName: 'news.example.in', hostedZoneName: 'example.in' };

/** A fresh app from this context, as `cdk synth -c ...` builds it (bundling skipped: it does not change the template's shape). */
function deploy(context: Record<string, string> = {}): Deployment & { edgeTemplate: Template; mainTemplate: Template } {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [], ...REQUIRED_CONTEXT, ...context } });
  const deployment = addDeployment(app);
  return { ...deployment, edgeTemplate: Template.fromStack(deployment.edge), mainTemplate: Template.fromStack(deployment.main) };
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
      template.resourceCountIs('Custom::AWS', 0);
    }
    expect(distributionConfig(mainTemplate).Aliases).toBeUndefined();
    mainTemplate.resourceCountIs('AWS::ApiGatewayV2::DomainName', 0);
    mainTemplate.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: Match.absent() });
    mainTemplate.resourceCountIs('AWS::Cognito::UserPoolUser', 0);
  });

  it('makes the SES identity of the given mail domain and prints its three DKIM records', () => {
    const { mainTemplate } = deploy();
    mainTemplate.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'example.in' });
    for (const index of [1, 2, 3]) {
      mainTemplate.hasOutput(`${STACK_OUTPUTS.mailDkimRecord}${index}`, {
        Description: 'SES DKIM record: add it to the DNS of example.in',
        Value: { 'Fn::Join': ['', Match.arrayWith([{ 'Fn::GetAtt': [Match.stringLikeRegexp('^MailIdentity'), `DkimDNSTokenName${index}`] }, ' CNAME '])] },
      });
    }
  });
});

describe('deployment with a domain', () => {
  it('makes the site\'s certificate in us-east-1, validated in the zone found by name at deploy time', () => {
    // GIVEN the site's name and its zone
    // WHEN the app is built
    const { edge, edgeTemplate } = deploy(DOMAIN_CONTEXT);
    // THEN the edge stack (us-east-1) holds the certificate, DNS-validated in the zone a deploy-time lookup finds
    expect(edge.region).toBe('us-east-1');
    edgeTemplate.hasResourceProperties('Custom::AWS', { Create: Match.stringLikeRegexp('"action":"listHostedZonesByName".*"DNSName":"example.in"') });
    edgeTemplate.hasResourceProperties('AWS::CertificateManager::Certificate', {
      DomainName: 'news.example.in',
      ValidationMethod: 'DNS',
      DomainValidationOptions: [{ DomainName: 'news.example.in', HostedZoneId: { 'Fn::Select': [2, { 'Fn::Split': ['/', { 'Fn::GetAtt': [Match.stringLikeRegexp('^SiteZone'), 'HostedZones.0.Id'] }] }] } }],
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

  it('writes the SES domain identity\'s DKIM records into the zone, the zone\'s name being the mail domain', () => {
    const { config, mainTemplate } = deploy(DOMAIN_CONTEXT);
    expect(config.mailDomain).toBe('example.in');
    mainTemplate.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'example.in' });
    const dkim = resourcesOf(mainTemplate, 'AWS::Route53::RecordSet').filter(([, record]) => record.Properties.Type === 'CNAME');
    expect(dkim).toHaveLength(3);
    for (const [, record] of dkim) expect(JSON.stringify(record.Properties.ResourceRecords)).toMatch(/DkimDNSTokenValue/);
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
    const { mainTemplate } = deploy({ ...DOMAIN_CONTEXT, mailDomain: 'mail.example.org' });
    mainTemplate.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'mail.example.org' });
    expect(resourcesOf(mainTemplate, 'AWS::Route53::RecordSet').filter(([, record]) => record.Properties.Type === 'CNAME')).toHaveLength(0);
    mainTemplate.hasOutput(`${STACK_OUTPUTS.mailDkimRecord}1`, { Description: 'SES DKIM record: add it to the DNS of mail.example.org' });
  });

  it('passes cdk-nag in both stacks', () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [], ...REQUIRED_CONTEXT, ...DOMAIN_CONTEXT, adminEmail: 'owner@example.in' } });
    addDeployment(app);
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    expect(() => app.synth()).not.toThrow();
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
      `${STACK_OUTPUTS.mailDkimRecord}1`, `${STACK_OUTPUTS.mailDkimRecord}2`, `${STACK_OUTPUTS.mailDkimRecord}3`,
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
