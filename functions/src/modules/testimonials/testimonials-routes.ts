import {
  testimonialApprovalSchema,
  testimonialInputSchema,
  testimonialUpdateSchema,
} from '@coursecraft/contracts';
import { Router } from 'express';
import { HttpError } from '../../lib/http-error';
import { validate } from '../../lib/validate';
import type { Guards } from '../../middleware/guards';
import { uidOf } from '../../middleware/request-caller';
import { TESTIMONIAL_MESSAGES, type TestimonialsService } from './testimonials-service';

const TESTIMONIAL_ID = /^[0-9a-f]{24}$/;

/** The testimonial id of the path; a malformed one is as missing as an unknown one. */
function idOf(params: { id?: string }): string {
  const id = params.id ?? '';
  if (!TESTIMONIAL_ID.test(id))
    throw new HttpError(404, 'NOT_FOUND', TESTIMONIAL_MESSAGES.notFound);
  return id;
}

/**
 * `/testimonials/*`: the approved list is public; a signed-in user writes, edits and deletes
 * their one testimonial (limited per user and address); admins list all and approve or reject.
 */
export function testimonialsRoutes(
  testimonials: TestimonialsService,
  { signedIn, admin, limit }: Guards,
): Router {
  const router = Router();

  router.get('/testimonials', async (_req, res) => {
    // Browsers ask each time; the Hosting CDN may serve one answer for up to a minute.
    res
      .set('cache-control', 'public, max-age=0, s-maxage=60')
      .json(await testimonials.listApproved());
  });

  router.get('/testimonials/my-testimonial', signedIn, async (_req, res) => {
    res.set('cache-control', 'no-store').json(await testimonials.mine(uidOf(res)));
  });

  router.post('/testimonials', signedIn, limit('testimonials'), async (req, res) => {
    const input = validate(testimonialInputSchema, req.body);
    res.status(201).json(await testimonials.write(uidOf(res), input));
  });

  router.put('/testimonials/:id', signedIn, limit('testimonials'), async (req, res) => {
    const input = validate(testimonialUpdateSchema, req.body);
    res.json(await testimonials.edit(uidOf(res), idOf(req.params), input));
  });

  router.delete('/testimonials/:id', signedIn, limit('testimonials'), async (req, res) => {
    await testimonials.remove(uidOf(res), idOf(req.params));
    res.status(204).end();
  });

  router.get('/testimonials/admin/all', signedIn, admin, async (_req, res) => {
    res.json(await testimonials.listAll());
  });

  router.put('/testimonials/admin/:id/approve', signedIn, admin, async (req, res) => {
    const { approved } = validate(testimonialApprovalSchema, req.body);
    res.json(await testimonials.review(idOf(req.params), approved));
  });

  return router;
}
