/**
 * Query keys of the testimonials (kept free of zod so the home page can import them). The public
 * list is the same for everyone; the user's own testimonial is scoped by the session's uid.
 */
export const testimonialKeys = {
  all: ['testimonials'] as const,
  approved: ['testimonials', 'approved'] as const,
  mine: (uid: string | undefined) => ['testimonials', 'mine', uid] as const,
};
