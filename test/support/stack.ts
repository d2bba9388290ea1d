/** A web ACL ARN of the shape EdgeSecurityStack makes, for app stacks built alone in tests. */
export const TEST_WEB_ACL_ARN = 'arn:aws:wafv2:us-east-1:111122223333:global/webacl/test-acl/a1b2c3d4-5678-90ab-cdef-EXAMPLE11111';

/** The owner values an app stack needs (lib/deploy-config.ts), for stacks built alone in tests: example.* names (RFC 2606). */
export const TEST_STACK_PROPS = {
  env: { region: 'ap-south-1' },
  mailDomain: 'example.in',
  contactEmail: 'hello@example.in',
  alarmEmail: 'ops@example.in',
  monthlyBudgetUsd: 50,
  webAclArn: TEST_WEB_ACL_ARN,
} as const;

/** The context `cdk synth` needs at the least (what cdk.json leaves for the owner to fill in). */
export const REQUIRED_CONTEXT = { mailDomain: 'example.in', alarmEmail: 'ops@example.in', monthlyBudgetUsd: '50' } as const;
