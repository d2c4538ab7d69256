import { testimonialSchema, type Testimonial } from '@coursecraft/contracts';
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUserQuery } from '../../../lib/user-query';

/** `GET /api/admin/testimonials/pending`: the testimonials awaiting review. */
export function fetchPendingTestimonials(signal?: AbortSignal): Promise<Testimonial[]> {
  return apiRequest('/admin/testimonials/pending', {
    schema: testimonialSchema.array(),
    signal,
  });
}

const PENDING_KEY: QueryKey = ['admin', 'testimonials', 'pending'];

/** Loaded once, then kept up to date by the admin's reviews, so never stale. */
export function pendingTestimonialsQueryOptions() {
  return queryOptions({
    queryKey: PENDING_KEY,
    queryFn: ({ signal }) => fetchPendingTestimonials(signal),
    staleTime: Infinity,
  });
}

/** The testimonials awaiting review; the Testimonials tab calls it when first opened. */
export function usePendingTestimonials() {
  const { queryKey, queryFn, staleTime } = pendingTestimonialsQueryOptions();
  return useUserQuery({ queryKey, queryFn, staleTime });
}
