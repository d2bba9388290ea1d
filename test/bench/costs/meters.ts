import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { round } from './pricing.ts';

/** What the costs bench counts: DynamoDB capacity per operation (and hot keys), Step Functions history. */

export const READS = new Set(['GetItem', 'Query', 'Scan', 'BatchGetItem', 'TransactGetItems']);
export const WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems']);

export interface OperationTally {
  calls: number;
  /** Calls whose answer carried ConsumedCapacity. */
  answered: number;
  units: number;
}

export interface ConsumedCapacity {
  CapacityUnits?: number;
  ReadCapacityUnits?: number;
  WriteCapacityUnits?: number;
}

/** Sums consumed capacity by operation, and counts writes by partition key (hot keys). */
export class CapacityMeter {
  operations = new Map<string, OperationTally>();
  writesByKey = new Map<string, number>();

  reset(): void {
    this.operations = new Map();
    this.writesByKey = new Map();
  }

  record(operation: string, consumed: ConsumedCapacity | ConsumedCapacity[] | undefined): void {
    const tally = this.operations.get(operation) ?? { calls: 0, answered: 0, units: 0 };
    tally.calls += 1;
    const list = consumed === undefined ? [] : Array.isArray(consumed) ? consumed : [consumed];
    if (list.length) tally.answered += 1;
    tally.units += list.reduce((sum, entry) => sum + (entry.CapacityUnits ?? 0), 0);
    this.operations.set(operation, tally);
  }

  countWrite(partitionKey: string): void {
    this.writesByKey.set(partitionKey, (this.writesByKey.get(partitionKey) ?? 0) + 1);
  }

  totals(): { readUnits: number; writeUnits: number; calls: number; unanswered: number } {
    let readUnits = 0;
    let writeUnits = 0;
    let calls = 0;
    let unanswered = 0;
    for (const [operation, tally] of this.operations) {
      if (READS.has(operation)) readUnits += tally.units;
      if (WRITES.has(operation)) writeUnits += tally.units;
      calls += tally.calls;
      unanswered += tally.calls - tally.answered;
    }
    return { readUnits, writeUnits, calls, unanswered };
  }

  hottestKey(): { key: string; writes: number; share: number } | null {
    const all = [...this.writesByKey].sort((a, b) => b[1] - a[1]);
    const total = all.reduce((sum, [, count]) => sum + count, 0);
    const top = all[0];
    return top ? { key: top[0], writes: top[1], share: top[1] / total } : null;
  }

  breakdown(): string {
    return [...this.operations]
      .sort((a, b) => b[1].units - a[1].units)
      .map(([operation, tally]) => `${operation} ${tally.calls} calls ${round(tally.units)} units${tally.answered < tally.calls ? ` (${tally.calls - tally.answered} without ConsumedCapacity)` : ''}`)
      .join('; ');
  }
}

/** A key attribute as the document client sees it (plain) or as it is marshalled ({S: ...}). */
export const keyText = (value: unknown) => (typeof value === 'string' ? value : typeof (value as { S?: unknown })?.S === 'string' ? (value as { S: string }).S : undefined);

/** The partition keys a write call touches (pk of each item), for the hot-key count. */
export function writtenKeys(operation: string, input: Record<string, unknown>): string[] {
  const pkOf = (item: unknown) => keyText((item as { pk?: unknown } | undefined)?.pk);
  const keys: Array<string | undefined> = [];
  if (operation === 'PutItem') keys.push(pkOf(input.Item));
  if (operation === 'UpdateItem' || operation === 'DeleteItem') keys.push(pkOf(input.Key));
  if (operation === 'TransactWriteItems') {
    for (const entry of (input.TransactItems ?? []) as Array<Record<string, { Item?: unknown; Key?: unknown }>>) {
      if (entry.Put) keys.push(pkOf(entry.Put.Item));
      if (entry.Update) keys.push(pkOf(entry.Update.Key));
      if (entry.Delete) keys.push(pkOf(entry.Delete.Key));
    }
  }
  if (operation === 'BatchWriteItem') {
    for (const requests of Object.values((input.RequestItems ?? {}) as Record<string, Array<{ PutRequest?: { Item: unknown }; DeleteRequest?: { Key: unknown } }>>)) {
      for (const request of requests) keys.push(pkOf(request.PutRequest?.Item ?? request.DeleteRequest?.Key));
    }
  }
  return keys.filter((key): key is string => Boolean(key));
}

