import type { Testimonial } from '@coursecraft/contracts';
import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/**
 * `GET /api/testimonials` (public, newest first), keeping what the home page shows: approved
 * testimonials rated at least HOME_MIN_RATING. The contracts, and zod with them, are imported
 * on the first call, so the landing page does not load them before it is interactive.
 */
export async function fetchApprovedTestimonials(signal?: AbortSignal): Promise<Testimonial[]> {
  const { HOME_MIN_RATING, testimonialSchema } = await import('@coursecraft/contracts');
  const approved = await apiRequest('/testimonials', { schema: testimonialSchema.array(), signal });
  return approved.filter(
    (testimonial) => testimonial.is_approved && testimonial.rating >= HOME_MIN_RATING,
  );
}

const APPROVED_TESTIMONIALS_KEY: QueryKey = ['testimonials', 'approved'];

/** The public list, the same for everyone; writes that can change it invalidate this key. */
export function approvedTestimonialsQueryOptions() {
  return queryOptions({
    queryKey: APPROVED_TESTIMONIALS_KEY,
    queryFn: ({ signal }) => fetchApprovedTestimonials(signal),
  });
}

export function useApprovedTestimonials() {
  return useQuery(approvedTestimonialsQueryOptions());
}
