import { dashboardStatsSchema, type DashboardStats } from '@coursecraft/contracts';
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUserQuery } from '../../../lib/user-query';

/** `GET /api/admin/dashboard`: counts and recent items. */
export function fetchDashboardStats(signal?: AbortSignal): Promise<DashboardStats> {
  return apiRequest('/admin/dashboard', { schema: dashboardStatsSchema, signal });
}

const DASHBOARD_KEY: QueryKey = ['admin', 'dashboard'];

/** The dashboard's query; its key is scoped to the admin by `useUserQuery`/`useUserScope`. */
export function dashboardStatsQueryOptions() {
  return queryOptions({
    queryKey: DASHBOARD_KEY,
    queryFn: ({ signal }) => fetchDashboardStats(signal),
  });
}

/** The dashboard's counts and recent items; admin actions update them in place. */
export function useDashboardStats() {
  const { queryKey, queryFn } = dashboardStatsQueryOptions();
  return useUserQuery({ queryKey, queryFn });
}
