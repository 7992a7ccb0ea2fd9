import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardDto } from '../../shared/schemas/dashboard';
import { api } from './http';
import { areaKeys } from './keys';

// The dashboard's numbers (/api/dashboard). Fetched again each time the dashboard
// opens (nothing keeps them fresh longer), so they follow the visits and invoices changed elsewhere.

export const dashboardQuery = () =>
  queryOptions({ queryKey: areaKeys.dashboard, queryFn: () => api<DashboardDto>('/api/dashboard'), staleTime: 0 });

export const useDashboard = () => useQuery(dashboardQuery());
