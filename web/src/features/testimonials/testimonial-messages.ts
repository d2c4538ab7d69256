import type { TestimonialStatus } from '@coursecraft/contracts';

/**
 * User-visible texts of the testimonial panel (/write-review). The blank-quote message is the
 * contract's QUOTE_REQUIRED, shown from the schema's validation error.
 */
export const TESTIMONIAL_TEXT = {
  loadFailed: 'Failed to load your testimonial.',
  empty: "You haven't shared a testimonial yet.",
  emptyHint: 'Tell other authors what Coursecraft did for you.',
  add: 'Add Your Testimonial',
  submitFailed: 'Failed to submit testimonial',
  updateFailed: 'Failed to update testimonial',
  deleteFailed: 'Failed to delete testimonial',
  submitted: 'Thank you! Your testimonial was submitted for approval.',
  updated: 'Your testimonial was updated and resubmitted for approval.',
  deleted: 'Your testimonial was deleted.',
  deleteConfirm: 'Are you sure you want to delete your testimonial?',
  rejectedHint: 'Edit your testimonial to resubmit it for approval.',
} as const;

/** The status line of the user's own testimonial. */
export const STATUS_TEXT: Record<TestimonialStatus, string> = {
  approved: 'Approved and public',
  pending: 'Pending approval',
  rejected: 'Not approved',
};

/** Accessible names of the form's fields (Playwright relies on them). */
export const FIELD_LABELS = {
  quote: 'Your testimonial',
  rating: 'Rating',
} as const;

/** The form's success message shows this long, then the form closes. */
export const SUCCESS_CLOSE_MS = 3000;
