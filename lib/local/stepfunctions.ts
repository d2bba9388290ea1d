import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { StateMachine, type StateMachineDefinition } from 'aws-local-stepfunctions';
import type { StackDescription, StateMachineDescription } from '../stack-description.ts';
import { localFunctionArn, localStateMachineArn, readAsl, substitutePlaceholders, taskStates } from './asl.ts';
import { loadFunctionHandler } from './functions.ts';
import { type DistributedMapSpec, ExceededFailureThreshold, localDistributedMaps, withFunctionTimeouts } from './stepfunctions-definitions.ts';
import { ApiError, paginate, serveStepFunctions } from './stepfunctions-endpoint.ts';
import { appendHistoryEvent, type EventChain, type Execution, type MapRun, notRedrivable, seconds } from './stepfunctions-history.ts';

/** The error a task throws when a test injected a fault into its function (POST /_local/faults). */
export class InjectedFault extends Error {
  constructor(fn: string) {
    super(`Fault injected into ${fn} for a test (POST /_local/faults on the local Step Functions endpoint)`);
    this.name = 'InjectedFault';
  }
}


/**
 * The project's state machines, run by aws-local-stepfunctions behind the subset of the Step Functions
 * JSON API the project calls (start, describe, list, history, stop, redrive), so the SDK client, the
 * console and the pipeline CLI work against it unchanged. Finished executions are kept on disk.
 *
 * RedriveExecution: the real service resumes a failed execution from the state that failed (and a Map from
 * its unsuccessful iterations). This stand-in runs the execution again from its first state, with the same
 * input, under the same ARN: every step is idempotent (docs/architecture.md section 5), so the outcome is the same;
 * only the history differs (the states that had succeeded appear again after ExecutionRedriven).
 *
 * Test-only fault injection, which exists on this local endpoint alone (never on AWS):
 * `POST /_local/faults {"fn":"lifecycle","times":1}` makes the next N invocations of that function's
 * handler, from any task state, throw `InjectedFault` (an error no Retry in state-machines/ names, so it
 * is not retried away). `GET /_local/faults` shows what is pending; `{"times":0}` clears one.
 */
export class LocalStepFunctions {
  private readonly machines = new Map<string, { description: StateMachineDescription; machine: StateMachine; distributed: Map<string, DistributedMapSpec> }>();
  private readonly mapRuns = new Map<string, MapRun>();
  private readonly executions = new Map<string, Execution>();
  private readonly aborts = new Map<string, () => void>();
  private readonly running = new Set<Promise<void>>();
  /** Error and cause given to StopExecution, recorded when the abort lands. */
  private readonly stopReasons = new Map<string, { error?: string; cause?: string }>();
  /** Function name -> invocations left that throw InjectedFault. */
  private readonly faults = new Map<string, number>();
  private readonly storeDir: string;

