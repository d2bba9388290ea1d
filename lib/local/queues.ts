import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

/**
 * The SQS stand-in: the queue calls the product makes, in the protocol @aws-sdk/client-sqs v3 speaks (AWS JSON
 * 1.0: POST /, `x-amz-target: AmazonSQS.<Operation>`, JSON bodies; errors as `__type` with the query-compatible
 * `x-amzn-query-error` header the client reads the classic code from). Standard queues only: no FIFO, no long
 * polling (WaitTimeSeconds answers at once), no redrive policies, no batches, signatures not checked. Every
 * change is written to one JSON file under the data folder, so a restart keeps what was waiting.
 */

export const LOCAL_ACCOUNT_ID = '000000000000';
/** SQS's own default visibility timeout, when neither the queue nor the receive names one. */
const DEFAULT_VISIBILITY_SECONDS = 30;
const MAX_VISIBILITY_SECONDS = 43_200;

interface StoredMessage {
  messageId: string;
  body: string;
  md5OfBody: string;
  messageAttributes?: Record<string, unknown>;
  sentAt: number;
  firstReceivedAt?: number;
  receiveCount: number;
  /** Epoch ms until which a received message stays hidden. */
  invisibleUntil: number;
  /** The handle of its latest receive: DeleteMessage must name it. */
  receiptHandle?: string;
}

interface StoredQueue {
  name: string;
  createdAt: number;
  attributes: Record<string, string>;
  messages: StoredMessage[];
}

export interface QueueStandIn {
  url: string;
  queueUrl: (name: string) => string;
  close: () => Promise<void>;
}

