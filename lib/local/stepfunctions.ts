import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { StateMachine, type StateMachineDefinition } from 'aws-local-stepfunctions';
import type { StackDescription, StateMachineDescription } from '../stack-description.ts';
import { localFunctionArn, localStateMachineArn, readAsl, substitutePlaceholders, taskStates } from './asl.ts';
import { loadFunctionHandler } from './functions.ts';

type Status = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'ABORTED';

interface HistoryEvent {
  id: number;
  previousEventId: number;
  timestamp: number;
  type: string;
  [details: string]: unknown;
}

interface Execution {
  executionArn: string;
  stateMachineArn: string;
  name: string;
  status: Status;
  startDate: number;
  stopDate?: number;
  input: string;
  output?: string;
  error?: string;
  cause?: string;
  events: HistoryEvent[];
}

class ApiError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

const seconds = (ms: number) => ms / 1000;

/**
 * The project's state machines, run by aws-local-stepfunctions behind the subset of the Step Functions
 * JSON API the project calls (start, describe, list, history, stop), so the SDK client, the console and
 * the pipeline CLI work against it unchanged. Finished executions are kept on disk.
 */
export class LocalStepFunctions {
  private readonly machines = new Map<string, { description: StateMachineDescription; machine: StateMachine }>();
  private readonly executions = new Map<string, Execution>();
  private readonly aborts = new Map<string, () => void>();
  private readonly running = new Set<Promise<void>>();
  private readonly storeDir: string;

  constructor(
    private readonly stack: StackDescription,
    private readonly region: string,
    dataDir: string,
  ) {
    this.storeDir = path.join(dataDir, 'stepfunctions');
    mkdirSync(this.storeDir, { recursive: true });
    for (const description of stack.stateMachines) {
      const arns = Object.fromEntries(
        Object.entries(description.functions).map(([placeholder, fn]) => [placeholder, localFunctionArn(region, fn)]),
      );
      const definition = substitutePlaceholders(readAsl(description.file), arns) as StateMachineDefinition;
      this.machines.set(localStateMachineArn(region, description.name), { description, machine: new StateMachine(definition) });
    }
    for (const file of readdirSync(this.storeDir).filter((name) => name.endsWith('.json'))) {
      const saved = JSON.parse(readFileSync(path.join(this.storeDir, file), 'utf8')) as Execution;
      // An execution cut off by a previous stop of the local runtime did not finish.
      if (saved.status === 'RUNNING') Object.assign(saved, { status: 'ABORTED', stopDate: saved.startDate });
      this.executions.set(saved.executionArn, saved);
    }
  }

  machineNames(): string[] {
    return [...this.machines.values()].map(({ description }) => description.name);
  }

  arnOf(name: string): string {
    return localStateMachineArn(this.region, name);
  }

  private readonly handlersByMachine = new Map<string, Record<string, (input: unknown) => Promise<unknown>>>();

  /** Every Task state of a machine mapped to the handler of the function its Resource names (resolved once). */
  private async localHandlers(description: StateMachineDescription) {
    const known = this.handlersByMachine.get(description.name);
    if (known) return known;
    const handlers: Record<string, (input: unknown) => Promise<unknown>> = {};
    for (const task of taskStates(readAsl(description.file))) {
      const placeholder = /^\$\{(\w+)\}$/.exec(task.resource)?.[1];
      const fnName = placeholder ? description.functions[placeholder] : undefined;
      const fn = this.stack.functions.find((candidate) => candidate.name === fnName);
      if (!fn) throw new Error(`State ${task.name} of ${description.name}: resource ${task.resource} names no function`);
      const handler = await loadFunctionHandler(fn);
      handlers[task.name] = (input) => handler(input);
    }
    this.handlersByMachine.set(description.name, handlers);
    return handlers;
  }

