/**
 * How the synthesized templates are checked before anything deploys them (bin/synth-check.ts, run by
 * `npm test`; docs/decisions/template-validation.md says why): the configurations docs/deploy.md documents,
 * the validators run over each, and the one list of rules switched off, each with its reason.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CfnGuardValidator } from '@cdklabs/cdk-validator-cfnguard';
import type { IPolicyValidationContext, IPolicyValidationPlugin, PolicyValidationPluginReport } from 'aws-cdk-lib';

/** The owner values every checked configuration carries besides its own (example.* names, RFC 2606). */
export const CHECKED_OWNER_CONTEXT = { alarmEmail: 'ops@example.com', monthlyBudgetUsd: '50', adminEmail: 'owner@example.com' } as const;

/** The three configurations docs/deploy.md describes, as the `-c` context an owner gives. */
export const DOCUMENTED_CONFIGURATIONS = {
  /** The site's own name in a Route 53 zone; mail from that zone (its DKIM records written there). */
  'own-domain': { domainName: 'news.example.com', hostedZoneName: 'example.com' },
  /** The site's name in Route 53, mail from a domain whose DNS is elsewhere (DKIM records as outputs). */
  'mail-elsewhere': { domainName: 'news.example.com', hostedZoneName: 'example.com', mailDomain: 'mail.example.org' },
  /** No domain: CloudFront's own name; mail from a domain whose DNS is elsewhere. */
  'no-domain': { mailDomain: 'example.org' },
} as const satisfies Record<string, Record<string, string>>;

export type ConfigurationName = keyof typeof DOCUMENTED_CONFIGURATIONS;

/**
 * Context that makes the CloudFormation resource-schema check aws-cdk-lib runs on every synth (its bundled
 * `@aws/cloudformation-validate`: the resource provider schemas and cfn-lint's rules, offline) fail synth
 * on an error, instead of printing it as a warning, and on a warning too (strict).
 */
export const SCHEMA_CHECK_CONTEXT = {
  '@aws-cdk/core:validateAgainstDefaultRules': true,
  '@aws-cdk/core:strictCfnValidateErrors': true,
} as const;

/** A rule switched off: why, and in which configurations only (absent: in all). */
export interface DisabledRule {
  reason: string;
  only?: readonly ConfigurationName[];
}

/**
 * AWS Control Tower proactive controls (the cfn-guard rules bundled with @cdklabs/cdk-validator-cfnguard)
 * that this project does not follow, by rule file name, each with its reason. Every other bundled rule runs.
 */
export const DISABLED_GUARD_RULES: Readonly<Record<string, string | DisabledRule>> = {
  'ct-apigateway-pr-5': 'The reader API is public by design (articles, feeds, search): its open routes have no authorizer; the signed-in routes use the Cognito JWT authorizer.',
  'ct-cloudfront-pr-4': 'Origin failover needs a second origin group (a replica bucket in another region); one S3 origin and one API origin are what the site is sized for.',
  'ct-cloudfront-pr-6': 'Without a domain the site is on CloudFront\'s default certificate by design; with one, the certificate comes across regions as a GetAtt of CDK\'s export reader, which the rule cannot follow (test/infra/deployment.test.ts asserts it).',
  'ct-cloudfront-pr-7': 'Same as ct-cloudfront-pr-6: SNI is set with a domain (sni-only, TLSv1.2_2021, asserted in test/infra/deployment.test.ts); without one there is no custom certificate to serve.',
  'ct-cloudfront-pr-9': {
    reason: 'CloudFront\'s default certificate takes no minimum TLS version (cdk-nag CFR4 acknowledges the same); with a domain the rule runs and TLSv1.2_2021 passes it.',
    only: ['no-domain'],
  },
  'ct-cloudwatch-pr-2': 'Logs are kept one to three months on purpose (storage cost at the assumed traffic); the table and the alarms are the record, not the logs.',
  'ct-cloudwatch-pr-3': 'CloudWatch Logs encrypts every log group at rest with its own key; a customer key per region adds cost and a key policy for no reader of these logs.',
  'ct-lambda-pr-2': 'Every permission is for a service principal with a SourceArn of this stack\'s API, pool or topic, built with Fn::Join, which the rule reads as missing.',
  'ct-lambda-pr-3': 'The functions reach public feeds and AWS APIs only; a VPC would need NAT gateways (a fixed monthly cost per zone) and protects no private resource.',
  'ct-s3-pr-2': 'The access log bucket cannot log into itself, and the two working buckets (search snapshots, ingest work lists) hold derived data written only by the stack\'s roles (cdk-nag S1 says so per bucket).',
  'ct-s3-pr-4': 'No consumer of bucket events exists; notifications to nowhere would only add resources.',
  'ct-s3-pr-5': 'CloudFront\'s standard access logs are delivered by ACL: the access log bucket needs them (BUCKET_OWNER_PREFERRED); every other bucket has ACLs off.',
  'ct-s3-pr-9': 'Object Lock is for records that must not change; these buckets hold build output, logs and derived data that are replaced or expire.',
  'ct-s3-pr-10': 'SSE-S3 encrypts every bucket; a KMS key would add a cost per request on the site\'s reads through CloudFront and a key policy for its origin access.',
  'ct-s3-pr-11': 'Versions are not kept: the site is redeployed from source, logs expire, and the snapshots and work lists are rebuilt by the next run.',
};

