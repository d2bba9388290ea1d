import { Stack } from 'aws-cdk-lib';

/** Days the logs of functions that CDK makes for itself are kept (the project's own set theirs: lib/constructs/functions.ts). */
export const HELPER_LOG_RETENTION_DAYS = 30;

type Template = { Resources?: Record<string, { Type: string; Properties?: Record<string, unknown>; DependsOn?: string | string[] }> };

/**
 * Gives every Lambda function in a template that names no log group one with a retention. The functions
 * aws-cdk-lib makes for itself (the site's BucketDeployment, the cross-region reference readers and
 * writers, custom resource providers) otherwise log to a group Lambda creates on first run, kept forever;
 * some of them are added only while the app is prepared, after any aspect has run, so this works on the
 * template. The group is unnamed (no clash with one Lambda already made) and named in LoggingConfig.
 */
export function keepLambdaLogs(template: Template): Template {
  const resources = template.Resources ?? {};
  for (const [id, resource] of Object.entries(resources)) {
    if (resource.Type !== 'AWS::Lambda::Function') continue;
    const logging = (resource.Properties?.LoggingConfig ?? {}) as Record<string, unknown>;
    if (logging.LogGroup) continue;
    const groupId = `${id}Logs`.slice(0, 255);
    resources[groupId] = { Type: 'AWS::Logs::LogGroup', Properties: { RetentionInDays: HELPER_LOG_RETENTION_DAYS } };
    (resources[groupId] as Record<string, unknown>).DeletionPolicy = 'Delete';
    resource.Properties = { ...resource.Properties, LoggingConfig: { ...logging, LogGroup: { Ref: groupId } } };
    resource.DependsOn = [...[resource.DependsOn ?? []].flat(), groupId];
  }
  return template;
}

/** Every stack of the deployment: a Stack whose template keeps no log forever (keepLambdaLogs). */
export class ProjectStack extends Stack {
  /** CDK renders the template here, after the app is prepared; the hook sees every function. */
  override _toCloudFormation(): Template {
    return keepLambdaLogs(super._toCloudFormation() as Template);
  }
}
