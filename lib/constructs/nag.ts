import { Stack, Validations, type CfnResource } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * Accepts one cdk-nag AwsSolutions finding on a construct (and what it contains), with the reason
 * written beside it. Findings not acknowledged fail synth and the infra tests.
 */
export function acknowledge(scope: IConstruct, rule: string, reason: string): void {
  Validations.of(scope).acknowledge({ id: `AwsSolutions::AwsSolutions-${rule}`, reason });
}

/** How cdk-nag names a resource's ARN inside a finding id: `<LogicalId.Arn>`. */
export function arnToken(resource: IConstruct): string {
  return `<${Stack.of(resource).getLogicalId(resource.node.defaultChild as CfnResource)}.Arn>`;
}

export const XRAY_REASON = 'X-Ray PutTraceSegments/PutTelemetryRecords do not support resource-level permissions; Resource * is the only form AWS accepts.';
