import { useEffect, useState } from 'react';
import { adminGet, adminPost, type ApiAnswer } from './api.ts';

/** The pipeline API's answers that other screens use to start a run and follow it (Pipeline Control owns the rest). */
export type StartedExecution = Omit<ApiAnswer<'POST /admin/pipeline/executions'>, 'machine'> & { machine: string };
export type ExecutionProgress = Pick<ApiAnswer<'GET /admin/pipeline/executions/{machine}/{name}'>, 'status' | 'error' | 'cause' | 'output' | 'progress'>;

export const startExecution = (machine: string, options: Record<string, unknown> = {}) =>
  adminPost<StartedExecution>('/admin/pipeline/executions', { machine, ...options });

export const fetchExecution = (machine: string, name: string) =>
  adminGet<ExecutionProgress>(`/admin/pipeline/executions/${encodeURIComponent(machine)}/${encodeURIComponent(name)}`);

export const executionPath = (machine: string, name: string) => `/admin/system/pipeline/executions/${encodeURIComponent(machine)}/${encodeURIComponent(name)}`;

/** Polls an execution every 2 s until it ends; null while nothing is followed. */
export function useFollowExecution(started: StartedExecution | null, onEnd?: (result: ExecutionProgress) => void) {
  const [state, setState] = useState<ExecutionProgress | null>(null);
  useEffect(() => {
    if (!started) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const current = await fetchExecution(started.machine, started.name);
        if (stopped) return;
        setState(current);
        if (current.status === 'RUNNING') timer = setTimeout(() => void poll(), 2000);
        else onEnd?.(current);
      } catch {
        if (!stopped) timer = setTimeout(() => void poll(), 4000);
      }
    };
    setState({ status: 'RUNNING', progress: null });
    void poll();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
    // Follows one execution; onEnd is read when it ends.
  }, [started?.executionArn]);
  return state;
}
