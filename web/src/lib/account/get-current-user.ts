import { userSchema, type User } from '@coursecraft/contracts';
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { useUserQuery, useUserScope } from '../user-query';

/** `GET /api/auth/me`: the signed-in user's profile. */
export function fetchCurrentUser(signal?: AbortSignal): Promise<User> {
  return apiRequest('/auth/me', { schema: userSchema, signal });
}

const CURRENT_USER_KEY: QueryKey = ['current-user'];

/** The profile's query; its key is scoped to the user by `useUserQuery`/`useUserScope`. */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: CURRENT_USER_KEY,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
  });
}

/** The signed-in user's profile, cached per user. */
export function useCurrentUser() {
  const { queryKey, queryFn } = currentUserQueryOptions();
  return useUserQuery({ queryKey, queryFn });
}

/** Reads the profile when needed: from the cache if there, else from the API (then cached). */
export function useReadCurrentUser(): () => Promise<User> {
  const scope = useUserScope();
  return () => {
    const options = currentUserQueryOptions();
    return scope.queryClient.ensureQueryData({ ...options, queryKey: scope.key(options.queryKey) });
  };
}
