import * as z from 'zod';
import { userSchema } from './user';

/** How many recent courses and users the dashboard lists. */
export const DASHBOARD_RECENT_COURSES = 3;
export const DASHBOARD_RECENT_USERS = 5;

/** `GET /api/admin/dashboard` (the admin dashboard's counts and recent items). */
export const dashboardStatsSchema = z.object({
  total_users: z.number().int(),
  active_users: z.number().int(),
  total_courses: z.number().int(),
  recent_courses: z.array(z.object({ id: z.string(), name: z.string(), created_at: z.string() })),
  total_testimonials: z.number().int(),
  pending_testimonials: z.number().int(),
  recent_users: z.array(userSchema),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** `PUT /api/admin/users/{id}/status`. */
export const userStatusInputSchema = z.object({ is_active: z.boolean() });
/** `PUT /api/admin/users/{id}/admin`. */
export const userRoleInputSchema = z.object({ is_admin: z.boolean() });

export const SELF_DEMOTION_REFUSED = 'You cannot remove your own admin privileges!';
export const SELF_DISABLE_REFUSED = 'You cannot disable your own account.';
export const UNVERIFIED_ADMIN_REFUSED =
  'This account has not verified its e-mail address yet. Only accounts with a verified e-mail can be made admin.';
