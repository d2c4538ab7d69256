import { userRoleInputSchema, userStatusInputSchema } from '@coursecraft/contracts';
import { Router, type RequestHandler } from 'express';
import { callerOf } from '../../lib/caller';
import { validate } from '../../lib/validate';
import type { TestimonialRepository } from '../testimonials/testimonial-repository';
import type { AdminService } from './admin-service';

/** `/admin/*`: the admin console's data and actions; every route needs a current admin. */
export function adminRoutes(
  admin: AdminService,
  testimonials: TestimonialRepository,
  guards: RequestHandler[],
): Router {
  const router = Router();
  router.use('/admin', ...guards);

  router.get('/admin/dashboard', async (_req, res) => {
    res.set('cache-control', 'no-store').json(await admin.dashboard());
  });

  router.get('/admin/users', async (_req, res) => {
    res.set('cache-control', 'no-store').json(await admin.listUsers());
  });

  router.get('/admin/testimonials/pending', async (_req, res) => {
    res.set('cache-control', 'no-store').json(await testimonials.listPending());
  });

  router.put('/admin/users/:id/status', async (req, res) => {
    const { is_active } = validate(userStatusInputSchema, req.body);
    res.json(await admin.setActive(callerOf(res).uid, req.params.id, is_active));
  });

  router.put('/admin/users/:id/admin', async (req, res) => {
    const { is_admin } = validate(userRoleInputSchema, req.body);
    res.json(await admin.setAdmin(callerOf(res).uid, req.params.id, is_admin));
  });

  return router;
}
