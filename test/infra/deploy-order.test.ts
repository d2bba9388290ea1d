import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { addDeployment } from '../../lib/deployment.ts';
import { CHECKED_OWNER_CONTEXT, DOCUMENTED_CONFIGURATIONS, type ConfigurationName } from '../../lib/template-rules.ts';

/**
 * The order CloudFormation and `cdk deploy --all` create things in, read from the synthesized templates:
 * CloudFormation creates a resource after every resource it names (Ref, Fn::GetAtt, Fn::Sub, DependsOn), and
 * an ACM certificate validated by DNS in a Route 53 zone is complete only once issued, so a resource that names
 * the certificate waits for it. Across regions, CDK writes the edge stack's values into SSM parameters (an
 * export writer in us-east-1) that the app stack reads back (an export reader), and makes the app stack depend
 * on the edge stack.
 */

type Resource = { Type: string; Properties?: Record<string, unknown>; DependsOn?: string | string[] };
type TemplateJson = { Resources: Record<string, Resource> };

const synthesized = new Map<ConfigurationName, ReturnType<typeof synthOnce>>();

/** The configuration as `cdk synth -c ...` builds it (bundling skipped), once per file. */
function synth(configuration: ConfigurationName) {
  if (!synthesized.has(configuration)) synthesized.set(configuration, synthOnce(configuration));
  return synthesized.get(configuration) as ReturnType<typeof synthOnce>;
}

function synthOnce(configuration: ConfigurationName) {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [], ...CHECKED_OWNER_CONTEXT, ...DOCUMENTED_CONFIGURATIONS[configuration] } });
  const { edge, mailReady, main } = addDeployment(app);
  const assembly = app.synth();
  const template = (stackName: string) => assembly.getStackByName(stackName).template as TemplateJson;
  return { edge, mailReady, main, assembly, edgeTemplate: template(edge.stackName), mainTemplate: template(main.stackName) };
}

/** The logical ids a value names: Ref, Fn::GetAtt (both forms) and Fn::Sub's ${Id} / ${Id.Attr}. */
function namedIds(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) namedIds(item, found);
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'Ref' && typeof inner === 'string' && !inner.startsWith('AWS::')) found.add(inner);
      else if (key === 'Fn::GetAtt') found.add(Array.isArray(inner) ? String(inner[0]) : String(inner).split('.')[0] as string);
      else if (key === 'Fn::Sub') {
        const text = Array.isArray(inner) ? String(inner[0]) : String(inner);
        for (const match of text.matchAll(/\$\{([^}!.]+)[^}]*\}/g)) if (!match[1]?.startsWith('AWS::')) found.add(match[1] as string);
        if (Array.isArray(inner)) namedIds(inner[1], found);
      } else namedIds(inner, found);
    }
  }
  return found;
}

/** What a resource waits for directly: what it names and its DependsOn. */
function directDependencies(template: TemplateJson, id: string): Set<string> {
  const resource = template.Resources[id];
  if (!resource) throw new Error(`No resource ${id}`);
  const found = namedIds(resource.Properties ?? {});
  for (const dependency of [resource.DependsOn ?? []].flat()) found.add(dependency);
  return found;
}

/** Whether a resource waits for another, directly or through others. */
function waitsFor(template: TemplateJson, from: string, to: string): boolean {
  const seen = new Set<string>();
  const pending = [from];
  while (pending.length) {
    const id = pending.pop() as string;
    for (const dependency of directDependencies(template, id)) {
      if (dependency === to) return true;
      if (!seen.has(dependency) && template.Resources[dependency]) {
        seen.add(dependency);
        pending.push(dependency);
      }
    }
  }
  return false;
}

function idsOfType(template: TemplateJson, type: string): string[] {
  return Object.entries(template.Resources).filter(([, resource]) => resource.Type === type).map(([id]) => id);
}