/** The bundled Control Tower rule files, each with the resource types it names (none named: it always runs). */
function controlTowerRuleFiles(): Array<{ file: string; name: string; types: string[] }> {
  const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('@cdklabs/cdk-validator-cfnguard')), '..', 'rules', 'control-tower', 'cfn-guard');
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.guard'))
    .sort()
    .map((file) => ({
      file: path.join(dir, file),
      name: path.basename(file, '.guard'),
      types: [...new Set([...fs.readFileSync(path.join(dir, file), 'utf8').matchAll(/"(AWS::\w+::\w+)"/g)].map((match) => match[1] as string))],
    }));
}

/** Names of every bundled Control Tower rule (for the test that every disabled name is one). */
export function controlTowerRuleNames(): string[] {
  return controlTowerRuleFiles().map((rule) => rule.name);
}

/**
 * The Control Tower rules through cfn-guard (@cdklabs/cdk-validator-cfnguard), less the disabled ones, and
 * of those only the rules that name a resource type the templates hold: a rule finds nothing in a template
 * without its types, and cfn-guard's time grows with rules times resources (all 237 rules over the app
 * stack take four times the CPU of the 56 that apply).
 */
export class ControlTowerRules implements IPolicyValidationPlugin {
  readonly name = 'cdk-validator-cfnguard';

  /** What the last validation ran: rules given to cfn-guard, of how many bundled, over how many templates. */
  lastRun?: { rules: number; bundled: number; templates: number };

  constructor(private readonly configuration: ConfigurationName) {}

  validate(context: IPolicyValidationContext): PolicyValidationPluginReport {
    const types = new Set<string>();
    for (const templatePath of context.templatePaths) {
      const template = JSON.parse(fs.readFileSync(templatePath, 'utf8')) as { Resources?: Record<string, { Type: string }> };
      for (const resource of Object.values(template.Resources ?? {})) types.add(resource.Type);
    }
    const bundled = controlTowerRuleFiles();
    const rules = bundled
      .filter((rule) => !isDisabled(rule.name, this.configuration))
      .filter((rule) => !rule.types.length || rule.types.some((type) => types.has(type)))
      .map((rule) => rule.file);
    this.lastRun = { rules: rules.length, bundled: bundled.length, templates: context.templatePaths.length };
    // cfn-guard's JSON report of the app stack is megabytes when rules fail; Node's default buffer is 1 MB.
    const guard = new CfnGuardValidator({ controlTowerRulesEnabled: false, rules, maxBuffer: 64 * 1024 * 1024 });
    return guard.validate(context);
  }
}

/** Whether a rule is switched off in this configuration. */
export function isDisabled(rule: string, configuration: ConfigurationName): boolean {
  const disabled = DISABLED_GUARD_RULES[rule];
  if (disabled === undefined) return false;
  return typeof disabled === 'string' || !disabled.only || disabled.only.includes(configuration);
}

/** The validators of the synth check of one configuration, added to its App with `Validations.of(app).addPlugins`. */
export function templateValidators(configuration: ConfigurationName): ControlTowerRules[] {
  return [new ControlTowerRules(configuration)];
}