  constructor(
    private readonly stack: StackDescription,
    private readonly region: string,
    dataDir: string,
    /** The local object store (Distributed Map ItemReaders read from it). */
    private readonly objectsUrl = '',
  ) {
    this.storeDir = path.join(dataDir, 'stepfunctions');
    mkdirSync(this.storeDir, { recursive: true });
    for (const description of stack.stateMachines) {
      const arns = Object.fromEntries(
        Object.entries(description.functions).map(([placeholder, fn]) => [placeholder, localFunctionArn(region, fn)]),
      );
      const timed = withFunctionTimeouts(readAsl(description.file), (placeholder) => stack.functions.find((fn) => fn.name === description.functions[placeholder])?.timeoutSeconds);
      const { definition, distributed } = localDistributedMaps(substitutePlaceholders(timed, arns), region);
      this.machines.set(localStateMachineArn(region, description.name), { description, machine: new StateMachine(definition as StateMachineDefinition), distributed });
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
      const target = fn.name;
      handlers[task.name] = async (input) => {
        const left = this.faults.get(target) ?? 0;
        if (left > 0) {
          if (left === 1) this.faults.delete(target);
          else this.faults.set(target, left - 1);
          throw new InjectedFault(target);
        }
        return handler(input);
      };
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
    await this.run(execution, input ?? {});
    return execution;
  }

  /** Runs (or, on a redrive, runs again) an execution's state machine in the background. */
  private async run(execution: Execution, input: unknown): Promise<void> {
    const entry = this.machines.get(execution.stateMachineArn);
    if (!entry) throw new ApiError('StateMachineDoesNotExist', `State Machine Does Not Exist: '${execution.stateMachineArn}'`);
    const { executionArn, name } = execution;
    const handlers: Record<string, (input: unknown) => Promise<unknown>> = { ...(await this.localHandlers(entry.description)) };
    for (const spec of entry.distributed.values()) handlers[spec.state] = (mapInput) => this.runDistributedMap(execution, spec, handlers, mapInput);
    const run = entry.machine.run(input as never, {
      overrides: { taskResourceLocalHandlers: handlers as never },
      context: { Execution: { Id: executionArn, Name: name, RoleArn: 'arn:aws:iam::000000000000:role/local' } } as never,
    });
    this.aborts.set(executionArn, run.abort);
    const work = this.follow(execution, run).finally(() => {
      this.aborts.delete(executionArn);
      this.running.delete(work);
    });
    this.running.add(work);
  }

  private mapRunArnOf(execution: Execution, state: string): string {
    const machine = execution.stateMachineArn.split(':stateMachine:')[1];
    return `${execution.stateMachineArn.split(':stateMachine:')[0]}:mapRun:${machine}/${state}:${execution.name}-${execution.redriveCount ?? 0}`;
  }

  /**
   * A Distributed Map, as the service runs one: the items read from the object store (ItemReader, JSON),
   * batched (ItemBatcher: {Items, BatchInput}), each batch a child execution of the ItemProcessor with its own
   * history (listed by ListExecutions with the map run's ARN), at most MaxConcurrency at a time; the Map fails
   * with States.ExceedToleratedFailureThreshold only when more children failed than it tolerates. Its output
   * is the children's outputs in order (a failed child's is its error), as without a ResultWriter.
   */
  private async runDistributedMap(parent: Execution, spec: DistributedMapSpec, handlers: Record<string, (input: unknown) => Promise<unknown>>, input: unknown): Promise<unknown[]> {
    const { ItemReader: reader, BatchInput: batchInput } = input as { ItemReader: { Bucket: string; Key: string }; BatchInput?: unknown };
    const response = await fetch(`${this.objectsUrl}/${reader.Bucket}/${reader.Key.split('/').map(encodeURIComponent).join('/')}`);
    if (!response.ok) throw Object.assign(new Error(`ItemReader could not read s3://${reader.Bucket}/${reader.Key}: HTTP ${response.status}`), { name: 'States.ItemReaderFailed' });
    const items = (await response.json()) as unknown;
    if (!Array.isArray(items)) throw Object.assign(new Error(`s3://${reader.Bucket}/${reader.Key} is not a JSON array`), { name: 'States.ItemReaderFailed' });
    const batches: unknown[][] = [];
    for (let at = 0; at < items.length; at += spec.maxItemsPerBatch) batches.push(items.slice(at, at + spec.maxItemsPerBatch));

    const mapRunArn = this.mapRunArnOf(parent, spec.state);
    const counts = () => ({ pending: 0, running: 0, succeeded: 0, failed: 0, total: 0 });
    const mapRun: MapRun = { mapRunArn, executionArn: parent.executionArn, status: 'RUNNING', startDate: seconds(Date.now()), maxConcurrency: spec.maxConcurrency, toleratedFailurePercentage: spec.toleratedFailurePercentage, itemCounts: { ...counts(), pending: items.length, total: items.length }, executionCounts: { ...counts(), pending: batches.length, total: batches.length } };
    this.mapRuns.set(mapRunArn, mapRun);
    const move = (size: number, from: 'pending' | 'running', to: 'running' | 'succeeded' | 'failed') => {
      mapRun.itemCounts[from] -= size;
      mapRun.itemCounts[to] += size;
      mapRun.executionCounts[from] -= 1;
      mapRun.executionCounts[to] += 1;
    };

    const outputs: unknown[] = new Array(batches.length);
    let next = 0;
    const runChild = async (index: number) => {
      const batch = batches[index] as unknown[];
      const childInput = { Items: batch, ...(batchInput === undefined ? {} : { BatchInput: batchInput }) };
      const name = `${parent.name}.${spec.state}.${parent.redriveCount ?? 0}.${index}`;
      const child: Execution = {
        executionArn: `${mapRunArn.replace(':mapRun:', ':express:')}:${index}`,
        stateMachineArn: parent.stateMachineArn,
        name,
        status: 'RUNNING',
        startDate: seconds(Date.now()),
        input: JSON.stringify(childInput),
        mapRunArn,
        events: [],
      };
      this.executions.set(child.executionArn, child);
      move(batch.length, 'pending', 'running');
      const run = spec.processor.run(childInput as never, {
        overrides: { taskResourceLocalHandlers: handlers as never },
        context: { Execution: { Id: child.executionArn, Name: name, RoleArn: 'arn:aws:iam::000000000000:role/local' } } as never,
      });
      this.aborts.set(child.executionArn, run.abort);
      await this.follow(child, run).finally(() => this.aborts.delete(child.executionArn));
      move(batch.length, 'running', child.status === 'SUCCEEDED' ? 'succeeded' : 'failed');
      outputs[index] = child.status === 'SUCCEEDED' ? (JSON.parse(child.output ?? 'null') as unknown) : { Error: child.error, Cause: child.cause };
    };
    const worker = async () => {
      while (next < batches.length && mapRun.status === 'RUNNING') await runChild(next++);
    };
    await Promise.all(Array.from({ length: Math.min(spec.maxConcurrency, batches.length) }, worker));
    if (mapRun.status === 'ABORTED') return outputs;
    const failed = mapRun.executionCounts.failed;
    const failedTooMany = batches.length > 0 && (failed * 100) / batches.length > spec.toleratedFailurePercentage;
    Object.assign(mapRun, { status: failedTooMany ? 'FAILED' : 'SUCCEEDED', stopDate: seconds(Date.now()) });
    if (failedTooMany) throw new ExceededFailureThreshold(`${failed} of ${batches.length} child executions failed; the Map tolerates ${spec.toleratedFailurePercentage}%`);
    return outputs;
  }

  /** RedriveExecution: the same execution (same ARN) runs again from the start (see the class comment). */
  async redriveExecution(executionArn: string): Promise<Execution> {
    const execution = this.find(executionArn);
    const reason = notRedrivable(execution);
    if (reason) throw new ApiError('ExecutionNotRedrivable', `Execution not redrivable: ${reason}`);
    const redriveCount = (execution.redriveCount ?? 0) + 1;
    const now = Date.now();
    Object.assign(execution, { status: 'RUNNING', redriveCount, redriveDate: seconds(now) });
    for (const key of ['stopDate', 'output', 'error', 'cause'] as const) delete execution[key];
    const id = execution.events.length + 1;
    execution.events.push({ id, previousEventId: id - 1, timestamp: seconds(now), type: 'ExecutionRedriven', executionRedrivenEventDetails: { redriveCount } });
    this.persist(execution);
    await this.run(execution, JSON.parse(execution.input) as unknown);
    return execution;
  }

  /** Test-only: the next `times` invocations of function `fn` throw InjectedFault (0 clears). */
  injectFault(fn: string, times: number): void {
    if (!this.stack.functions.some((candidate) => candidate.name === fn)) throw new ApiError('ValidationException', `No function named ${fn}`);
    if (times > 0) this.faults.set(fn, times);
    else this.faults.delete(fn);
  }

  private async follow(execution: Execution, run: ReturnType<StateMachine['run']>): Promise<void> {
    const collect = (async () => {
      for await (const log of run.eventLogs) this.addEvent(execution, log as unknown as Record<string, unknown>);
    })();
    let outcome: Pick<Execution, 'status' | 'output' | 'error' | 'cause'>;
    try {
      const output = await run.result;
      outcome = { status: 'SUCCEEDED', output: JSON.stringify(output) };
    } catch (error) {
      const aborted = error instanceof Error && error.name === 'ExecutionAbortedError';
      const cause = (error as { cause?: { name?: string; message?: string } }).cause;
      outcome = {
        status: aborted ? 'ABORTED' : 'FAILED',
        error: cause?.name ?? (error instanceof Error ? error.name : 'Error'),
        cause: cause?.message ?? (error instanceof Error ? error.message : String(error)),
        ...(aborted ? this.stopReasons.get(execution.executionArn) : {}),
      };
    }
    this.stopReasons.delete(execution.executionArn);
    await collect.catch(() => undefined);
    // All at once, after the last event: a redrive may start as soon as the status is no longer RUNNING.
    Object.assign(execution, outcome, { stopDate: seconds(Date.now()) });
    this.persist(execution);
  }

  /** Per execution run: the last event of each Map iteration, so events chain by previousEventId as on AWS. */
  private readonly chains = new WeakMap<Execution, EventChain>();

  private addEvent(execution: Execution, log: Record<string, unknown>): void {
    let chain = this.chains.get(execution);
    if (!chain) this.chains.set(execution, (chain = { mapEntered: 0, lastInIteration: new Map() }));
    appendHistoryEvent(execution, log, {
      isDistributedMap: (state) => this.machines.get(execution.stateMachineArn)?.distributed.has(state) ?? false,
      mapRunArnOf: (state) => this.mapRunArnOf(execution, state),
      stopReason: this.stopReasons.get(execution.executionArn),
      chain,
    });
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
    return { ...rest, redriveCount: execution.redriveCount ?? 0 };
  }

  listen(port: number): Promise<http.Server> {
    return serveStepFunctions(this, port);
  }

  /** Test-only: the faults armed, by function name. */
  armedFaults(): Record<string, number> {
    return Object.fromEntries(this.faults);
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
        const execution = this.find(body.executionArn);
        const { events: _events, ...rest } = execution;
        const reason = execution.status === 'RUNNING' ? 'Execution is RUNNING and cannot be redriven' : notRedrivable(execution);
        return { ...rest, redriveCount: execution.redriveCount ?? 0, redriveStatus: reason ? 'NOT_REDRIVABLE' : 'REDRIVABLE', ...(reason ? { redriveStatusReason: reason } : {}) };
      }
      case 'RedriveExecution': {
        const execution = await this.redriveExecution(String(body.executionArn));
        return { redriveDate: execution.redriveDate };
      }
      case 'StopExecution': {
        const execution = this.find(body.executionArn);
        if (execution.status === 'RUNNING') {
          this.stopReasons.set(execution.executionArn, {
            ...(typeof body.error === 'string' ? { error: body.error } : {}),
            ...(typeof body.cause === 'string' ? { cause: body.cause } : {}),
          });
        }
        this.aborts.get(execution.executionArn)?.();
        // Its Distributed Maps stop too: no new children, and the running ones are aborted.
        for (const mapRun of this.mapRuns.values()) {
          if (mapRun.executionArn !== execution.executionArn || mapRun.status !== 'RUNNING') continue;
          Object.assign(mapRun, { status: 'ABORTED', stopDate: seconds(Date.now()) });
          for (const child of this.executions.values()) if (child.mapRunArn === mapRun.mapRunArn && child.status === 'RUNNING') this.aborts.get(child.executionArn)?.();
        }
        return { stopDate: execution.stopDate ?? seconds(Date.now()) };
      }
      case 'ListExecutions': {
        const all = [...this.executions.values()]
          // A map run's children are listed by its mapRunArn alone, as the service lists them.
          .filter((execution) => (body.mapRunArn ? execution.mapRunArn === body.mapRunArn : execution.stateMachineArn === body.stateMachineArn && !execution.mapRunArn))
          .filter((execution) => !body.statusFilter || execution.status === body.statusFilter)
          .filter((execution) => !body.redriveFilter || (body.redriveFilter === 'REDRIVEN') === Boolean(execution.redriveCount))
          .sort((a, b) => b.startDate - a.startDate);
        return paginate(all.map((execution) => this.summary(execution)), body, 'executions');
      }
      case 'GetExecutionHistory': {
        const events = [...this.find(body.executionArn).events];
        if (body.reverseOrder === true) events.reverse();
        return paginate(events, body, 'events');
      }
      case 'DescribeMapRun': {
        const mapRun = this.mapRuns.get(String(body.mapRunArn));
        if (!mapRun) throw new ApiError('ResourceNotFound', `Map Run Does Not Exist: '${String(body.mapRunArn)}'`);
        return mapRun;
      }
      case 'ListMapRuns': {
        const runs = [...this.mapRuns.values()].filter((mapRun) => mapRun.executionArn === body.executionArn);
        return paginate(runs.map(({ mapRunArn, executionArn, startDate, stopDate }) => ({ mapRunArn, executionArn, stateMachineArn: executionArn, startDate, stopDate })), body, 'mapRuns');
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

}

