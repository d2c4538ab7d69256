import { userRoleInputSchema, userStatusInputSchema } from '@coursecraft/contracts';
import { Router } from 'express';
import { validate } from '../../lib/validate';
import type { Guards } from '../../middleware/guards';
import { uidOf } from '../../middleware/request-caller';
import type { AdminService } from './admin-service';

/** The user id of the path (a route with `:id` always has one). */
const userIdOf = (params: { id?: string }): string => params.id ?? '';

/** `/admin/*`: the admin console's data and actions; every route needs a current admin. */
export function adminRoutes(adminConsole: AdminService, { signedIn, admin }: Guards): Router {
  const router = Router();

  router.get('/admin/dashboard', signedIn, admin, async (_req, res) => {
    res.set('cache-control', 'no-store').json(await adminConsole.dashboard());
  });

  router.get('/admin/users', signedIn, admin, async (_req, res) => {
    res.set('cache-control', 'no-store').json(await adminConsole.listUsers());
  });

  router.get('/admin/testimonials/pending', signedIn, admin, async (_req, res) => {
    res.set('cache-control', 'no-store').json(await adminConsole.pendingTestimonials());
  });

  router.put('/admin/users/:id/status', signedIn, admin, async (req, res) => {
    const { is_active } = validate(userStatusInputSchema, req.body);
    res.json(await adminConsole.setActive(uidOf(res), userIdOf(req.params), is_active));
  });

  router.put('/admin/users/:id/admin', signedIn, admin, async (req, res) => {
    const { is_admin } = validate(userRoleInputSchema, req.body);
    res.json(await adminConsole.setAdmin(uidOf(res), userIdOf(req.params), is_admin));
  });

  return router;
}
