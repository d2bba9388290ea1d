import { App, CfnResource, Duration, Stack, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { describe, expect, it } from 'vitest';
import { controlTowerRuleNames, DISABLED_GUARD_RULES, DOCUMENTED_CONFIGURATIONS, SCHEMA_CHECK_CONTEXT, templateValidators } from '../../lib/template-rules.ts';

/** A one-stack app checked as bin/synth-check.ts checks the deployment's. */
function checkedApp(build: (stack: Stack) => void): App {
  const app = new App({ context: { ...SCHEMA_CHECK_CONTEXT } });
  build(new Stack(app, 'Checked', { env: { region: 'ap-south-1' } }));
  Validations.of(app).addPlugins(...templateValidators('own-domain'));
  return app;
}

describe('the template checks of npm test (lib/template-rules.ts, bin/synth-check.ts)', () => {
  it('switch off only bundled Control Tower rules, by name, each with its reason', () => {
    const bundled = new Set(controlTowerRuleNames());
    expect(bundled.size).toBeGreaterThan(200);
    for (const [rule, disabled] of Object.entries(DISABLED_GUARD_RULES)) {
      expect(bundled.has(rule), rule).toBe(true);
      const { reason, only } = typeof disabled === 'string' ? { reason: disabled, only: undefined } : disabled;
      expect(reason.length, rule).toBeGreaterThan(40);
      for (const configuration of only ?? []) expect(Object.keys(DOCUMENTED_CONFIGURATIONS)).toContain(configuration);
    }
  });

  it('fail synth on a kept Control Tower rule and let a disabled one pass', () => {
    // GIVEN a bucket without a lifecycle rule (CT.S3.PR.6, kept) and without versions (CT.S3.PR.11, disabled)
    const app = checkedApp((stack) => new s3.Bucket(stack, 'Plain', { enforceSSL: true, blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL }));
    // THEN synth fails on the kept rule only
    let report = '';
    try {
      app.synth();
    } catch (error) {
      report = String(error);
    }
    expect(report).toMatch(/CT\.S3\.PR\.6/);
    expect(report).not.toMatch(/CT\.S3\.PR\.11/);
  });

  it('pass the same bucket once it has the lifecycle rule the stack\'s buckets have', () => {
    const app = checkedApp((stack) => new s3.Bucket(stack, 'Kept', {
      enforceSSL: true,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(7) }],
    }));
    expect(() => app.synth()).not.toThrow();
  });

  it('fail synth on a property CloudFormation\'s resource schema does not know', () => {
    // GIVEN a topic with a misspelt property, which CloudFormation would refuse at deploy
    const app = checkedApp((stack) => new CfnResource(stack, 'Misspelt', { type: 'AWS::SNS::Topic', properties: { TopicNam: 'alarms' } }));
    // THEN synth refuses it already
    expect(() => app.synth()).toThrow(/TopicNam/);
  });
});
