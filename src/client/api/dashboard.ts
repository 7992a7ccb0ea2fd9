import { queryOptions, useQuery } from '@tanstack/react-query';
import { areaKeys } from './keys';
import { get } from './contract';

// The dashboard's numbers (/api/dashboard). Fetched again each time the dashboard
// opens (nothing keeps them fresh longer), so they follow the visits and invoices changed elsewhere.

export const dashboardQuery = () =>
  queryOptions({ queryKey: areaKeys.dashboard, queryFn: () => get('/dashboard'), staleTime: 0 });

export const useDashboard = () => useQuery(dashboardQuery());
