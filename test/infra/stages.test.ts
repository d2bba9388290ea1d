import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { stackNames } from '../../lib/deploy-config.ts';
import { addDeployment } from '../../lib/deployment.ts';
import { CHECKED_OWNER_CONTEXT, DOCUMENTED_CONFIGURATIONS } from '../../lib/template-rules.ts';

/**
 * Staging beside production in one account (context `stage`, docs/ci-cd.md): their stacks must have names of
 * their own, and so must every resource whose name the templates give rather than CloudFormation generating it.
 * Two resources of one type with one such name in one account (and region, for regional ones) make the second
 * deploy fail, or, for a metric name, mix the two stages' figures.
 */

type Resource = { Type: string; Properties?: Record<string, unknown> };
type TemplateJson = { Resources: Record<string, Resource> };

/** A name the templates give: of what (type and where in it), the name, and the stack it is in. */
interface GivenName {
  stack: string;
  type: string;
  where: string;
  name: string;
}

/** Resources' own names, as top-level properties: FunctionName, LogGroupName, DashboardName, Name, ... */
const NAME_PROPERTY = /^(\w*Name|EmailIdentity)$/;

/**
 * Names that live inside another resource (or only label one), so equal values in two stages do not meet.
 * Anything else a template names literally is checked.
 */
const SCOPED: Record<string, { properties: string[]; why: string }> = {
  'AWS::IAM::Policy': { properties: ['PolicyName'], why: 'an inline policy, named within the roles it is attached to' },
  'AWS::Cognito::UserPoolGroup': { properties: ['GroupName'], why: 'within its user pool' },
  'AWS::Cognito::UserPoolUserToGroupAttachment': { properties: ['GroupName'], why: 'names the group within its user pool' },
  'AWS::ApiGatewayV2::Api': { properties: ['Name'], why: 'a label: APIs are known by generated ids' },
  'AWS::ApiGatewayV2::Authorizer': { properties: ['Name'], why: 'within its API' },
  'AWS::ApiGatewayV2::Stage': { properties: ['StageName'], why: 'within its API' },
  'AWS::Scheduler::Schedule': { properties: ['Name', 'GroupName'], why: 'within its schedule group, whose own name is checked' },
  'AWS::SNS::Topic': { properties: ['DisplayName'], why: 'the sender name in mails; topic names are generated' },
  'AWS::CertificateManager::Certificate': { properties: ['DomainName'], why: 'what the certificate is for: several certificates may cover one name' },
  'AWS::CloudWatch::Alarm': { properties: ['MetricName'], why: 'names the metric watched, not the alarm' },
  'Custom::HostedZone': { properties: ['ZoneName'], why: 'the owner\'s zone looked up, not a resource made' },
  'Custom::OriginMutualTls': { properties: ['ClientName'], why: 'the subject of CloudFront\'s client certificate: ACM holds any number of certificates of one subject' },
};

/** Names of the owner's context (the site's and the mail's domains): equal if two stages are given the same. */
const OWNER_GIVEN = new Set(['AWS::SES::EmailIdentity EmailIdentity', 'AWS::ApiGatewayV2::DomainName DomainName', 'AWS::Route53::RecordSet Name', 'AWS::CloudFront::Distribution DistributionConfig.Aliases']);

