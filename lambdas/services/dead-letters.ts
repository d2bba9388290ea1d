import { passesFilters } from '#domain/operations/event-filter.ts';
import { readDeadLetter, snsEventOf } from '#domain/operations/dead-letters.ts';
import { invokeFunction, type InvokeOutcome } from '#adapters/functions.ts';
import { countMessages, deadLetterQueues, deleteMessage, receiveMessages, type DeadLetterQueue, type ReceivedMessage } from '#adapters/queues.ts';
import { readStreamRange, StreamRecordsGoneError } from '#adapters/table-stream.ts';
import { stack } from '../../lib/stack-description.ts';

/**
 * The dead-letter queues of the asynchronous consumers (stream consumers, mail events), read and redriven from
 * the Recovery screen. A redrive hands each dead letter's work back to the function that gave it up, by invoking
 * it as its event source would: a stream batch record's records are read back from the stream (the record holds
 * only where they were) and filtered with the consumer's own patterns; an invocation record's event is sent again.
 * A message is deleted only after the function took its work; one that fails again stays, and its receive count
 * grows with each try.
 */

export interface QueueWaiting {
  queue: string;
  source: DeadLetterQueue['source'];
  /** The described function whose work it holds. */
  fn: string;
  /** Messages in it; null when SQS could not be asked. */
  waiting: number | null;
}

/** How a function the description names is called on AWS (`functionName` is the deployed name). */
const describedFunctionOf = (queue: DeadLetterQueue) => stack.deadLetterQueues.find((described) => described.name === queue.name)?.fn ?? queue.functionName;

export async function deadLettersWaiting(): Promise<QueueWaiting[]> {
  return Promise.all(
    deadLetterQueues().map(async (queue) => ({
      queue: queue.name,
      source: queue.source,
      fn: describedFunctionOf(queue),
      waiting: await countMessages(queue.url).catch(() => null),
    })),
  );
}

export interface RedriveResult {
  queue: string;
  messageId: string;
  result: 'redriven' | 'failed';
  receiveCount: number;
  /** Stream batches: how many records went back to the consumer. */
  records?: number;
  error?: string;
}

/** A failed message stays hidden this long, so one run does not try it twice; then it waits again. */
const VISIBILITY_SECONDS = 30;
/** Within the API's 29 s: a run stops taking new messages after this long, and the screen can run again. */
const RUN_BUDGET_MS = 20_000;
const MAX_MESSAGES_PER_RUN = 200;

/** The event that gives the message's work back to its function, or why there is none. */
async function eventOf(queue: DeadLetterQueue, message: ReceivedMessage): Promise<{ event: unknown; records?: number } | { error: string }> {
  const letter = readDeadLetter(message.body);
  switch (letter.kind) {
    case 'unreadable':
      return { error: letter.reason };
    case 'event':
      return { event: letter.event };
    case 'sns-message':
      return { event: snsEventOf(letter.message, `${String(letter.message.TopicArn ?? '')}:dead-letter`) };
    case 'stream-batch': {
      const consumer = stack.streamConsumers.find((candidate) => candidate.onError.deadLetterQueue === queue.name);
      try {
        const read = await readStreamRange(letter.batch);
        // The mapping filtered before it called: the records between the two that it never passed stay out.
        const records = read.filter((record) => passesFilters(consumer?.filters, record));
        if (!read.length) return { error: 'The batch\'s records are no longer in the stream (it keeps them 24 hours)' };
        return { event: { Records: records }, records: records.length };
      } catch (error) {
        if (error instanceof StreamRecordsGoneError) return { error: error.message };
        throw error;
      }
    }
  }
}

async function redriveMessage(queue: DeadLetterQueue, message: ReceivedMessage): Promise<RedriveResult> {
  const base = { queue: queue.name, messageId: message.messageId, receiveCount: message.receiveCount };
  const work = await eventOf(queue, message);
  if ('error' in work) return { ...base, result: 'failed', error: work.error };
  const outcome: InvokeOutcome = work.records === 0 ? { ok: true } : await invokeFunction(queue.functionName, work.event);
  if (!outcome.ok) return { ...base, result: 'failed', error: outcome.error, ...(work.records !== undefined ? { records: work.records } : {}) };
  await deleteMessage(queue.url, message.receiptHandle);
  return { ...base, result: 'redriven', ...(work.records !== undefined ? { records: work.records } : {}) };
}

/** Redrives every described queue's messages (within the run's budget), each message on its own. */
export async function redriveDeadLetters(options: { visibilitySeconds?: number; now?: () => number } = {}): Promise<RedriveResult[]> {
  const now = options.now ?? Date.now;
  const began = now();
  const results: RedriveResult[] = [];
  for (const queue of deadLetterQueues()) {
    const tried = new Set<string>();
    for (;;) {
      if (now() - began > RUN_BUDGET_MS || results.length >= MAX_MESSAGES_PER_RUN) return results;
      // Received messages stay hidden for a while, so a failed one is not received again at once; should it
      // come back within the run (a short visibility), the queue is done: what is left has been tried.
      const received = await receiveMessages(queue.url, 10, options.visibilitySeconds ?? VISIBILITY_SECONDS);
      const messages = received.filter((message) => !tried.has(message.messageId));
      if (!messages.length) break;
      for (const message of messages) {
        tried.add(message.messageId);
        results.push(await redriveMessage(queue, message).catch((error: unknown) => ({ queue: queue.name, messageId: message.messageId, receiveCount: message.receiveCount, result: 'failed' as const, error: error instanceof Error ? error.message : String(error) })));
      }
    }
  }
  return results;
}
