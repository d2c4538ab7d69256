import { testimonialSchema, type DashboardStats, type Testimonial } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { approvedTestimonialsQueryOptions } from '../../../lib/testimonials/get-approved-testimonials';
import { useUserScope } from '../../../lib/user-query';
import { ADMIN_TEXT } from '../admin-messages';
import { dashboardStatsQueryOptions } from './get-dashboard-stats';
import { pendingTestimonialsQueryOptions } from './get-pending-testimonials';

/** `PUT /api/testimonials/admin/{id}/approve`: approves (public) or rejects a testimonial. */
export function reviewTestimonial(testimonialId: string, approved: boolean): Promise<Testimonial> {
  return apiRequest(`/testimonials/admin/${encodeURIComponent(testimonialId)}/approve`, {
    method: 'PUT',
    body: { approved },
    schema: testimonialSchema,
  });
}

/**
 * Approves or rejects a pending testimonial: it leaves the pending list, the dashboard counts one
 * fewer pending, and an approved one joins the public list, which is refreshed. A failure is
 * only logged.
 */
export function useReviewTestimonial() {
  const scope = useUserScope();
  return useMutation({
    mutationFn: ({ testimonial, approved }: { testimonial: Testimonial; approved: boolean }) =>
      reviewTestimonial(testimonial.id, approved),
    onSuccess: (_reviewed, { testimonial, approved }) => {
      scope.setData<Testimonial[]>(pendingTestimonialsQueryOptions().queryKey, (pending) =>
        pending?.filter((item) => item.id !== testimonial.id),
      );
      scope.setData<DashboardStats>(dashboardStatsQueryOptions().queryKey, (stats) =>
        stats
          ? { ...stats, pending_testimonials: Math.max(0, stats.pending_testimonials - 1) }
          : stats,
      );
      if (approved) {
        void scope.queryClient.invalidateQueries({
          queryKey: approvedTestimonialsQueryOptions().queryKey,
        });
      }
    },
    onError: (error, { approved }) =>
      console.error(approved ? ADMIN_TEXT.approveFailed : ADMIN_TEXT.rejectFailed, error),
  });
}
