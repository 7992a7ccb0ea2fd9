import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TestDbDto } from '../../../shared/schemas/debug';
import { api } from '../../api/http';

export const testDbQuery = queryOptions({
  queryKey: ['test-db'] as const,
  queryFn: () => api<TestDbDto>('/api/test-db'),
  staleTime: 0,
  gcTime: 0,
  retry: false,
});

export const useTestDb = () => useQuery(testDbQuery);
