import type { DashboardStats, User } from '@coursecraft/contracts';
import type { UserScope } from '../../../lib/user-query';
import { dashboardStatsQueryOptions } from './get-dashboard-stats';
import { usersQueryOptions } from './get-users';

/**
 * Puts the server's copy of `updated` in the cached users list and the dashboard's recent users,
 * and moves the dashboard's active-user count by `activeDelta`.
 */
export function storeUser(scope: UserScope, updated: User, activeDelta: number): void {
  const replace = (user: User) => (user.id === updated.id ? updated : user);
  scope.setData<User[]>(usersQueryOptions().queryKey, (users) => users?.map(replace));
  scope.setData<DashboardStats>(dashboardStatsQueryOptions().queryKey, (stats) =>
    stats
      ? {
          ...stats,
          active_users: Math.min(stats.total_users, Math.max(0, stats.active_users + activeDelta)),
          recent_users: stats.recent_users.map(replace),
        }
      : stats,
  );
}
