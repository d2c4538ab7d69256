import * as z from 'zod';

/** Longest testimonial quote accepted. */
export const QUOTE_MAX_LENGTH = 1000;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** The star picker's starting value. */
export const DEFAULT_RATING = 5;
/** The home page shows approved testimonials rated at least this. */
export const HOME_MIN_RATING = 4;
export const QUOTE_REQUIRED = 'Please enter your testimonial';

/** pending until an admin approves (public) or rejects it; any edit makes it pending again. */
export const testimonialStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export type TestimonialStatus = z.infer<typeof testimonialStatusSchema>;

/** A testimonial as the API answers it; `author` is the writer's name. */
export const testimonialSchema = z.object({
  id: z.string(),
  quote: z.string(),
  rating: z.number().int().min(RATING_MIN).max(RATING_MAX),
  author: z.string(),
  is_approved: z.boolean(),
  status: testimonialStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

const quoteSchema = z
  .string()
  .trim()
  .min(1, QUOTE_REQUIRED)
  .max(QUOTE_MAX_LENGTH, `Testimonial must be at most ${QUOTE_MAX_LENGTH} characters`);
const ratingSchema = z
  .number()
  .int('Rating must be a whole number from 1 to 5')
  .min(RATING_MIN, 'Rating must be a whole number from 1 to 5')
  .max(RATING_MAX, 'Rating must be a whole number from 1 to 5');

/** `POST /api/testimonials`. */
export const testimonialInputSchema = z.object({
  quote: quoteSchema,
  rating: ratingSchema.default(DEFAULT_RATING),
});
export type TestimonialInput = z.input<typeof testimonialInputSchema>;

/** `PUT /api/testimonials/{id}`: either or both. */
export const testimonialUpdateSchema = z.object({
  quote: quoteSchema.optional(),
  rating: ratingSchema.optional(),
});

/** `PUT /api/testimonials/admin/{id}/approve`. */
export const testimonialApprovalSchema = z.object({ approved: z.boolean() });
