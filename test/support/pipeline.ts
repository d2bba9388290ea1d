import { DescribeExecutionCommand, ListStateMachinesCommand, SFNClient, StartExecutionCommand, type DescribeExecutionCommandOutput } from '@aws-sdk/client-sfn';

/**
 * Runs one of the local runtime's state machines through the Step Functions API, as the console and
 * `npm run pipeline` do, and waits for the execution to end. Needs the SDK pointed at the runtime
 * (useLocalAws).
 */
export async function runStateMachine(name: string, input: unknown, timeoutMs = 30_000): Promise<DescribeExecutionCommandOutput & { result: Record<string, unknown> }> {
  const sfn = new SFNClient({});
  const { stateMachines = [] } = await sfn.send(new ListStateMachinesCommand({}));
  const stateMachineArn = stateMachines.find((machine) => machine.name === name)?.stateMachineArn;
  if (!stateMachineArn) throw new Error(`No state machine named ${name}`);
  const { executionArn } = await sfn.send(new StartExecutionCommand({ stateMachineArn, input: JSON.stringify(input) }));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const execution = await sfn.send(new DescribeExecutionCommand({ executionArn }));
    if (execution.status !== 'RUNNING') return { ...execution, result: JSON.parse(execution.output ?? '{}') as Record<string, unknown> };
    if (Date.now() > deadline) throw new Error(`${name} did not finish in ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
