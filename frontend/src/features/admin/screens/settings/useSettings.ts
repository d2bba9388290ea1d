import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchSettings, saveSettings, type SettingsValues } from './api.ts';

const key = ['admin', 'settings'] as const;

export function useSettings() {
  return useQuery({ queryKey: key, queryFn: fetchSettings, staleTime: 0, retry: 1, meta: { errorToast: 'Failed to load system configuration data' } });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ version, values }: { version: number; values: SettingsValues }) => saveSettings(version, values),
    onSuccess: (data) => queryClient.setQueryData(key, data),
  });
}
