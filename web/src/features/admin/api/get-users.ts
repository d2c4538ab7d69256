import { userSchema, type User } from '@coursecraft/contracts';
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUserQuery } from '../../../lib/user-query';

/** `GET /api/admin/users`: every user. */
export function fetchUsers(signal?: AbortSignal): Promise<User[]> {
  return apiRequest('/admin/users', { schema: userSchema.array(), signal });
}

const USERS_KEY: QueryKey = ['admin', 'users'];

/** Loaded once, then kept up to date by the admin's own changes, so never stale. */
export function usersQueryOptions() {
  return queryOptions({
    queryKey: USERS_KEY,
    queryFn: ({ signal }) => fetchUsers(signal),
    staleTime: Infinity,
  });
}

/** Every user; the User Management tab calls it when first opened. */
export function useAdminUsers() {
  const { queryKey, queryFn, staleTime } = usersQueryOptions();
  return useUserQuery({ queryKey, queryFn, staleTime });
}
