import { TEST_STACK_PROPS } from '../support/stack.ts';
import { App, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { CreatorNewsHubStack } from '../../lib/app-stack.ts';
import { stack as description } from '../../lib/stack-description.ts';

type Statement = { Action: string | string[]; Resource: unknown };
type Resource = { Type: string; Properties: Record<string, unknown> };

/** The statements of the policies on one function's role. */
function statementsOf(template: Template, fnName: string): Statement[] {
  const functions = Object.entries(template.findResources('AWS::Lambda::Function')) as Array<[string, Resource]>;
  const [, fn] = functions.find(([id]) => id.startsWith(`Fn${fnName}Function`)) ?? [];
  if (!fn) throw new Error(`No function ${fnName}`);
  const roleId = (fn.Properties.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
  return (Object.values(template.findResources('AWS::IAM::Policy')) as Resource[])
    .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(roleId))
    .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
}

const tableLogicalId = (template: Template) => Object.keys(template.findResources('AWS::DynamoDB::GlobalTable'))[0] ?? Object.keys(template.findResources('AWS::DynamoDB::Table'))[0];

describe('diagnostics and backups grants', () => {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const template = Template.fromStack(new CreatorNewsHubStack(app, 'Ops', TEST_STACK_PROPS));

  it('lets the admin-operations function back the table up and read its backup state, on the table only', () => {
    const statements = statementsOf(template, 'adminoperations');
    const backup = statements.find((statement) => [statement.Action].flat().includes('dynamodb:CreateBackup'));
    expect(backup).toBeDefined();
    expect([backup?.Action].flat()).toContain('dynamodb:DescribeContinuousBackups');
    expect(JSON.stringify(backup?.Resource)).toContain(tableLogicalId(template));
    expect(JSON.stringify(backup?.Resource)).not.toBe('"*"');
    const list = statements.find((statement) => [statement.Action].flat().includes('dynamodb:ListBackups'));
    expect([list?.Action].flat().sort()).toEqual(['dynamodb:ListBackups', 'ses:GetAccount']);
    expect(statements.some((statement) => [statement.Action].flat().includes('cognito-idp:DescribeUserPool'))).toBe(true);
  });

  it('gives no other function backup rights', () => {
    for (const fn of description.functions.filter((candidate) => candidate.name !== 'admin-operations')) {
      const actions = statementsOf(template, fn.name.replace(/-/g, '')).flatMap((statement) => [statement.Action].flat());
      expect(actions, fn.name).not.toContain('dynamodb:CreateBackup');
    }
  });

  it('keeps PITR on the table', () => {
    const [table] = Object.values(template.findResources('AWS::DynamoDB::GlobalTable')) as Resource[];
    expect(JSON.stringify(table?.Properties)).toContain('"PointInTimeRecoveryEnabled":true');
  });

  it('passes cdk-nag with the new grants acknowledged', () => {
    const nagApp = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    new CreatorNewsHubStack(nagApp, 'OpsNag', TEST_STACK_PROPS);
    Validations.of(nagApp).addPlugins(new AwsSolutionsChecks(nagApp));
    expect(() => nagApp.synth()).not.toThrow();
  });
});
