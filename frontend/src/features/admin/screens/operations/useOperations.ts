import { useQuery } from '@tanstack/react-query';
import { fetchOperations } from './api.ts';

/** The Operations figures, refreshed every 30 s (spec section 9: polls 30 s). */
export const useOperations = () => useQuery({ queryKey: ['admin', 'operations'], queryFn: fetchOperations, staleTime: 0, refetchInterval: 30_000, retry: 1 });
