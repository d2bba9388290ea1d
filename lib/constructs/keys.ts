import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';

/**
 * Grants of this key only for AWS services acting on AWS resources (AWS Control Tower CT.KMS.PR.3): none of
 * the project's code makes grants; services that encrypt with the key (SNS, SQS, Lambda) still may.
 */
export function limitGrantsToAwsServices(key: kms.Key): void {
  key.addToResourcePolicy(
    new iam.PolicyStatement({
      effect: iam.Effect.DENY,
      actions: ['kms:CreateGrant'],
      principals: [new iam.AnyPrincipal()],
      resources: ['*'],
      conditions: { BoolIfExists: { 'kms:GrantIsForAWSResource': 'false', 'aws:PrincipalIsAWSService': 'false' } },
    }),
  );
}
