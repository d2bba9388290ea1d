/**
 * `npm run synth:check` (part of `npm test`): synthesizes the three configurations docs/deploy.md
 * documents, as `cdk synth -c ...` would, and fails on any finding of the template checks
 * (lib/template-rules.ts): cdk-nag, the AWS Control Tower proactive controls (cfn-guard) and CloudFormation's
 * resource schemas. One configuration bundles the functions and builds the site; the others skip bundling,
 * which changes no template's shape. Templates go to cdk.out/synth-check/<configuration>.
 */
import fs from 'node:fs';
import path from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { addDeployment } from '../lib/deployment.ts';
import { CHECKED_OWNER_CONTEXT, DOCUMENTED_CONFIGURATIONS, SCHEMA_CHECK_CONTEXT, templateValidators, type ConfigurationName } from '../lib/template-rules.ts';

const OUT = path.resolve(import.meta.dirname, '..', 'cdk.out', 'synth-check');
/** The configuration whose assets are built (esbuild of the functions, vite build of the site). */
const BUNDLED: ConfigurationName = 'own-domain';

const only = process.argv.slice(2) as ConfigurationName[];
const names = (Object.keys(DOCUMENTED_CONFIGURATIONS) as ConfigurationName[]).filter((name) => !only.length || only.includes(name));
const failed: string[] = [];
const started = performance.now();

for (const name of names) {
  const outdir = path.join(OUT, name);
  fs.rmSync(outdir, { recursive: true, force: true });
  const t0 = performance.now();
  const app = new App({
    outdir,
    context: {
      ...CHECKED_OWNER_CONTEXT,
      ...DOCUMENTED_CONFIGURATIONS[name],
      ...SCHEMA_CHECK_CONTEXT,
      ...(name === BUNDLED ? {} : { 'aws:cdk:bundling-stacks': [] }),
    },
  });
  addDeployment(app);
  const validators = templateValidators(name);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), ...validators);
  try {
    app.synth();
    const guard = validators.map((validator) => validator.lastRun).find(Boolean);
    const ran = guard ? `; cfn-guard: ${guard.rules} of ${guard.bundled} Control Tower rules over ${guard.templates} templates` : '';
    console.log(`synth-check: ${name}: valid (cdk-nag, CloudFormation schemas${ran}) in ${((performance.now() - t0) / 1000).toFixed(1)} s${name === BUNDLED ? ', assets built' : ''}`);
  } catch (error) {
    failed.push(name);
    console.error(`synth-check: ${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

console.log(`synth-check: ${names.length} configurations in ${((performance.now() - started) / 1000).toFixed(1)} s`);
if (failed.length) {
  console.error(`synth-check: failed: ${failed.join(', ')} (the report is in cdk.out/synth-check/<configuration>/validation-report.json)`);
  process.exitCode = 1;
}
