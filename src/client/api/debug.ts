import { queryOptions, useQuery } from '@tanstack/react-query';
import { areaKeys } from './keys';
import { get } from './contract';

/** /test-db's five queries, always run afresh. */
export const testDbQuery = queryOptions({
  queryKey: areaKeys.testDb,
  queryFn: () => get('/test-db'),
  staleTime: 0,
  gcTime: 0,
  retry: false,
});

export const useTestDb = () => useQuery(testDbQuery);
