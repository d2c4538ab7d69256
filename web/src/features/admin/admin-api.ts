import {
  dashboardStatsSchema,
  testimonialSchema,
  userSchema,
  type DashboardStats,
  type Testimonial,
  type User,
} from '@coursecraft/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '../../lib/api-client';
import { testimonialKeys } from '../../lib/testimonial-keys';
import { useSession } from '../../lib/session';

/** Query keys of the admin screens; the session's uid scopes them to one admin. */
export const adminKeys = {
  dashboard: (uid: string | undefined) => ['admin', uid, 'dashboard'] as const,
  users: (uid: string | undefined) => ['admin', uid, 'users'] as const,
  pendingTestimonials: (uid: string | undefined) =>
    ['admin', uid, 'testimonials', 'pending'] as const,
};

export function fetchDashboardStats(signal?: AbortSignal): Promise<DashboardStats> {
  return apiRequest('/admin/dashboard', { schema: dashboardStatsSchema, signal });
}

export function fetchUsers(signal?: AbortSignal): Promise<User[]> {
  return apiRequest('/admin/users', { schema: z.array(userSchema), signal });
}

export function fetchPendingTestimonials(signal?: AbortSignal): Promise<Testimonial[]> {
  return apiRequest('/admin/testimonials/pending', { schema: z.array(testimonialSchema), signal });
}

export function setUserActive(userId: string, isActive: boolean): Promise<User> {
  return apiRequest(`/admin/users/${encodeURIComponent(userId)}/status`, {
    method: 'PUT',
    body: { is_active: isActive },
    schema: userSchema,
  });
}

export function setUserAdmin(userId: string, isAdmin: boolean): Promise<User> {
  return apiRequest(`/admin/users/${encodeURIComponent(userId)}/admin`, {
    method: 'PUT',
    body: { is_admin: isAdmin },
    schema: userSchema,
  });
}

/** Approves (public) or rejects a pending testimonial. */
export function reviewTestimonial(testimonialId: string, approved: boolean): Promise<Testimonial> {
  return apiRequest(`/testimonials/admin/${encodeURIComponent(testimonialId)}/approve`, {
    method: 'PUT',
    body: { approved },
    schema: testimonialSchema,
  });
}

/** The dashboard's counts and recent items. */
export function useDashboardStats() {
  const uid = useSession().user?.uid;
  return useQuery({
    queryKey: adminKeys.dashboard(uid),
    queryFn: ({ signal }) => fetchDashboardStats(signal),
    enabled: uid !== undefined,
  });
}

/**
 * Every user, loaded once when `enabled` first holds (the User Management tab is opened); after
 * that the list is kept up to date locally.
 */
export function useAdminUsers(enabled: boolean) {
  const uid = useSession().user?.uid;
  return useQuery({
    queryKey: adminKeys.users(uid),
    queryFn: ({ signal }) => fetchUsers(signal),
    enabled: enabled && uid !== undefined,
    staleTime: Infinity,
  });
}

/** The testimonials awaiting review, loaded like `useAdminUsers`. */
export function usePendingTestimonials(enabled: boolean) {
  const uid = useSession().user?.uid;
  return useQuery({
    queryKey: adminKeys.pendingTestimonials(uid),
    queryFn: ({ signal }) => fetchPendingTestimonials(signal),
    enabled: enabled && uid !== undefined,
    staleTime: Infinity,
  });
}

/** Puts the server's copy of `updated` in the users list and the dashboard's recent users. */
function storeUser(
  queryClient: QueryClient,
  uid: string | undefined,
  updated: User,
  activeDelta: number,
) {
  const replace = (user: User) => (user.id === updated.id ? updated : user);
  queryClient.setQueryData<User[]>(adminKeys.users(uid), (users) => users?.map(replace));
  queryClient.setQueryData<DashboardStats>(adminKeys.dashboard(uid), (stats) =>
    stats
      ? {
          ...stats,
          active_users: Math.min(stats.total_users, Math.max(0, stats.active_users + activeDelta)),
          recent_users: stats.recent_users.map(replace),
        }
      : stats,
  );
}

/**
 * The admin's changes. Each success updates the cached lists and dashboard counts locally;
 * failures are left to the caller.
 */
export function useAdminMutations() {
  const queryClient = useQueryClient();
  const uid = useSession().user?.uid;
  return {
    /** Enables or disables `user`; the dashboard's active-user count follows. */
    setActive: useMutation({
      mutationFn: ({ user, isActive }: { user: User; isActive: boolean }) =>
        setUserActive(user.id, isActive),
      onSuccess: (updated, { user }) =>
        storeUser(queryClient, uid, updated, Number(updated.is_active) - Number(user.is_active)),
    }),
    /** Grants or removes `user`'s admin rights. */
    setAdmin: useMutation({
      mutationFn: ({ user, isAdmin }: { user: User; isAdmin: boolean }) =>
        setUserAdmin(user.id, isAdmin),
      onSuccess: (updated) => storeUser(queryClient, uid, updated, 0),
    }),
    /** Approves or rejects a pending testimonial, which then leaves the pending list. */
    review: useMutation({
      mutationFn: ({ testimonial, approved }: { testimonial: Testimonial; approved: boolean }) =>
        reviewTestimonial(testimonial.id, approved),
      onSuccess: (_reviewed, { testimonial }) => {
        queryClient.setQueryData<Testimonial[]>(adminKeys.pendingTestimonials(uid), (pending) =>
          pending?.filter((item) => item.id !== testimonial.id),
        );
        queryClient.setQueryData<DashboardStats>(adminKeys.dashboard(uid), (stats) =>
          stats
            ? { ...stats, pending_testimonials: Math.max(0, stats.pending_testimonials - 1) }
            : stats,
        );
        // The home page's list changes when one is approved.
        void queryClient.invalidateQueries({ queryKey: testimonialKeys.approved });
      },
    }),
  };
}
