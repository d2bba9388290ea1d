import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getExecution,
  listExecutions,
  listOpenAlerts,
  listSchedules,
  redriveExecution,
  resolveAlert,
  setSchedulePaused,
  startExecution,
  stopExecution,
  type ExecutionFilters,
  type StartRequest,
} from './api.ts';

/** While anything runs, the screen looks again every few seconds; otherwise it waits for the user. */
export const RUNNING_REFRESH_MS = 3000;

const keys = {
  all: ['pipeline'] as const,
  executions: (filters: ExecutionFilters, cursor: string | undefined) => ['pipeline', 'executions', filters, cursor ?? ''] as const,
  execution: (machine: string, name: string) => ['pipeline', 'execution', machine, name] as const,
  schedules: ['pipeline', 'schedules'] as const,
  alerts: ['pipeline', 'alerts'] as const,
};

/** One page of executions; refreshes itself while any execution on the page is running. */
export function useExecutions(filters: ExecutionFilters, cursor: string | undefined) {
  return useQuery({
    queryKey: keys.executions(filters, cursor),
    queryFn: () => listExecutions(filters, cursor),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.status === 'RUNNING') ? RUNNING_REFRESH_MS : false),
  });
}

/** One execution with its timeline; refreshes itself until it has ended. */
export function useExecution(machine: string, name: string) {
  return useQuery({
    queryKey: keys.execution(machine, name),
    queryFn: () => getExecution(machine, name),
    refetchInterval: (query) => (query.state.data?.status === 'RUNNING' ? RUNNING_REFRESH_MS / 2 : false),
  });
}

export function useSchedules() {
  return useQuery({ queryKey: keys.schedules, queryFn: listSchedules });
}

export function useOpenAlerts() {
  return useQuery({ queryKey: keys.alerts, queryFn: listOpenAlerts });
}

/** Mutations refresh every Pipeline Control query they may have changed. */
export function usePipelineActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: keys.all });
  return {
    start: useMutation({ mutationFn: (request: StartRequest) => startExecution(request), onSuccess: refresh }),
    stop: useMutation({ mutationFn: ({ machine, name }: { machine: string; name: string }) => stopExecution(machine, name), onSuccess: refresh }),
    redrive: useMutation({ mutationFn: ({ machine, name }: { machine: string; name: string }) => redriveExecution(machine, name), onSuccess: refresh }),
    pause: useMutation({ mutationFn: ({ name, paused }: { name: string; paused: boolean }) => setSchedulePaused(name, paused), onSuccess: refresh }),
    resolve: useMutation({ mutationFn: (id: string) => resolveAlert(id), onSuccess: refresh }),
  };
}
