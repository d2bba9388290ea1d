import { Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { DEAD_LETTERS_ENVIRONMENT, type StackDescription } from '../stack-description.ts';

/**
 * The Recovery screen's redrive of the dead-letter queues, for each function with `deadLetters: 'redrive'`
 * access: read and delete the queues' messages (and decrypt the one under a customer managed key), read the
 * table's stream back (an on-failure record names a batch, not its records), and invoke the function whose
 * work each queue holds. The queues' URLs and those functions' names come in DEAD_LETTERS_ENVIRONMENT, the
 * same variable the local runtime sets.
 */
export function grantDeadLetterRedrive(
  scope: Construct,
  props: {
    description: StackDescription;
    functions: ReadonlyMap<string, lambda.Function>;
    table: dynamodb.ITable;
    queues: ReadonlyMap<string, sqs.IQueue>;
  },
): void {
  const { description, functions, table, queues } = props;
  for (const fnDescription of description.functions) {
    if (fnDescription.access.deadLetters !== 'redrive') continue;
    const fn = functions.get(fnDescription.name) as lambda.Function;
    const described: Record<string, { url: string; source: string; functionName: string }> = {};
    const queueArns: string[] = [];
    const consumerArns = new Set<string>();
    for (const queueDescription of description.deadLetterQueues) {
      const queue = queues.get(queueDescription.name);
      const consumer = functions.get(queueDescription.fn);
      if (!queue) throw new Error(`Dead-letter queue ${queueDescription.name} was not made`);
      if (!consumer) throw new Error(`Dead-letter queue ${queueDescription.name} names unknown function ${queueDescription.fn}`);
      queueArns.push(queue.queueArn);
      queue.encryptionMasterKey?.grantDecrypt(fn);
      consumerArns.add(consumer.functionArn);
      described[queueDescription.name] = { url: queue.queueUrl, source: queueDescription.source, functionName: consumer.functionName };
    }
    // One statement each (the role's policy is near IAM's size limit): the queues, and RequestResponse
    // invocations of those functions alone (grantInvoke would add their versions' wildcard too).
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes'], resources: queueArns }));
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [...consumerArns] }));
    // grantStreamRead's two statements as one (the table has no customer managed key). The role's inline policy is
    // past IAM's size limit even so: CDK moves this statement to an overflow managed policy on the same role.
    if (!table.tableStreamArn) throw new Error('The table has no stream to read back');
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:ListStreams'], resources: [table.tableStreamArn] }));
    fn.addEnvironment(DEAD_LETTERS_ENVIRONMENT, Stack.of(scope).toJsonString(described));
  }
}
