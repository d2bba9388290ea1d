import { DeleteMessageCommand, GetQueueAttributesCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import * as z from '#domain/common/validation.ts';
import { DEAD_LETTERS_ENVIRONMENT } from '../../lib/stack-description.ts';
import { config } from '#core/config.ts';
import { clientSettings, watched } from './aws-clients.ts';

/**
 * The dead-letter queues on SQS: how many messages wait, receive a few, delete one the consumer took back.
 * Their URLs and the functions whose work they hold come in DEAD_LETTER_QUEUES (the CDK stack on AWS, the local
 * runtime here, whose SQS stand-in the SDK reaches through AWS_ENDPOINT_URL_SQS). Read when asked, not at load:
 * only the function with the redrive grant has it, and every other function lists no queue.
 */

let client: SQSClient | undefined;
const sqs = () => (client ??= watched(new SQSClient(clientSettings()), 'sqs'));

const described = z.record(z.string(), z.object({ url: z.string(), source: z.enum(['stream', 'mail-events']), functionName: z.string() }));

export interface DeadLetterQueue {
  name: string;
  url: string;
  source: 'stream' | 'mail-events';
  /** The deployed function the queue's work goes back to. */
  functionName: string;
}

export function deadLetterQueues(): DeadLetterQueue[] {
  const raw = config.DEAD_LETTER_QUEUES;
  if (!raw) return [];
  const parsed = described.safeParse(JSON.parse(raw));
  if (!parsed.success) throw new Error(`${DEAD_LETTERS_ENVIRONMENT} must be a JSON object of queue name -> { url, source, functionName }`);
  return Object.entries(parsed.data).map(([name, queue]) => ({ name, ...queue }));
}

/** Messages in the queue: those waiting and those a receive is holding (a redrive that failed them just now). */
export async function countMessages(queueUrl: string): Promise<number> {
  const { Attributes } = await sqs().send(new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'] }));
  return Number(Attributes?.ApproximateNumberOfMessages ?? 0) + Number(Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0);
}

export interface ReceivedMessage {
  messageId: string;
  receiptHandle: string;
  body: string;
  /** How many times it has been received, this time included. */
  receiveCount: number;
}

/** Up to `max` (1-10) messages, hidden from other receives for `visibilitySeconds`; none waits for more to come. */
export async function receiveMessages(queueUrl: string, max: number, visibilitySeconds: number): Promise<ReceivedMessage[]> {
  const { Messages } = await sqs().send(
    new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: max, VisibilityTimeout: visibilitySeconds, WaitTimeSeconds: 0, MessageSystemAttributeNames: ['ApproximateReceiveCount'] }),
  );
  return (Messages ?? []).map((message) => ({
    messageId: message.MessageId ?? '',
    receiptHandle: message.ReceiptHandle ?? '',
    body: message.Body ?? '',
    receiveCount: Number(message.Attributes?.ApproximateReceiveCount ?? 1),
  }));
}

export async function deleteMessage(queueUrl: string, receiptHandle: string): Promise<void> {
  await sqs().send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: receiptHandle }));
}
