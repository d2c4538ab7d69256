import type { Testimonial } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiNoContent } from '../../../lib/api-client';
import { approvedTestimonialsQueryOptions } from '../../../lib/testimonials/get-approved-testimonials';
import { useUserScope } from '../../../lib/user-query';
import { TESTIMONIAL_TEXT } from '../testimonial-messages';
import { myTestimonialQueryOptions } from './get-my-testimonial';

/** `DELETE /api/testimonials/{id}`. */
export function deleteTestimonial(testimonialId: string) {
  return apiNoContent(`/testimonials/${encodeURIComponent(testimonialId)}`, { method: 'DELETE' });
}

/**
 * Deletes `testimonial`: the user has none afterwards, and an approved one leaves the public
 * list, which is refreshed then.
 */
export function useDeleteTestimonial() {
  const scope = useUserScope();
  return useMutation({
    mutationFn: (testimonial: Testimonial) => deleteTestimonial(testimonial.id),
    onSuccess: (_answer, testimonial) => {
      scope.setData<Testimonial | null>(myTestimonialQueryOptions().queryKey, null);
      if (testimonial.is_approved) {
        void scope.queryClient.invalidateQueries({
          queryKey: approvedTestimonialsQueryOptions().queryKey,
        });
      }
    },
    onError: (error) => console.error(TESTIMONIAL_TEXT.deleteFailed, error),
  });
}
