import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UpcomingVisitDto } from '../../shared/schemas/visits';
import { api } from './http';

// The user's upcoming visits (spec §7): read by the dashboard card and the task
// template's 'Add to Visit' page, so it lives here rather than in either feature.
// Its key starts with the visits area's key, so any visit mutation refreshes it.

export const upcomingVisitKeys = {
  all: ['visits', 'upcoming'] as const,
  list: (limit: number) => [...upcomingVisitKeys.all, limit] as const,
};

export const upcomingVisitsQuery = (limit: number) =>
  queryOptions({
    queryKey: upcomingVisitKeys.list(limit),
    queryFn: () => api<{ items: UpcomingVisitDto[] }>(`/api/visits/upcoming?limit=${limit}`),
  });

export const useUpcomingVisits = (limit: number) => useQuery(upcomingVisitsQuery(limit));