class SqsError extends Error {
  constructor(
    readonly type: string,
    readonly queryCode: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const nonExistent = () => new SqsError('QueueDoesNotExist', 'AWS.SimpleQueueService.NonExistentQueue', 'The specified queue does not exist.');
const invalid = (message: string) => new SqsError('InvalidParameterValue', 'InvalidParameterValue', message);

/** The queue name in a queue URL (`http://host/<account>/<name>`), whichever host it was given under. */
export function queueNameOf(queueUrl: unknown): string {
  if (typeof queueUrl !== 'string') throw new SqsError('MissingParameter', 'MissingParameter', 'The request must contain the parameter QueueUrl.');
  const name = queueUrl.split('/').filter(Boolean).pop();
  if (!name) throw nonExistent();
  return name;
}

/** The queue state, loaded from and saved to one file. */
export class QueueStore {
  private readonly queues = new Map<string, StoredQueue>();

  constructor(
    private readonly file: string,
    private readonly region: string,
    private readonly now: () => number = Date.now,
  ) {
    if (existsSync(file)) for (const queue of JSON.parse(readFileSync(file, 'utf8')) as StoredQueue[]) this.queues.set(queue.name, queue);
  }

  private save(): void {
    mkdirSync(path.dirname(this.file), { recursive: true });
    // Written aside and renamed: a stop mid-write never leaves half a file.
    const partial = `${this.file}.partial`;
    writeFileSync(partial, JSON.stringify([...this.queues.values()]));
    renameSync(partial, this.file);
  }

  private queue(name: string): StoredQueue {
    const queue = this.queues.get(name);
    if (!queue) throw nonExistent();
    return queue;
  }

  names(): string[] {
    return [...this.queues.keys()].sort();
  }

  has(name: string): boolean {
    return this.queues.has(name);
  }

  create(name: string, attributes: Record<string, string> = {}): void {
    if (!/^[A-Za-z0-9_-]{1,80}$/.test(name)) throw invalid('Can only include alphanumeric characters, hyphens, or underscores. 1 to 80 in length');
    if (this.queues.has(name)) return;
    this.queues.set(name, { name, createdAt: this.now(), attributes, messages: [] });
    this.save();
  }

  send(name: string, body: string, messageAttributes?: Record<string, unknown>): StoredMessage {
    const queue = this.queue(name);
    if (typeof body !== 'string' || !body) throw invalid('The request must contain the parameter MessageBody.');
    const message: StoredMessage = { messageId: randomUUID(), body, md5OfBody: md5(body), sentAt: this.now(), receiveCount: 0, invisibleUntil: 0, ...(messageAttributes ? { messageAttributes } : {}) };
    queue.messages.push(message);
    this.save();
    return message;
  }

  receive(name: string, max: number, visibilitySeconds?: number): StoredMessage[] {
    const queue = this.queue(name);
    if (!Number.isInteger(max) || max < 1 || max > 10) throw invalid('Value for parameter MaxNumberOfMessages is invalid. Reason: Must be between 1 and 10, if provided.');
    const visibility = visibilitySeconds ?? Number(queue.attributes.VisibilityTimeout ?? DEFAULT_VISIBILITY_SECONDS);
    if (!Number.isInteger(visibility) || visibility < 0 || visibility > MAX_VISIBILITY_SECONDS) throw invalid('Value for parameter VisibilityTimeout is invalid.');
    const now = this.now();
    const received = queue.messages.filter((message) => message.invisibleUntil <= now).slice(0, max);
    for (const message of received) {
      message.receiveCount += 1;
      message.firstReceivedAt ??= now;
      message.invisibleUntil = now + visibility * 1000;
      message.receiptHandle = Buffer.from(`${message.messageId}:${randomUUID()}`).toString('base64url');
    }
    if (received.length) this.save();
    return received;
  }

  /** Deletes by receipt handle; like SQS, a handle that names nothing (any more) is not an error. */
  delete(name: string, receiptHandle: unknown): void {
    const queue = this.queue(name);
    if (typeof receiptHandle !== 'string' || !receiptHandle) throw new SqsError('ReceiptHandleIsInvalid', 'ReceiptHandleIsInvalid', 'The input receipt handle is invalid.');
    const before = queue.messages.length;
    queue.messages = queue.messages.filter((message) => message.receiptHandle !== receiptHandle);
    if (queue.messages.length !== before) this.save();
  }

  attributes(name: string): Record<string, string> {
    const queue = this.queue(name);
    const now = this.now();
    const visible = queue.messages.filter((message) => message.invisibleUntil <= now).length;
    return {
      ...queue.attributes,
      QueueArn: `arn:aws:sqs:${this.region}:${LOCAL_ACCOUNT_ID}:${name}`,
      ApproximateNumberOfMessages: String(visible),
      ApproximateNumberOfMessagesNotVisible: String(queue.messages.length - visible),
      ApproximateNumberOfMessagesDelayed: '0',
      CreatedTimestamp: String(Math.floor(queue.createdAt / 1000)),
      VisibilityTimeout: queue.attributes.VisibilityTimeout ?? String(DEFAULT_VISIBILITY_SECONDS),
    };
  }

  purge(name: string): void {
    this.queue(name).messages = [];
    this.save();
  }
}

type Handler = (store: QueueStore, input: Record<string, unknown>, queueUrl: (name: string) => string) => unknown;

const operations: Record<string, Handler> = {
  CreateQueue: (store, input, queueUrl) => {
    const name = String(input.QueueName ?? '');
    store.create(name, (input.Attributes as Record<string, string> | undefined) ?? {});
    return { QueueUrl: queueUrl(name) };
  },
  GetQueueUrl: (store, input, queueUrl) => {
    const name = String(input.QueueName ?? '');
    if (!store.has(name)) throw nonExistent();
    return { QueueUrl: queueUrl(name) };
  },
  ListQueues: (store, input, queueUrl) => {
    const prefix = typeof input.QueueNamePrefix === 'string' ? input.QueueNamePrefix : '';
    return { QueueUrls: store.names().filter((name) => name.startsWith(prefix)).map(queueUrl) };
  },
  SendMessage: (store, input) => {
    const message = store.send(queueNameOf(input.QueueUrl), input.MessageBody as string, input.MessageAttributes as Record<string, unknown> | undefined);
    return { MessageId: message.messageId, MD5OfMessageBody: message.md5OfBody };
  },
  ReceiveMessage: (store, input) => {
    const wanted = new Set([...((input.AttributeNames as string[] | undefined) ?? []), ...((input.MessageSystemAttributeNames as string[] | undefined) ?? [])]);
    const messages = store.receive(queueNameOf(input.QueueUrl), (input.MaxNumberOfMessages as number | undefined) ?? 1, input.VisibilityTimeout as number | undefined);
    return {
      Messages: messages.map((message) => {
        const all: Record<string, string> = {
          ApproximateReceiveCount: String(message.receiveCount),
          SentTimestamp: String(message.sentAt),
          ApproximateFirstReceiveTimestamp: String(message.firstReceivedAt ?? message.sentAt),
          SenderId: LOCAL_ACCOUNT_ID,
        };
        const attributes = Object.fromEntries(Object.entries(all).filter(([key]) => wanted.has('All') || wanted.has(key)));
        return {
          MessageId: message.messageId,
          ReceiptHandle: message.receiptHandle,
          MD5OfBody: message.md5OfBody,
          Body: message.body,
          ...(Object.keys(attributes).length ? { Attributes: attributes } : {}),
          ...(message.messageAttributes && input.MessageAttributeNames ? { MessageAttributes: message.messageAttributes } : {}),
        };
      }),
    };
  },
  DeleteMessage: (store, input) => {
    store.delete(queueNameOf(input.QueueUrl), input.ReceiptHandle);
    return {};
  },
  GetQueueAttributes: (store, input) => {
    const wanted = (input.AttributeNames as string[] | undefined) ?? [];
    const all = store.attributes(queueNameOf(input.QueueUrl));
    return { Attributes: Object.fromEntries(Object.entries(all).filter(([key]) => wanted.includes('All') || wanted.includes(key))) };
  },
  PurgeQueue: (store, input) => {
    store.purge(queueNameOf(input.QueueUrl));
    return {};
  },
};

export async function startQueueStandIn(port: number, dataDir: string, region: string, queueNames: readonly string[] = []): Promise<QueueStandIn> {
  const store = new QueueStore(path.join(dataDir, 'sqs.json'), region);
  const url = `http://127.0.0.1:${port}`;
  const queueUrl = (name: string) => `${url}/${LOCAL_ACCOUNT_ID}/${name}`;
  // The described queues exist from the start, as the stack's queues do once deployed.
  for (const name of queueNames) store.create(name);

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const target = String(request.headers['x-amz-target'] ?? '');
      const operation = target.startsWith('AmazonSQS.') ? operations[target.slice('AmazonSQS.'.length)] : undefined;
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) =>
        response.writeHead(status, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': randomUUID(), ...headers }).end(JSON.stringify(body));
      try {
        if (request.method !== 'POST' || !operation) throw new SqsError('UnsupportedOperation', 'AWS.SimpleQueueService.UnsupportedOperation', `Not supported by the local SQS stand-in: ${target || request.method}`);
        const raw = Buffer.concat(chunks).toString('utf8');
        send(200, operation(store, raw ? (JSON.parse(raw) as Record<string, unknown>) : {}, queueUrl));
      } catch (error) {
        const known = error instanceof SqsError ? error : new SqsError('InternalError', 'InternalError', error instanceof Error ? error.message : String(error), 500);
        const fault = known.status >= 500 ? 'Receiver' : 'Sender';
        send(known.status, { __type: `com.amazonaws.sqs#${known.type}`, message: known.message }, { 'x-amzn-query-error': `${known.queryCode};${fault}` });
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url,
    queueUrl,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