/** Every property whose name ends in CertificateArn, with the resource that holds it. */
function certificateUses(template: TemplateJson): Array<{ id: string; type: string; path: string; value: unknown }> {
  const uses: Array<{ id: string; type: string; path: string; value: unknown }> = [];
  const walk = (id: string, type: string, value: unknown, path: string) => {
    if (Array.isArray(value)) value.forEach((item, index) => walk(id, type, item, `${path}[${index}]`));
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (/CertificateArn$/.test(key)) uses.push({ id, type, path: `${path}.${key}`, value: inner });
        else walk(id, type, inner, `${path}.${key}`);
      }
    }
  };
  for (const [id, resource] of Object.entries(template.Resources)) walk(id, resource.Type, resource.Properties ?? {}, 'Properties');
  return uses;
}

/** The resource in the edge template whose value the app stack's export reader hands out under this name. */
function exportedFromEdge(edgeTemplate: TemplateJson, parameterName: string): string | undefined {
  for (const id of idsOfType(edgeTemplate, 'Custom::CrossRegionExportWriter')) {
    const exports = (edgeTemplate.Resources[id]?.Properties?.WriterProps as { exports: Record<string, unknown> }).exports;
    if (parameterName in exports) return [...namedIds(exports[parameterName])][0];
  }
  return undefined;
}