/** Asks every data call of this client for its consumed capacity and hands the answer to the meter. */
export function meterCapacity(client: DynamoDBClient, meter: CapacityMeter): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const operation = String(context.commandName ?? '').replace(/Command$/, '');
      if (!READS.has(operation) && !WRITES.has(operation)) return next(args);
      const input = args.input as Record<string, unknown>;
      input.ReturnConsumedCapacity ??= 'TOTAL';
      for (const key of writtenKeys(operation, input)) meter.countWrite(key);
      const result = await next(args);
      meter.record(operation, (result.output as { ConsumedCapacity?: ConsumedCapacity | ConsumedCapacity[] }).ConsumedCapacity);
      return result;
    },
    { step: 'initialize', name: 'benchConsumedCapacity' },
  );
}

export interface HistoryEvent {
  id: number;
  previousEventId: number;
  timestamp: number;
  type: string;
  stateEnteredEventDetails?: { name?: string };
  stateExitedEventDetails?: { name?: string };
}

/** Transitions (what Standard workflows bill), history events (the 25,000 cap) and Task durations. */
export function readHistory(events: HistoryEvent[]) {
  const transitions = events.filter((event) => event.type.endsWith('StateEntered'));
  const byState = new Map<string, number>();
  for (const event of transitions) {
    const name = event.stateEnteredEventDetails?.name ?? '?';
    byState.set(name, (byState.get(name) ?? 0) + 1);
  }
  // A Task's exit follows its entry (previousEventId chains within each Map iteration as on AWS).
  const taskMs: number[] = [];
  for (const event of events) {
    if (event.type !== 'TaskStateExited') continue;
    const entered = events[event.previousEventId - 1];
    if (entered?.type === 'TaskStateEntered') taskMs.push((event.timestamp - entered.timestamp) * 1000);
  }
  // What each host's Map iteration adds to the history (the 25,000-event cap), apart from the rest.
  const hostEvents = events.filter((event) => event.type.startsWith('MapIteration') || event.stateEnteredEventDetails?.name === 'FetchHost' || event.stateExitedEventDetails?.name === 'FetchHost').length;
  return { transitions: transitions.length, events: events.length, hostEvents, byState, taskMs };
}

/** What a Step Functions endpoint (the local one, or its JSON API) answers; the bench calls it in process. */
interface StepFunctionsCalls {
  call(operation: string, body: Record<string, unknown>): Promise<unknown>;
}

/**
 * One run, parent and Distributed Map children: the parent's transitions (Standard, billed per transition)
 * and history, the children (Express: billed per request and duration, each its own history) with their
 * largest history, and every Task's duration (the Lambda time) in either.
 */
export async function readRunHistory(sfn: StepFunctionsCalls, parentEvents: HistoryEvent[]) {
  const parent = readHistory(parentEvents);
  const mapRunArns = parentEvents.filter((event) => event.type === 'MapRunStarted').map((event) => (event as unknown as { mapRunStartedEventDetails: { mapRunArn: string } }).mapRunStartedEventDetails.mapRunArn);
  const children: Array<ReturnType<typeof readHistory> & { durationMs: number }> = [];
  const failures: string[] = [];
  for (const mapRunArn of mapRunArns) {
    let nextToken: string | undefined;
    do {
      const page = (await sfn.call('ListExecutions', { mapRunArn, maxResults: 1000, nextToken })) as { executions: Array<{ executionArn: string; startDate: number; stopDate?: number }>; nextToken?: string };
      for (const child of page.executions as Array<{ executionArn: string; startDate: number; stopDate?: number; status?: string }>) {
        if (child.status !== 'SUCCEEDED') {
          const described = (await sfn.call('DescribeExecution', { executionArn: child.executionArn })) as { error?: string; cause?: string };
          failures.push(`${child.status}: ${described.error ?? ''} ${described.cause ?? ''}`.trim());
        }
        const history = (await sfn.call('GetExecutionHistory', { executionArn: child.executionArn, maxResults: 100_000 })) as { events: HistoryEvent[] };
        children.push({ ...readHistory(history.events), durationMs: ((child.stopDate ?? child.startDate) - child.startDate) * 1000 });
      }
      nextToken = page.nextToken;
    } while (nextToken);
  }
  return {
    ...parent,
    taskMs: [...parent.taskMs, ...children.flatMap((child) => child.taskMs)],
    expressRequests: children.length,
    expressMs: children.map((child) => child.durationMs),
    childTransitions: children.reduce((total, child) => total + child.transitions, 0),
    largestChildEvents: Math.max(0, ...children.map((child) => child.events)),
    /** Failed children's status, error and cause (a Map tolerates some). */
    failures,
  };
}
