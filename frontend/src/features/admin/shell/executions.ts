import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError } from '#web/shared/api/client.ts';
import { adminCall, type ApiAnswer, type ApiBody } from './api.ts';

/** The state machines Pipeline Control knows (the execution routes' `machine`). */
export const MACHINES = ['ingest', 'lifecycle', 'retrain', 'newsletter'] as const;
export type Machine = (typeof MACHINES)[number];
export const isMachine = (value: string): value is Machine => MACHINES.some((machine) => machine === value);

/** An execution's address names its machine: one the API does not know is not found (the server would refuse it). */
export function knownMachine(machine: string): Machine {
  if (!isMachine(machine)) throw new ApiError(404, 'Service not found - please try again later');
  return machine;
}

/** The pipeline API's answers that other screens use to start a run and follow it (Pipeline Control owns the rest). */
export type StartedExecution = Omit<ApiAnswer<'POST /admin/pipeline/executions'>, 'machine'> & { machine: string };
export type ExecutionProgress = Pick<ApiAnswer<'GET /admin/pipeline/executions/{machine}/{name}'>, 'status' | 'error' | 'cause' | 'output' | 'progress'>;

type StartBody = ApiBody<'POST /admin/pipeline/executions'>;

export const startExecution = (machine: StartBody['machine'], options: Omit<StartBody, 'machine'> = {}): Promise<StartedExecution> =>
  adminCall('POST /admin/pipeline/executions', { body: { machine, ...options } });

export const fetchExecution = (machine: string, name: string): Promise<ExecutionProgress> =>
  adminCall('GET /admin/pipeline/executions/{machine}/{name}', { params: { machine: knownMachine(machine), name } });

export const executionPath = (machine: string, name: string) => `/admin/system/pipeline/executions/${encodeURIComponent(machine)}/${encodeURIComponent(name)}`;

/** The followed runs' cache key (their progress, a subset of Pipeline Control's detail: its own key). */
export const executionKeys = {
  progress: (machine: string, name: string) => ['admin', 'execution-progress', machine, name] as const,
};

const RUNNING: ExecutionProgress = { status: 'RUNNING', progress: null };

/**
 * Polls an execution every 2 s (every 4 s after a failed look) until it ends; null while nothing is
 * followed. `onEnd` hears the ended run once per run: from the answer, not from inside the query function,
 * whose superseded look (a slow one the next interval replaced) would still finish and call it again.
 */
export function useFollowExecution(started: StartedExecution | null, onEnd?: (result: ExecutionProgress) => void): ExecutionProgress | null {
  const onEndRef = useRef(onEnd);
  onEndRef.current = onEnd;
  const query = useQuery({
    queryKey: executionKeys.progress(started?.machine ?? '', started?.name ?? ''),
    queryFn: () => fetchExecution(started?.machine ?? '', started?.name ?? ''),
    enabled: Boolean(started),
    retry: false,
    // The interval drives every look: an ended run is never asked for again.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchInterval: (current) => (current.state.data && current.state.data.status !== 'RUNNING' ? false : current.state.status === 'error' ? 4000 : 2000),
    refetchIntervalInBackground: true,
  });
  const run = started ? `${started.machine}/${started.name}` : null;
  const endedRun = useRef<string | null>(null);
  useEffect(() => {
    const current = query.data;
    if (!run || !current || current.status === 'RUNNING' || endedRun.current === run) return;
    endedRun.current = run;
    onEndRef.current?.(current);
  }, [run, query.data]);
  if (!started) return null;
  return query.data ?? RUNNING;
}
