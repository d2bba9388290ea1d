import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DEAD_LETTERS_ENVIRONMENT, type StackDescription } from '../stack-description.ts';
import { loadFunctionHandler, localFunctionName } from './functions.ts';
import { startInvokeStandIn, type InvokeStandIn } from './lambda-invoke.ts';
import { startQueueStandIn, type QueueStandIn } from './queues.ts';
import type { LocalSettings } from './settings.ts';

/**
 * The dead-letter side of the local runtime: the described dead-letter queues in the SQS stand-in, and the Lambda
 * Invoke stand-in the recovery's redrive calls the consumers through. The pollers send their given-up work to the
 * queues (as Lambda's event source mapping and asynchronous invocation do on AWS), and the function with
 * `deadLetters: 'redrive'` access gets the same variable the CDK stack sets.
 */
export interface LocalDeadLetters {
  queues: QueueStandIn;
  invoke: InvokeStandIn;
  /** Sends one dead letter (its JSON body) to the described queue of that name. */
  send: (queueName: string, record: unknown) => Promise<void>;
  /** The functions' setting: queue name -> { url, source, functionName }. */
  environment: Record<string, string>;
  close: () => Promise<void>;
}

export async function startLocalDeadLetters(settings: LocalSettings, stack: StackDescription): Promise<LocalDeadLetters> {
  const queues = await startQueueStandIn(settings.ports.queues, settings.dataDir, settings.region, stack.deadLetterQueues.map((queue) => queue.name));
  const byLocalName = new Map(stack.functions.map((fn) => [localFunctionName(fn), fn]));
  const invoke = await startInvokeStandIn(settings.ports.functions, async (name) => {
    const fn = byLocalName.get(name) ?? stack.functions.find((candidate) => candidate.name === name);
    return fn ? loadFunctionHandler(fn) : undefined;
  });
  const sqs = new SQSClient({ endpoint: queues.url, region: settings.region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const described = new Map(
    stack.deadLetterQueues.map((queue) => {
      const fn = stack.functions.find((candidate) => candidate.name === queue.fn);
      if (!fn) throw new Error(`Dead-letter queue ${queue.name} names no function: ${queue.fn}`);
      return [queue.name, { url: queues.queueUrl(queue.name), source: queue.source, functionName: localFunctionName(fn) }];
    }),
  );
  return {
    queues,
    invoke,
    send: async (queueName, record) => {
      const queue = described.get(queueName);
      if (!queue) throw new Error(`No described dead-letter queue ${queueName}`);
      await sqs.send(new SendMessageCommand({ QueueUrl: queue.url, MessageBody: JSON.stringify(record) }));
    },
    environment: {
      [DEAD_LETTERS_ENVIRONMENT]: JSON.stringify(Object.fromEntries(described)),
      AWS_ENDPOINT_URL_SQS: queues.url,
      AWS_ENDPOINT_URL_LAMBDA: invoke.url,
      AWS_ENDPOINT_URL_DYNAMODB_STREAMS: `http://127.0.0.1:${settings.ports.dynamodb}`,
    },
    close: async () => {
      sqs.destroy();
      await queues.close();
      await invoke.close();
    },
  };
}
