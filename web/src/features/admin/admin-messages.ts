import { SELF_DEMOTION_REFUSED } from '@coursecraft/contracts';

/** The admin dashboard's tabs, in order; the screen starts on the first. */
export const ADMIN_TABS = [
  { value: 'dashboard', label: 'Dashboard' },
  { value: 'users', label: 'User Management' },
  { value: 'testimonials', label: 'Testimonials' },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]['value'];

/** User-visible texts of the admin dashboard. */
export const ADMIN_TEXT = {
  title: 'Admin Dashboard',
  tabsLabel: 'Admin sections',
  dashboardLoadFailed: 'Failed to load dashboard data',
  usersLoadFailed: 'Failed to load users',
  pendingLoadFailed: 'Failed to load pending testimonials',
  loadingDashboard: 'Loading dashboard',
  loadingUsers: 'Loading users',
  loadingPending: 'Loading pending testimonials',
  noUsers: 'No users found in the system',
  noPending: 'No pending testimonials to review',
  noRecentUsers: 'No users yet',
  noRecentCourses: 'No courses yet',
  selfDemotionRefused: SELF_DEMOTION_REFUSED,
  /** Logged only (status toggles, reviews), or shown in the role change's dialog. */
  statusFailed: 'Failed to update user status',
  roleFailed: 'Failed to update user role',
  approveFailed: 'Failed to approve testimonial',
  rejectFailed: 'Failed to reject testimonial',
} as const;

/** Accessible names of the per-user and per-testimonial controls (e2e tests rely on them). */
export const ADMIN_LABELS = {
  activeUsers: (active: number, total: number) => `Active users: ${active} of ${total}`,
  pendingCount: (count: number) => `${count} pending`,
  rating: (rating: number) => `Rated ${rating} out of 5`,
  toggleStatus: (isActive: boolean, name: string) => `${isActive ? 'Disable' : 'Enable'} ${name}`,
  toggleRole: (isAdmin: boolean, name: string) =>
    `${isAdmin ? 'Remove Admin' : 'Make Admin'} ${name}`,
  approve: (author: string) => `Approve testimonial by ${author}`,
  reject: (author: string) => `Reject testimonial by ${author}`,
} as const;

/** The confirmation asked before a role change. */
export function roleChangeText(makeAdmin: boolean, name: string) {
  return makeAdmin
    ? {
        title: 'Make admin?',
        body: `${name} will be able to see every user, disable accounts and change roles.`,
        confirm: 'Make Admin',
      }
    : {
        title: 'Remove admin?',
        body: `${name} will no longer have access to the admin console.`,
        confirm: 'Remove Admin',
      };
}

/** The name shown for a user: first and last name, else the e-mail address. */
export function displayName(user: { first_name: string; last_name: string; email: string }) {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}

/** An ISO date as the browser's local date, or the raw text when it cannot be read. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString();
}
