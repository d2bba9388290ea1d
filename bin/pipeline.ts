/**
 * `npm run pipeline -- ingest|lifecycle|retrain|newsletter [--mode classify-only] [--frequency daily]`: starts an execution through the
 * Step Functions API of the running local runtime (its URLs come from .local/urls.json; STEPFUNCTIONS_URL
 * overrides) and shows its progress until it ends.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DescribeExecutionCommand, GetExecutionHistoryCommand, ListStateMachinesCommand, SFNClient, StartExecutionCommand, type HistoryEvent } from '@aws-sdk/client-sfn';
import { localSettings } from '../lib/local/settings.ts';

const [machine, ...flags] = process.argv.slice(2);
const machines = ['ingest', 'lifecycle', 'retrain', 'newsletter'];
if (!machine || !machines.includes(machine)) {
  console.error(`Usage: npm run pipeline -- ${machines.join('|')} [--mode classify-only] [--frequency daily|weekly|monthly]`);
  process.exit(2);
}
const flag = (name: string) => (flags.includes(name) ? flags[flags.indexOf(name) + 1] : undefined);
const mode = flag('--mode');
const frequency = flag('--frequency') ?? (machine === 'newsletter' ? 'daily' : undefined);
const input = { trigger: 'manual', ...(mode ? { mode } : {}), ...(frequency ? { frequency } : {}) };

function endpoint(): string {
  if (process.env.STEPFUNCTIONS_URL) return process.env.STEPFUNCTIONS_URL;
  const urlsFile = path.join(localSettings().dataDir, 'urls.json');
  try {
    return (JSON.parse(readFileSync(urlsFile, 'utf8')) as { stepfunctions: string }).stepfunctions;
  } catch {
    console.error(`No ${urlsFile}: start the product first with npm start.`);
    process.exit(2);
  }
}

const sfn = new SFNClient({ endpoint: endpoint(), region: 'ap-south-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
const { stateMachines = [] } = await sfn.send(new ListStateMachinesCommand({}));
const target = stateMachines.find((candidate) => candidate.name === machine);
if (!target?.stateMachineArn) {
  console.error(`No state machine named ${machine} at ${endpoint()}`);
  process.exit(1);
}

const { executionArn } = await sfn.send(new StartExecutionCommand({ stateMachineArn: target.stateMachineArn, input: JSON.stringify(input) }));
console.log(`Started ${machine}: ${executionArn}`);

/** A line of progress from the history: the state now running and, in a Map, iterations done of started. */
function progress(events: HistoryEvent[]): string {
  const entered = events.filter((event) => event.type?.endsWith('StateEntered'));
  const current = entered.at(-1)?.stateEnteredEventDetails?.name ?? 'starting';
  const started = events.filter((event) => event.type === 'MapIterationStarted').length;
  const done = events.filter((event) => event.type === 'MapIterationSucceeded' || event.type === 'MapIterationFailed').length;
  const batches = entered.filter((event) => event.stateEnteredEventDetails?.name === 'ClassifyBatch').length;
  return [`state ${current}`, started ? `${machine === 'newsletter' ? 'subscriber batches' : 'hosts'} ${done}/${started}` : '', batches ? `classify batches ${batches}` : ''].filter(Boolean).join(', ');
}

let last = '';
for (;;) {
  const [execution, history] = await Promise.all([
    sfn.send(new DescribeExecutionCommand({ executionArn })),
    sfn.send(new GetExecutionHistoryCommand({ executionArn, maxResults: 1000 })),
  ]);
  const line = progress(history.events ?? []);
  if (line !== last) {
    console.log(`  ${line}`);
    last = line;
  }
  if (execution.status !== 'RUNNING') {
    const seconds = ((execution.stopDate?.getTime() ?? Date.now()) - (execution.startDate?.getTime() ?? Date.now())) / 1000;
    console.log(`${execution.status} in ${seconds.toFixed(1)} s`);
    console.log(execution.status === 'SUCCEEDED' ? JSON.stringify(JSON.parse(execution.output ?? 'null'), null, 2) : `${execution.error}: ${execution.cause}`);
    process.exit(execution.status === 'SUCCEEDED' ? 0 : 1);
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
}
