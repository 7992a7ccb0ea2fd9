import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TestDbDto } from '../../shared/schemas/debug';
import { api } from './http';
import { areaKeys } from './keys';

/** /test-db's five queries, always run afresh. */
export const testDbQuery = queryOptions({
  queryKey: areaKeys.testDb,
  queryFn: () => api<TestDbDto>('/api/test-db'),
  staleTime: 0,
  gcTime: 0,
  retry: false,
});

export const useTestDb = () => useQuery(testDbQuery);
