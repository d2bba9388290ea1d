import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { addDeployment } from '../../lib/deployment.ts';
import { stack as description } from '../../lib/stack-description.ts';
import { REQUIRED_CONTEXT } from '../support/stack.ts';

/**
 * What names the owner's deployment comes from the owner's context, nothing of ours: the functions are given
 * every address that lambdas/shared/core/config.ts requires on Lambda (it has no default there).
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
