import {
  DescribeExecutionCommand,
  DescribeMapRunCommand,
  GetExecutionHistoryCommand,
  ListExecutionsCommand,
  RedriveExecutionCommand,
  SFNClient,
  StartExecutionCommand,
  StopExecutionCommand,
  type DescribeExecutionCommandOutput,
  type ExecutionListItem,
  type ExecutionStatus,
  type HistoryEvent,
} from '@aws-sdk/client-sfn';
import { config } from '#core/config.ts';
import { boundedClientSettings, clientSettings, watched } from './aws-clients.ts';

/** The execution types the console's use cases read (services import them from here, not from the SDK). */
export type { ExecutionListItem, ExecutionStatus };

/**
 * The state machines the function may drive, by the names of the stack description: their ARNs come in
 * STATE_MACHINE_ARNS (the CDK stack on AWS, the local runtime here), matching the function's grants.
 */

let client: SFNClient | undefined;
const sfn = () => (client ??= watched(new SFNClient(clientSettings()), 'stepfunctions'));

/** A Step Functions service error by its name (ExecutionDoesNotExist, ExecutionNotRedrivable, ...). */
export class StepFunctionsError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'StepFunctionsError';
  }
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const name = (error as { name?: string; __type?: string }).name ?? '';
    if (/^(ExecutionDoesNotExist|ExecutionNotRedrivable|ExecutionAlreadyExists|ExecutionLimitExceeded|InvalidExecutionInput|InvalidName|InvalidToken|StateMachineDoesNotExist|StateMachineDeleting|ValidationException)$/.test(name)) {
      throw new StepFunctionsError(name, error instanceof Error ? error.message : String(error));
    }
    throw error;
  }
}

export function stateMachineArn(machine: string): string {
  const arn = config.STATE_MACHINE_ARNS[machine];
  if (!arn) throw new Error(`No state machine ARN for ${machine} (STATE_MACHINE_ARNS)`);
  return arn;
}

/** Standard workflows name their executions `arn:...:execution:<state machine name>:<execution name>`. */
export function executionArn(machine: string, name: string): string {
  return `${stateMachineArn(machine).replace(':stateMachine:', ':execution:')}:${name}`;
}

export async function startExecution(machine: string, name: string, input: unknown): Promise<{ executionArn: string; startDate: Date }> {
  const result = await call(() => sfn().send(new StartExecutionCommand({ stateMachineArn: stateMachineArn(machine), name, input: JSON.stringify(input) })));
  return { executionArn: result.executionArn as string, startDate: result.startDate ?? new Date() };
}

export interface ExecutionPage {
  executions: ExecutionListItem[];
  nextToken: string | undefined;
}

/** One page of a state machine's executions, newest first (the service's order). */
export async function listExecutions(machine: string, options: { status?: ExecutionStatus; nextToken?: string; maxResults: number }): Promise<ExecutionPage> {
  const result = await call(() =>
    sfn().send(
      new ListExecutionsCommand({
        stateMachineArn: stateMachineArn(machine),
        maxResults: options.maxResults,
        ...(options.status ? { statusFilter: options.status } : {}),
        ...(options.nextToken ? { nextToken: options.nextToken } : {}),
      }),
    ),
  );
  return { executions: result.executions ?? [], nextToken: result.nextToken };
}

export function describeExecution(machine: string, name: string): Promise<DescribeExecutionCommandOutput> {
  return call(() => sfn().send(new DescribeExecutionCommand({ executionArn: executionArn(machine, name) })));
}

/** A Distributed Map's run: its children's and items' counts (the console's progress of that Map). */
export async function describeMapRun(mapRunArn: string): Promise<{ itemCounts: { succeeded: number; failed: number; total: number } }> {
  const run = await call(() => sfn().send(new DescribeMapRunCommand({ mapRunArn })));
  const counts = run.itemCounts;
  return { itemCounts: { succeeded: counts?.succeeded ?? 0, failed: (counts?.failed ?? 0) + (counts?.timedOut ?? 0) + (counts?.aborted ?? 0), total: counts?.total ?? 0 } };
}

/** The whole history, oldest first, every page read (1,000 events a call). */
export async function executionHistory(machine: string, name: string): Promise<HistoryEvent[]> {
  const events: HistoryEvent[] = [];
  let nextToken: string | undefined;
  do {
    const page = await call(() => sfn().send(new GetExecutionHistoryCommand({ executionArn: executionArn(machine, name), maxResults: 1000, nextToken })));
    events.push(...(page.events ?? []));
    nextToken = page.nextToken;
  } while (nextToken);
  return events;
}

export async function stopExecution(machine: string, name: string, reason: { error: string; cause: string }): Promise<Date> {
  const result = await call(() => sfn().send(new StopExecutionCommand({ executionArn: executionArn(machine, name), ...reason })));
  return result.stopDate ?? new Date();
}

export async function redriveExecution(machine: string, name: string): Promise<Date> {
  const result = await call(() => sfn().send(new RedriveExecutionCommand({ executionArn: executionArn(machine, name) })));
  return result.redriveDate ?? new Date();
}

/**
 * The newest execution of a state machine by its ARN (ListExecutions, one result), or null when it has never
 * run, with a bounded wait on a client made for the call: the diagnostics' check.
 */
export async function latestExecution(stateMachineArn: string, timeoutMs: number): Promise<ExecutionListItem | null> {
  const bounded = new SFNClient(boundedClientSettings(timeoutMs));
  try {
    const answer = await bounded.send(new ListExecutionsCommand({ stateMachineArn, maxResults: 1 }));
    return answer.executions?.[0] ?? null;
  } finally {
    bounded.destroy();
  }
}
