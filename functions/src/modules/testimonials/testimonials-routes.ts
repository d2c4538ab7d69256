import {
  testimonialApprovalSchema,
  testimonialSchema,
  testimonialInputSchema,
  testimonialUpdateSchema,
} from '@coursecraft/contracts';
import { Router, type Request, type Response } from 'express';
import { HttpError } from '../../lib/http-error';
import { validate } from '../../lib/validate';
import type { Guards } from '../../middleware/guards';
import { callerOf } from '../../middleware/request-caller';
import { testimonialIdOf, type TestimonialRepository } from './testimonial-repository';

export const TESTIMONIAL_MESSAGES = {
  notFound: 'Testimonial not found',
  alreadyWritten: 'You already have a testimonial. Edit it instead.',
  deleted: 'Testimonial deleted',
} as const;

const TESTIMONIAL_ID = /^[0-9a-f]{24}$/;

/** The testimonial id of the path; a malformed one is as missing as an unknown one. */
function idOf(req: Request): string {
  const id = (req.params as { id?: string }).id ?? '';
  if (!TESTIMONIAL_ID.test(id)) throw new HttpError(404, TESTIMONIAL_MESSAGES.notFound);
  return id;
}

export interface TestimonialsDependencies {
  testimonials: TestimonialRepository;
  /** The caller's name as testimonials show it. */
  authorName: (uid: string) => Promise<string>;
}

/**
 * `/testimonials/*`: the approved list is public; a signed-in user writes, edits and deletes
 * their one testimonial; admins list all and approve or reject.
 */
export function testimonialsRoutes(
  { testimonials, authorName }: TestimonialsDependencies,
  { signedIn, admin }: Guards,
): Router {
  const router = Router();

  /** The caller's own testimonial named by the path; anyone else's looks missing. */
  async function ownTestimonial(req: Request, res: Response): Promise<string> {
    const id = idOf(req);
    const found = id === testimonialIdOf(callerOf(res).uid) ? await testimonials.find(id) : null;
    if (!found) throw new HttpError(404, TESTIMONIAL_MESSAGES.notFound);
    return id;
  }

  router.get('/testimonials', async (_req, res) => {
    // Browsers ask each time; the Hosting CDN may serve one answer for up to a minute.
    res
      .set('cache-control', 'public, max-age=0, s-maxage=60')
      .json(await testimonials.listApproved());
  });

  router.get('/testimonials/my-testimonial', signedIn, async (_req, res) => {
    const own = await testimonials.find(testimonialIdOf(callerOf(res).uid));
    if (!own) throw new HttpError(404, TESTIMONIAL_MESSAGES.notFound);
    res.set('cache-control', 'no-store').json(testimonialSchema.parse(own));
  });

  router.post('/testimonials', signedIn, async (req, res) => {
    const input = validate(testimonialInputSchema, req.body);
    const { uid } = callerOf(res);
    const created = await testimonials.create(uid, { ...input, author: await authorName(uid) });
    if (!created) throw new HttpError(409, TESTIMONIAL_MESSAGES.alreadyWritten);
    res.status(201).json(created);
  });

  router.put('/testimonials/:id', signedIn, async (req, res) => {
    const input = validate(testimonialUpdateSchema, req.body);
    const id = await ownTestimonial(req, res);
    const author = await authorName(callerOf(res).uid);
    res.json(await testimonials.update(id, { ...input, author }));
  });

  router.delete('/testimonials/:id', signedIn, async (req, res) => {
    await testimonials.delete(await ownTestimonial(req, res));
    res.json({ message: TESTIMONIAL_MESSAGES.deleted });
  });

  router.get('/testimonials/admin/all', signedIn, admin, async (_req, res) => {
    res.json(await testimonials.listAll());
  });

  router.put('/testimonials/admin/:id/approve', signedIn, admin, async (req, res) => {
    const { approved } = validate(testimonialApprovalSchema, req.body);
    const id = idOf(req);
    if (!(await testimonials.find(id))) throw new HttpError(404, TESTIMONIAL_MESSAGES.notFound);
    res.json(await testimonials.setStatus(id, approved ? 'approved' : 'rejected'));
  });

  return router;
}
