import { testimonialSchema, type Testimonial, type TestimonialInput } from '@coursecraft/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { ApiError, apiRequest } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { testimonialKeys } from '../../lib/testimonial-keys';

const messageSchema = z.object({ message: z.string() });

/** The signed-in user's testimonial, or null when they have none yet (the API answers 404). */
export async function fetchMyTestimonial(signal?: AbortSignal): Promise<Testimonial | null> {
  try {
    return await apiRequest('/testimonials/my-testimonial', { schema: testimonialSchema, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function createTestimonial(input: TestimonialInput): Promise<Testimonial> {
  return apiRequest('/testimonials', { method: 'POST', body: input, schema: testimonialSchema });
}

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

export function deleteTestimonial(testimonialId: string) {
  return apiRequest(`/testimonials/${encodeURIComponent(testimonialId)}`, {
    method: 'DELETE',
    schema: messageSchema,
  });
}

/** The signed-in user's own testimonial (null: none yet). */
export function useMyTestimonial() {
  const uid = useSession().user?.uid;
  return useQuery({
    queryKey: testimonialKeys.mine(uid),
    queryFn: ({ signal }) => fetchMyTestimonial(signal),
    enabled: uid !== undefined,
  });
}

/**
 * Writing, changing and deleting the user's testimonial. Each success stores the server's answer
 * as the user's testimonial and refreshes the public list (an edit takes it out until approved).
 */
export function useTestimonialMutations() {
  const queryClient = useQueryClient();
  const uid = useSession().user?.uid;
  const store = (testimonial: Testimonial | null) => {
    queryClient.setQueryData(testimonialKeys.mine(uid), testimonial);
    void queryClient.invalidateQueries({ queryKey: testimonialKeys.approved });
  };
  return {
    create: useMutation({ mutationFn: createTestimonial, onSuccess: store }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: string; input: Partial<TestimonialInput> }) =>
        updateTestimonial(id, input),
      onSuccess: store,
    }),
    remove: useMutation({ mutationFn: deleteTestimonial, onSuccess: () => store(null) }),
  };
}