  async startExecution(stateMachineArn: string, input: unknown, name: string = randomUUID()): Promise<Execution> {
    const entry = this.machines.get(stateMachineArn);
    if (!entry) throw new ApiError('StateMachineDoesNotExist', `State Machine Does Not Exist: '${stateMachineArn}'`);
    const executionArn = stateMachineArn.replace(':stateMachine:', ':execution:') + `:${name}`;
    if (this.executions.has(executionArn)) throw new ApiError('ExecutionAlreadyExists', `Execution Already Exists: '${executionArn}'`);
    const execution: Execution = {
      executionArn,
      stateMachineArn,
      name,
      status: 'RUNNING',
      startDate: seconds(Date.now()),
      input: JSON.stringify(input ?? {}),
      events: [],
    };
    this.executions.set(executionArn, execution);
    this.persist(execution);
    const handlers = await this.localHandlers(entry.description);
    const run = entry.machine.run((input ?? {}) as never, {
      overrides: { taskResourceLocalHandlers: handlers as never },
      context: { Execution: { Id: executionArn, Name: name, RoleArn: 'arn:aws:iam::000000000000:role/local' } } as never,
    });
    this.aborts.set(executionArn, run.abort);
    const work = this.follow(execution, run).finally(() => {
      this.aborts.delete(executionArn);
      this.running.delete(work);
    });
    this.running.add(work);
    return execution;
  }

  private async follow(execution: Execution, run: ReturnType<StateMachine['run']>): Promise<void> {
    const collect = (async () => {
      for await (const log of run.eventLogs) this.addEvent(execution, log as unknown as Record<string, unknown>);
    })();
    try {
      const output = await run.result;
      execution.status = 'SUCCEEDED';
      execution.output = JSON.stringify(output);
    } catch (error) {
      const aborted = error instanceof Error && error.name === 'ExecutionAbortedError';
      execution.status = aborted ? 'ABORTED' : 'FAILED';
      const cause = (error as { cause?: { name?: string; message?: string } }).cause;
      execution.error = cause?.name ?? (error instanceof Error ? error.name : 'Error');
      execution.cause = cause?.message ?? (error instanceof Error ? error.message : String(error));
    }
    await collect.catch(() => undefined);
    execution.stopDate = seconds(Date.now());
    this.persist(execution);
  }

  /** Translates the library's event log into Step Functions history events. */
  private addEvent(execution: Execution, log: Record<string, unknown>): void {
    const state = log.state as { name: string; type: string; input: unknown; output?: unknown } | undefined;
    const push = (type: string, details: Record<string, unknown> = {}) => {
      const id = execution.events.length + 1;
      execution.events.push({ id, previousEventId: id - 1, timestamp: seconds(Number(log.timestamp ?? Date.now())), type, ...details });
    };
    switch (log.type) {
      case 'ExecutionStarted':
        return push('ExecutionStarted', { executionStartedEventDetails: { input: JSON.stringify(log.input ?? {}) } });
      case 'ExecutionSucceeded':
        return push('ExecutionSucceeded', { executionSucceededEventDetails: { output: JSON.stringify(log.output ?? null) } });
      case 'ExecutionFailed':
        return push('ExecutionFailed', { executionFailedEventDetails: { error: log.Error, cause: String(log.Cause ?? '') } });
      case 'ExecutionAborted':
        return push('ExecutionAborted');
      case 'StateEntered':
        return push(`${state?.type}StateEntered`, { stateEnteredEventDetails: { name: state?.name, input: JSON.stringify(state?.input ?? null) } });
      case 'StateExited':
        return push(`${state?.type}StateExited`, { stateExitedEventDetails: { name: state?.name, output: JSON.stringify(state?.output ?? null) } });
      case 'StateFailed':
        if (state?.type === 'Task') return push('TaskFailed', { taskFailedEventDetails: { resourceType: 'lambda', resource: state.name, error: log.Error, cause: String(log.Cause ?? '') } });
        return;
      case 'StateRetried':
        return push('TaskStateRetried', { stateEnteredEventDetails: { name: state?.name } });
      case 'MapIterationStarted':
      case 'MapIterationSucceeded':
      case 'MapIterationFailed': {
        const parent = log.parentState as { name: string } | undefined;
        const key = `${log.type.charAt(0).toLowerCase()}${log.type.slice(1)}EventDetails`;
        return push(log.type, { [key]: { name: parent?.name, index: log.index } });
      }
      default:
        return;
    }
  }

