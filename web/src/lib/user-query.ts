import {
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { useSession } from './session';

/**
 * The cache key of data that belongs to one signed-in user: it starts with their uid, so an
 * answer fetched for one user can never show for another (the cache is also cleared when the
 * user changes, but a request in flight could land after that).
 */
export function userKey(uid: string | undefined, key: QueryKey): QueryKey {
  return ['user', uid ?? null, ...key];
}

export interface UserScope {
  uid: string | undefined;
  /** `key` scoped to the signed-in user. */
  key: (key: QueryKey) => QueryKey;
  queryClient: QueryClient;
  /** Marks every query under `key` (scoped to the user) stale and refetches the active ones. */
  invalidate: (key: QueryKey, options?: { exact?: boolean }) => Promise<void>;
  /** Reads the user's cached data under `key`. */
  getData: <T>(key: QueryKey) => T | undefined;
  /** Replaces (or patches, with a function) the user's cached data under `key`. */
  setData: <T>(key: QueryKey, data: T | ((current: T | undefined) => T | undefined)) => void;
  /** Drops the user's cached data under `key` and below. */
  remove: (key: QueryKey) => void;
}

/** The signed-in user's corner of the query cache: keys, reads, writes and invalidation. */
export function useUserScope(): UserScope {
  const uid = useSession().user?.uid;
  const queryClient = useQueryClient();
  const key = (k: QueryKey) => userKey(uid, k);
  return {
    uid,
    key,
    queryClient,
    invalidate: (k, options) =>
      queryClient.invalidateQueries({ queryKey: key(k), exact: options?.exact }),
    getData: <T>(k: QueryKey) => queryClient.getQueryData<T>(key(k)),
    setData: (k, data) => {
      queryClient.setQueryData(key(k), data);
    },
    remove: (k) => queryClient.removeQueries({ queryKey: key(k) }),
  };
}

/**
 * Options of `useQuery` (or a `queryOptions(...)` object) for the user's data; `enabled`, when
 * given, is honoured on top of the session (a signed-in user is always required).
 */
type UserQueryOptions<TQueryFnData, TData> = UseQueryOptions<TQueryFnData, Error, TData>;

/** `useQuery` for the signed-in user's data: the key is scoped to them and nothing is fetched without a session. */
export function useUserQuery<TQueryFnData, TData = TQueryFnData>(
  options: UserQueryOptions<TQueryFnData, TData>,
) {
  const uid = useSession().user?.uid;
  return useQuery<TQueryFnData, Error, TData>({
    ...options,
    queryKey: userKey(uid, options.queryKey),
    enabled: uid === undefined ? false : (options.enabled ?? true),
  });
}
