import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { CreatorNewsHubStack } from '../../lib/app-stack.ts';
import { stack as description, type StackDescription } from '../../lib/stack-description.ts';
import { TEST_STACK_PROPS } from '../support/stack.ts';

/** What the stack's assertion tests share: a synthesised template and readers of its resources. */

const templates = new WeakMap<StackDescription, Template>();

/**
 * The stack's template for a description, synthesised once per test file and shared by its tests: a Template
 * is only read by the assertions, and each synthesis takes seconds. Bundling (esbuild, vite) is skipped, as it
 * does not change the template's shape.
 */
export function synth(stackDescription: StackDescription = description): Template {
  const known = templates.get(stackDescription);
  if (known) return known;
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new CreatorNewsHubStack(app, 'Test', { ...TEST_STACK_PROPS, stackDescription });
  const template = Template.fromStack(stack);
  templates.set(stackDescription, template);
  return template;
}

/** The description plus a read-only function, to check the read grant. */
export function stackDescriptionWithReadOnly(): StackDescription {
  return {
    ...description,
    functions: [...description.functions, { name: 'readonly', entry: 'lambdas/http/articles/articles.handler.ts', description: 'test', access: { table: 'read' } }],
  };
}

export type Resource = { Type: string; Properties: Record<string, unknown>; Metadata?: Record<string, unknown> };

export function resourcesOf(template: Template, type: string): Array<[string, Resource]> {
  return Object.entries(template.findResources(type)) as Array<[string, Resource]>;
}

/** The IAM actions in the policies attached to one function's role. */
export function actionsOfFunction(template: Template, fnName: string): string[] {
  const [, fn] = resourcesOf(template, 'AWS::Lambda::Function').find(([id]) => id.startsWith(`Fn${fnName}Function`)) ?? [];
  if (!fn) throw new Error(`No function ${fnName}`);
  const roleId = (fn.Properties.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
  return resourcesOf(template, 'AWS::IAM::Policy')
    .filter(([, policy]) => JSON.stringify(policy.Properties.Roles).includes(roleId))
    .flatMap(([, policy]) => (policy.Properties.PolicyDocument as { Statement: Array<{ Action: string | string[] }> }).Statement)
    .flatMap((statement) => [statement.Action].flat());
}
