import { testimonialSchema, type Testimonial, type TestimonialInput } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { approvedTestimonialsQueryOptions } from '../../../lib/testimonials/get-approved-testimonials';
import { useUserScope } from '../../../lib/user-query';
import { TESTIMONIAL_TEXT } from '../testimonial-messages';
import { myTestimonialQueryOptions } from './get-my-testimonial';

/** `PUT /api/testimonials/{id}`: any change sends the testimonial back for approval. */
export function updateTestimonial(
  testimonialId: string,
  input: Partial<TestimonialInput>,
): Promise<Testimonial> {
  return apiRequest(`/testimonials/${encodeURIComponent(testimonialId)}`, {
    method: 'PUT',
    body: input,
    schema: testimonialSchema,
  });
}

export interface TestimonialUpdate {
  /** The testimonial as it was before the change. */
  testimonial: Testimonial;
  input: Partial<TestimonialInput>;
}

/**
 * Changes the testimonial and stores the answer as the user's own; an approved one leaves the
 * public list until approved again, so that list is refreshed then.
 */
export function useUpdateTestimonial() {
  const scope = useUserScope();
  return useMutation({
    mutationFn: ({ testimonial, input }: TestimonialUpdate) =>
      updateTestimonial(testimonial.id, input),
    onSuccess: (updated, { testimonial }) => {
      scope.setData<Testimonial | null>(myTestimonialQueryOptions().queryKey, updated);
      if (testimonial.is_approved) {
        void scope.queryClient.invalidateQueries({
          queryKey: approvedTestimonialsQueryOptions().queryKey,
        });
      }
    },
    onError: (error) => console.error(TESTIMONIAL_TEXT.updateFailed, error),
  });
}