function givenNames(stack: string, template: TemplateJson): GivenName[] {
  const names: GivenName[] = [];
  const add = (type: string, where: string, name: unknown) => {
    if (typeof name === 'string') names.push({ stack, type, where, name });
  };
  for (const resource of Object.values(template.Resources)) {
    const properties = resource.Properties ?? {};
    for (const [key, value] of Object.entries(properties)) {
      if (NAME_PROPERTY.test(key) && !SCOPED[resource.Type]?.properties.includes(key)) add(resource.Type, key, value);
      // CloudFront's policies and origin access controls carry their account-wide name in a *Config block.
      if (/Config$/.test(key) && value && typeof value === 'object' && 'Name' in value) add(resource.Type, `${key}.Name`, (value as { Name: unknown }).Name);
    }
    // A web ACL's metric name is its CloudWatch dimension; its rules' metrics are published under it as well.
    const visibility = properties.VisibilityConfig as { MetricName?: unknown } | undefined;
    if (visibility) add(resource.Type, 'VisibilityConfig.MetricName', visibility.MetricName);
    const aliases = (properties.DistributionConfig as { Aliases?: unknown[] } | undefined)?.Aliases ?? [];
    for (const alias of aliases) add(resource.Type, 'DistributionConfig.Aliases', alias);
    // The SSM parameters CDK's cross-region references are passed through.
    if (resource.Type === 'Custom::CrossRegionExportWriter') {
      for (const parameter of Object.keys((properties.WriterProps as { exports: object }).exports)) add('AWS::SSM::Parameter', 'Name', parameter);
    }
  }
  return names;
}

function deploy(context: Record<string, string>) {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [], ...CHECKED_OWNER_CONTEXT, ...context } });
  const { edge, mail, mailReady, main } = addDeployment(app);
  const assembly = app.synth();
  const stacks = [edge, mail, mailReady, main].map((stack) => ({ name: stack.stackName, artifactId: stack.artifactId, template: assembly.getStackByName(stack.stackName).template as TemplateJson }));
  return { stacks, names: stacks.flatMap((stack) => givenNames(stack.name, stack.template)) };
}

const key = (name: GivenName) => `${name.type} ${name.where} ${name.name}`;

function shared(one: GivenName[], other: GivenName[]): GivenName[] {
  const theirs = new Set(other.map(key));
  return one.filter((name) => theirs.has(key(name)));
}

const PRODUCTION = DOCUMENTED_CONFIGURATIONS['own-domain'];
/** Staging as docs/ci-cd.md sets it up: in the same zone, under names of its own. */
const STAGING = { stage: 'staging', domainName: 'staging.news.example.com', hostedZoneName: 'example.com', mailDomain: 'staging.example.com' };

describe('stages side by side in one account', () => {
  const production = deploy(PRODUCTION);
  const staging = deploy(STAGING);

  it('have stack names of their own', () => {
    const names = (stage?: string) => [stackNames(stage).edge, stackNames(stage).mail, stackNames(stage).mailReady, stackNames(stage).main];
    expect(production.stacks.map((stack) => stack.name)).toEqual(names());
    expect(staging.stacks.map((stack) => stack.name)).toEqual(names('staging'));
    const productionNames = new Set(production.stacks.flatMap((stack) => [stack.name, stack.artifactId]));
    for (const stack of staging.stacks) {
      expect(productionNames.has(stack.name)).toBe(false);
      expect(productionNames.has(stack.artifactId)).toBe(false);
    }
  });

  it('give no resource a name the other stage gives too', () => {
    // The check finds the names there are: cross-region parameters, schedule group, CloudFront's functions,
    // policies and origin access control, the web ACL's metric, and the owner's names.
    const types = new Set(staging.names.map((name) => name.type));
    for (const type of ['AWS::SSM::Parameter', 'AWS::Scheduler::ScheduleGroup', 'AWS::CloudFront::Function', 'AWS::CloudFront::ResponseHeadersPolicy', 'AWS::CloudFront::OriginAccessControl', 'AWS::WAFv2::WebACL', 'AWS::SES::EmailIdentity', 'AWS::Route53::RecordSet']) {
      expect(types, type).toContain(type);
    }
    expect(shared(staging.names, production.names).map(key)).toEqual([]);
  });

  it('share only the owner\'s names when given the same domain and mail domain: why staging takes names of its own', () => {
    const sameNames = deploy({ ...PRODUCTION, stage: 'staging' });
    const common = shared(sameNames.names, production.names);
    expect(common.length).toBeGreaterThan(0);
    for (const name of common) expect(OWNER_GIVEN.has(`${name.type} ${name.where}`), key(name)).toBe(true);
  });
});
