import { HOME_MIN_RATING, testimonialSchema, type Testimonial } from '@coursecraft/contracts';
import * as z from 'zod';
import { apiRequest } from '../../lib/api-client';

/** What the home page shows: approved testimonials rated at least HOME_MIN_RATING. */
export function homeTestimonials(testimonials: Testimonial[]): Testimonial[] {
  return testimonials.filter(
    (testimonial) => testimonial.is_approved && testimonial.rating >= HOME_MIN_RATING,
  );
}

/** `GET /api/testimonials` (public, approved only, newest first), filtered for the home page. */
export async function fetchHomeTestimonials(signal?: AbortSignal): Promise<Testimonial[]> {
  const approved = await apiRequest('/testimonials', {
    schema: z.array(testimonialSchema),
    signal,
  });
  return homeTestimonials(approved);
}