describe('deploy order', () => {
  for (const configuration of Object.keys(DOCUMENTED_CONFIGURATIONS) as ConfigurationName[]) {
    it(`${configuration}: the app stack depends on the edge stack, so cdk deploy --all deploys the edge stack first`, () => {
      const { edge, mailReady, main, assembly } = synth(configuration);
      // The edge stack, and the mail-ready stack (test/infra/deployment.test.ts has the mail order).
      expect(main.dependencies.map((stack) => stack.stackName).sort()).toEqual([edge.stackName, mailReady.stackName].sort());
      // What the CLI reads: the cloud assembly's dependencies of the app stack's artifact.
      expect(assembly.getStackArtifact(main.artifactId).dependencies.map((artifact) => artifact.id)).toContain(edge.artifactId);
      expect(assembly.getStackArtifact(edge.artifactId).dependencies.map((artifact) => artifact.id)).not.toContain(main.artifactId);
    });
  }

  for (const configuration of ['own-domain', 'mail-elsewhere'] as const) {
    it(`${configuration}: every resource that uses a certificate waits for it, issued in its zone, in this stack or the edge stack`, () => {
      const { edgeTemplate, mainTemplate } = synth(configuration);
      const certificates = (template: TemplateJson) => idsOfType(template, 'AWS::CertificateManager::Certificate');
      // Every certificate is validated by DNS in its zone, so CloudFormation completes it only once ACM has issued it.
      for (const template of [edgeTemplate, mainTemplate]) {
        for (const id of certificates(template)) {
          const properties = template.Resources[id]?.Properties as { ValidationMethod: string; DomainName: string; DomainValidationOptions: Array<{ DomainName: string; HostedZoneId?: unknown }> };
          expect(properties.ValidationMethod, id).toBe('DNS');
          expect(properties.DomainValidationOptions.map((option) => option.DomainName), id).toEqual([properties.DomainName]);
          for (const option of properties.DomainValidationOptions) expect(option.HostedZoneId, id).toBeDefined();
        }
      }
      // The edge stack uses no certificate itself: it only writes the site's for the app stack.
      expect(certificateUses(edgeTemplate)).toEqual([]);
      const uses = certificateUses(mainTemplate);
      // The API's custom domain; the distribution's viewer certificate and its API origin's client certificate (mutual TLS).
      expect(uses.map((use) => use.type).sort()).toEqual(['AWS::ApiGatewayV2::DomainName', 'AWS::CloudFront::Distribution', 'AWS::CloudFront::Distribution']);
      for (const use of uses) {
        const [named, ...others] = namedIds(use.value);
        expect(others, `${use.id} ${use.path}`).toEqual([]);
        const namedResource = mainTemplate.Resources[named as string];
        if (namedResource?.Type === 'AWS::CertificateManager::Certificate') {
          // A certificate of this stack (the API's, in the API's region): named, so waited for.
          expect(waitsFor(mainTemplate, use.id, named as string), `${use.id} waits for ${named}`).toBe(true);
        } else if (namedResource?.Type === 'Custom::OriginMutualTls') {
          // The client certificate CloudFront presents to the API: imported into ACM by that resource, which
          // answers only once the import is done, so the distribution, naming it, waits for it.
          expect(use.path, use.id).toMatch(/OriginMtlsConfig\.ClientCertificateArn$/);
          expect(waitsFor(mainTemplate, use.id, named as string)).toBe(true);
        } else {
          // The site's certificate from us-east-1: read by the export reader, which this resource waits for ...
          expect(namedResource?.Type, `${use.id} ${use.path}`).toBe('Custom::CrossRegionExportReader');
          expect(waitsFor(mainTemplate, use.id, named as string)).toBe(true);
          const parameterName = (use.value as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][1];
          const imports = (namedResource?.Properties?.ReaderProps as { imports: Record<string, string> }).imports;
          expect(imports[parameterName]).toBe(`{{resolve:ssm:${parameterName}}}`);
          // ... and written by the edge stack's export writer from that stack's certificate, once issued.
          const source = exportedFromEdge(edgeTemplate, parameterName);
          expect(certificates(edgeTemplate)).toContain(source);
          const [writer] = idsOfType(edgeTemplate, 'Custom::CrossRegionExportWriter');
          expect(waitsFor(edgeTemplate, writer as string, source as string)).toBe(true);
        }
      }
    });

    it(`${configuration}: the distribution takes its certificate and web ACL through the export reader; the API's name, mapping and record wait for the API's certificate`, () => {
      const { mainTemplate } = synth(configuration);
      const [distribution] = idsOfType(mainTemplate, 'AWS::CloudFront::Distribution');
      const [reader] = idsOfType(mainTemplate, 'Custom::CrossRegionExportReader');
      expect(directDependencies(mainTemplate, distribution as string)).toContain(reader);
      const viewer = (mainTemplate.Resources[distribution as string]?.Properties?.DistributionConfig as { ViewerCertificate: { AcmCertificateArn: unknown }; WebACLId: unknown });
      expect(namedIds(viewer.ViewerCertificate.AcmCertificateArn)).toEqual(new Set([reader]));
      expect(namedIds(viewer.WebACLId)).toEqual(new Set([reader]));

      const [apiCertificate] = idsOfType(mainTemplate, 'AWS::CertificateManager::Certificate');
      const [apiDomain] = idsOfType(mainTemplate, 'AWS::ApiGatewayV2::DomainName');
      expect(directDependencies(mainTemplate, apiDomain as string)).toContain(apiCertificate);
      for (const [type, count] of [['AWS::ApiGatewayV2::ApiMapping', 1], ['AWS::Route53::RecordSet', 1]] as const) {
        const users = idsOfType(mainTemplate, type).filter((id) => directDependencies(mainTemplate, id).has(apiDomain as string));
        expect(users, type).toHaveLength(count);
      }
    });
  }

  it('no-domain: nothing uses a certificate of ours; the distribution is on CloudFront\'s own and waits for the reader for its web ACL', () => {
    const { edgeTemplate, mainTemplate } = synth('no-domain');
    expect([...idsOfType(edgeTemplate, 'AWS::CertificateManager::Certificate'), ...idsOfType(mainTemplate, 'AWS::CertificateManager::Certificate')]).toEqual([]);
    expect(certificateUses(mainTemplate)).toEqual([]);
    const [distribution] = idsOfType(mainTemplate, 'AWS::CloudFront::Distribution');
    const [reader] = idsOfType(mainTemplate, 'Custom::CrossRegionExportReader');
    expect(directDependencies(mainTemplate, distribution as string)).toContain(reader);
  });
});
