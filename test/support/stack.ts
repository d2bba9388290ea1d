/** A web ACL ARN of the shape EdgeSecurityStack makes, for app stacks built alone in tests. */
export const TEST_WEB_ACL_ARN = 'arn:aws:wafv2:us-east-1:111122223333:global/webacl/test-acl/a1b2c3d4-5678-90ab-cdef-EXAMPLE11111';
