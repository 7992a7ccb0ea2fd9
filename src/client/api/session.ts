import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { MeDto } from '../../shared/schemas/auth';
import { api, ApiError } from './http';
import { areaKeys } from './keys';
import { queryClient as appQueryClient } from './query-client';

export const sessionKeys = { me: areaKeys.me };

/** The signed-in user, or null when signed out. */
export const meQuery = queryOptions({
  queryKey: sessionKeys.me,
  queryFn: async (): Promise<MeDto | null> => {
    try {
      return await api<MeDto>('/api/me');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 60_000,
  retry: 1,
});

export const useMe = () => useQuery(meQuery);

/** After signing in or up: load the new user before any guard looks at the cache. */
export const refreshSession = (queryClient: QueryClient = appQueryClient) =>
  queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
