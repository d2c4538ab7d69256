import { testimonialSchema, type Testimonial } from '@coursecraft/contracts';
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { useUserQuery } from '../../../lib/user-query';

/** `GET /api/testimonials/my-testimonial`; null when the user has none yet (the API's 404). */
export async function fetchMyTestimonial(signal?: AbortSignal): Promise<Testimonial | null> {
  try {
    return await apiRequest('/testimonials/my-testimonial', { schema: testimonialSchema, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

const MY_TESTIMONIAL_KEY: QueryKey = ['testimonials', 'mine'];

/** The user's own testimonial; its key is scoped to the user by `useUserQuery`/`useUserScope`. */
export function myTestimonialQueryOptions() {
  return queryOptions({
    queryKey: MY_TESTIMONIAL_KEY,
    queryFn: ({ signal }) => fetchMyTestimonial(signal),
  });
}

/** The signed-in user's own testimonial (null: none yet). */
export function useMyTestimonial() {
  const { queryKey, queryFn } = myTestimonialQueryOptions();
  return useUserQuery({ queryKey, queryFn });
}
