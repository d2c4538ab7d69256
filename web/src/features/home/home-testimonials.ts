import { useQuery } from '@tanstack/react-query';
import { testimonialKeys } from '../../lib/testimonial-keys';

export const HOME_TESTIMONIALS_FAILED = 'Failed to load testimonials';

/**
 * The approved testimonials the home page shows. The fetching module (with zod and the
 * contracts) is loaded on first use, so it stays out of the landing bundle.
 */
export function useHomeTestimonials() {
  return useQuery({
    queryKey: testimonialKeys.approved,
    queryFn: async ({ signal }) => {
      const { fetchHomeTestimonials } = await import('./approved-testimonials');
      return fetchHomeTestimonials(signal);
    },
  });
}
