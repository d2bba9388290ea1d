import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { addDeployment } from '../../lib/deployment.ts';
import { stack as description } from '../../lib/stack-description.ts';
import { OUR_DOMAINS } from '../support/our-domains.ts';
import { REQUIRED_CONTEXT } from '../support/stack.ts';

/**
 * What names the owner's deployment comes from the owner's context, nothing of ours: the functions are given
 * every address that lambdas/core/config.ts requires on Lambda (it has no default there).
 */

/** The settings config.ts requires on Lambda (REQUIRED_ON_LAMBDA there; that module reads process.env when loaded). */
const REQUIRED_ON_LAMBDA = ['SITE_URL', 'API_URL', 'MAIL_FROM', 'CONTACT_TEAM_EMAIL', 'CLIENT_KEY_SALT'];

function deploy(context: Record<string, string> = {}) {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [], ...REQUIRED_CONTEXT, ...context } });
  const deployment = addDeployment(app);
  return { ...deployment, edgeTemplate: Template.fromStack(deployment.edge), mainTemplate: Template.fromStack(deployment.main) };
}

type Variables = Record<string, unknown>;
const projectFunctions = (template: Template) =>
  Object.entries(template.findResources('AWS::Lambda::Function'))
    .filter(([id]) => id.startsWith('Fn'))
    .map(([id, fn]) => [id, (fn as { Properties: { Environment: { Variables: Variables } } }).Properties.Environment.Variables] as const);

describe('the functions\' own addresses', () => {
  it('are all set by the stack, in every function, from the owner\'s context', () => {
    const { mainTemplate } = deploy({ contactEmail: 'desk@example.in' });
    const functions = projectFunctions(mainTemplate);
    expect(functions).toHaveLength(description.functions.length);
    for (const [id, variables] of functions) {
      expect(REQUIRED_ON_LAMBDA.filter((name) => variables[name] === undefined), id).toEqual([]);
      expect(variables.CONTACT_TEAM_EMAIL, id).toBe('desk@example.in');
      expect(variables.MAIL_FROM, id).toBe('Creator News Hub <news@example.in>');
    }
  });
});

describe('the synthesized app, as `cdk synth -c ...` writes it', () => {
  const outdirs: string[] = [];
  afterAll(() => {
    for (const outdir of outdirs) rmSync(outdir, { recursive: true, force: true });
  });

  /** The cloud assembly of the app with this context (function and site bundling skipped: their outputs are checked by test/unit/lambda-bundles.test.ts and test/e2e/bundle.test.ts). */
  function synthesize(context: Record<string, string>): { outdir: string; mainTemplate: string } {
    const outdir = mkdtempSync(path.join(os.tmpdir(), 'cnh-assembly-'));
    outdirs.push(outdir);
    const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': [], ...REQUIRED_CONTEXT, ...context } });
    const { main } = addDeployment(app);
    app.synth();
    return { outdir, mainTemplate: path.join(outdir, main.templateFile) };
  }

  const filesUnder = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));

  it.each([
    ['on CloudFront\'s own name', {}],
    ['on its own domain', { domainName: 'news.example.in', hostedZoneName: 'example.in', contactEmail: 'desk@example.in' }],
  ])('%s: no template and no file staged beside them names creatornewshub.in', (_case, context) => {
    const { outdir } = synthesize(context);
    const files = filesUnder(outdir);
    expect(files.filter((file) => file.endsWith('.template.json')).length).toBeGreaterThanOrEqual(2);
    expect(files.filter((file) => OUR_DOMAINS.test(readFileSync(file, 'latin1'))).map((file) => path.relative(outdir, file))).toEqual([]);
  });

  it('deploys a /config.json with the owner\'s contact address and the site\'s own address', () => {
    const { outdir, mainTemplate } = synthesize({ contactEmail: 'desk@example.in' });
    const [configFile, ...others] = filesUnder(outdir).filter((file) => path.basename(file) === 'config.json');
    expect(others).toEqual([]);
    const config = JSON.parse(readFileSync(configFile as string, 'utf8')) as Record<string, unknown>;
    expect(config.contactEmail).toBe('desk@example.in');
    // The distribution's name is known at deploy: a marker the bucket deployment fills in, as in apiUrl.
    const marker = /^https:\/\/(<<marker:0xbaba:\d+>>)$/.exec(String(config.siteUrl))?.[1];
    expect(marker).toBeDefined();
    const template = JSON.parse(readFileSync(mainTemplate, 'utf8')) as { Resources: Record<string, { Type: string; Properties: { SourceMarkers?: Array<Record<string, unknown>> } }> };
    const markers = Object.values(template.Resources).flatMap((resource) => (resource.Type === 'Custom::CDKBucketDeployment' ? (resource.Properties.SourceMarkers ?? []) : []));
    expect(markers.find((values) => marker && marker in values)?.[marker as string]).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^SiteDistribution/), 'DomainName'] });
  });
});
