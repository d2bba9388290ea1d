/** How a state machine's ASL is prepared for aws-local-stepfunctions: function timeouts on its Tasks, its Distributed Maps as Tasks. */
import { StateMachine, type StateMachineDefinition } from 'aws-local-stepfunctions';
import type { AslDefinition, AslState } from '../asl.ts';
import { distributedMapStates, localFunctionArn } from './asl.ts';

/** A Distributed Map state, as the local runtime runs it: each batch of items a child execution of its ItemProcessor. */
export interface DistributedMapSpec {
  state: string;
  processor: StateMachine;
  maxItemsPerBatch: number;
  maxConcurrency: number;
  toleratedFailurePercentage: number;
}

/**
 * aws-local-stepfunctions gives a Task with no TimeoutSeconds 60 s; on AWS such a task waits for its Lambda,
 * which its own timeout ends. Each Task calling a described function gets that function's timeout (never
 * less than the library's 60 s), nested Map processors included.
 */
export function withFunctionTimeouts(definition: AslDefinition, timeoutOf: (placeholder: string) => number | undefined): AslDefinition {
  const States = Object.fromEntries(
    Object.entries(definition.States).map(([name, state]) => {
      const placeholder = state.Type === 'Task' ? /^\$\{(\w+)\}$/.exec(state.Resource ?? '')?.[1] : undefined;
      const timed: AslState = placeholder && state.TimeoutSeconds === undefined ? { ...state, TimeoutSeconds: Math.max(60, timeoutOf(placeholder) ?? 0) } : { ...state };
      if (state.ItemProcessor) timed.ItemProcessor = withFunctionTimeouts(state.ItemProcessor, timeoutOf);
      if (state.Iterator) timed.Iterator = withFunctionTimeouts(state.Iterator, timeoutOf);
      if (state.Branches) timed.Branches = state.Branches.map((branch) => withFunctionTimeouts(branch, timeoutOf));
      return [name, timed];
    }),
  );
  return { ...definition, States };
}

/**
 * aws-local-stepfunctions has no Distributed Map: each top-level DISTRIBUTED Map state becomes a Task whose
 * Parameters carry the ItemReader's and ItemBatcher's resolved parameters (the library resolves their paths);
 * LocalStepFunctions.runDistributedMap answers it and runs the ItemProcessor as child executions.
 */
export function localDistributedMaps(definition: AslDefinition, region: string): { definition: AslDefinition; distributed: Map<string, DistributedMapSpec> } {
  const distributed = new Map<string, DistributedMapSpec>();
  const distributedNames = new Set(distributedMapStates(definition));
  const states: Record<string, AslState> = {};
  for (const [name, state] of Object.entries(definition.States)) {
    const processor = state.ItemProcessor;
    if (!distributedNames.has(name) || !processor) {
      states[name] = state;
      continue;
    }
    const reader = state.ItemReader as { Resource?: string; ReaderConfig?: { InputType?: string }; Parameters?: unknown } | undefined;
    if (reader?.Resource !== 'arn:aws:states:::s3:getObject' || reader.ReaderConfig?.InputType !== 'JSON' || state.ItemSelector || state.Parameters) {
      throw new Error(`Map ${name}: the local runtime runs a Distributed Map with an ItemReader of one JSON object (s3:getObject) and no ItemSelector`);
    }
    const batcher = state.ItemBatcher as { MaxItemsPerBatch?: number; BatchInput?: unknown } | undefined;
    const { ProcessorConfig: _config, ...childDefinition } = processor;
    distributed.set(name, {
      state: name,
      processor: new StateMachine(childDefinition as StateMachineDefinition),
      maxItemsPerBatch: batcher?.MaxItemsPerBatch ?? 1,
      // 0 (or none) is the service's "as many as it can": 10,000 child executions at once.
      maxConcurrency: Number(state.MaxConcurrency) || 10_000,
      toleratedFailurePercentage: Number(state.ToleratedFailurePercentage ?? 0),
    });
    const kept = Object.fromEntries(['InputPath', 'ResultPath', 'ResultSelector', 'OutputPath', 'Retry', 'Catch', 'Next', 'End', 'Comment'].filter((field) => field in state).map((field) => [field, state[field]]));
    states[name] = {
      ...kept,
      Type: 'Task',
      Resource: localFunctionArn(region, `distributed-map-${name}`),
      // A Map has no timeout of its own (the library would give this stand-in Task 60 s); the library's timer
      // takes milliseconds in a 32-bit setTimeout, so 11 days is as long as it can wait.
      TimeoutSeconds: 1_000_000,
      Parameters: { ItemReader: reader.Parameters ?? {}, ...(batcher?.BatchInput === undefined ? {} : { BatchInput: batcher.BatchInput }) },
    };
  }
  return { definition: { ...definition, States: states }, distributed };
}

/** The error a Distributed Map fails with when more children failed than it tolerates (as the service names it). */
export class ExceededFailureThreshold extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'States.ExceedToleratedFailureThreshold';
  }
}
