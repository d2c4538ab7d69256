import { testimonialSchema, type Testimonial, type TestimonialInput } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUserScope } from '../../../lib/user-query';
import { TESTIMONIAL_TEXT } from '../testimonial-messages';
import { myTestimonialQueryOptions } from './get-my-testimonial';

/** `POST /api/testimonials`: the user's testimonial, pending until an admin approves it. */
export function createTestimonial(input: TestimonialInput): Promise<Testimonial> {
  return apiRequest('/testimonials', { method: 'POST', body: input, schema: testimonialSchema });
}

/** Writes the testimonial and stores the answer as the user's own (the public list is unchanged). */
export function useCreateTestimonial() {
  const scope = useUserScope();
  return useMutation({
    mutationFn: createTestimonial,
    onSuccess: (created) =>
      scope.setData<Testimonial | null>(myTestimonialQueryOptions().queryKey, created),
    onError: (error) => console.error(TESTIMONIAL_TEXT.submitFailed, error),
  });
}