  private persist(execution: Execution): void {
    writeFileSync(path.join(this.storeDir, `${execution.name}.json`), JSON.stringify(execution));
  }

  /** Resolves with the execution once it is no longer running. */
  async waitFor(executionArn: string): Promise<Execution> {
    const execution = this.find(executionArn);
    while (execution.status === 'RUNNING') await new Promise((resolve) => setTimeout(resolve, 100));
    return execution;
  }

  /** Waits for every execution in flight (used on shutdown and by tests). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }

  private find(executionArn: unknown): Execution {
    const execution = typeof executionArn === 'string' ? this.executions.get(executionArn) : undefined;
    if (!execution) throw new ApiError('ExecutionDoesNotExist', `Execution Does Not Exist: '${String(executionArn)}'`);
    return execution;
  }

  private summary(execution: Execution) {
    const { events: _events, input: _input, output: _output, error: _error, cause: _cause, ...rest } = execution;
    return rest;
  }

  /** One call of the Step Functions JSON 1.0 API, by its X-Amz-Target operation name. */
  async call(operation: string, body: Record<string, unknown>): Promise<unknown> {
    switch (operation) {
      case 'StartExecution': {
        const input = typeof body.input === 'string' ? (JSON.parse(body.input) as unknown) : {};
        const execution = await this.startExecution(String(body.stateMachineArn), input, typeof body.name === 'string' ? body.name : undefined);
        return { executionArn: execution.executionArn, startDate: execution.startDate };
      }
      case 'DescribeExecution': {
        const { events: _events, ...rest } = this.find(body.executionArn);
        return rest;
      }
      case 'StopExecution': {
        const execution = this.find(body.executionArn);
        this.aborts.get(execution.executionArn)?.();
        return { stopDate: execution.stopDate ?? seconds(Date.now()) };
      }
      case 'ListExecutions': {
        const all = [...this.executions.values()]
          .filter((execution) => execution.stateMachineArn === body.stateMachineArn)
          .filter((execution) => !body.statusFilter || execution.status === body.statusFilter)
          .sort((a, b) => b.startDate - a.startDate);
        return paginate(all.map((execution) => this.summary(execution)), body, 'executions');
      }
      case 'GetExecutionHistory': {
        const events = [...this.find(body.executionArn).events];
        if (body.reverseOrder === true) events.reverse();
        return paginate(events, body, 'events');
      }
      case 'ListStateMachines':
        return {
          stateMachines: [...this.machines.entries()].map(([arn, { description }]) => ({
            stateMachineArn: arn,
            name: description.name,
            type: 'STANDARD',
            creationDate: 0,
          })),
        };
      default:
        throw new ApiError('UnknownOperationException', `The local Step Functions endpoint does not answer ${operation}`);
    }
  }

  listen(port: number): Promise<http.Server> {
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const target = String(request.headers['x-amz-target'] ?? '');
        const operation = target.replace(/^AWSStepFunctions\./, '');
        const reply = (status: number, payload: unknown, errorType?: string) => {
          response.writeHead(status, {
            'content-type': 'application/x-amz-json-1.0',
            ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
          });
          response.end(JSON.stringify(payload));
        };
        let body: Record<string, unknown>;
        try {
          body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
        } catch {
          return reply(400, { __type: 'SerializationException', message: 'Body is not JSON' }, 'SerializationException');
        }
        this.call(operation, body).then(
          (result) => reply(200, result),
          (error: unknown) => {
            const type = error instanceof ApiError ? error.type : 'InternalFailure';
            reply(error instanceof ApiError ? 400 : 500, { __type: type, message: error instanceof Error ? error.message : String(error) }, type);
          },
        );
      });
    });
    return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
  }
}

function paginate<T>(items: T[], body: Record<string, unknown>, key: string) {
  const max = typeof body.maxResults === 'number' && body.maxResults > 0 ? body.maxResults : 100;
  const start = typeof body.nextToken === 'string' ? Number(body.nextToken) || 0 : 0;
  const page = items.slice(start, start + max);
  const next = start + max < items.length ? String(start + max) : undefined;
  return { [key]: page, ...(next ? { nextToken: next } : {}) };
}
