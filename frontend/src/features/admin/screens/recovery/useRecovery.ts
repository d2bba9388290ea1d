import { useQuery } from '@tanstack/react-query';
import { fetchRecovery } from './api.ts';

export const useRecovery = () => useQuery({ queryKey: ['admin', 'recovery'], queryFn: fetchRecovery, staleTime: 0, retry: 1 });
