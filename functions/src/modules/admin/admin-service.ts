import {
  DASHBOARD_RECENT_COURSES,
  DASHBOARD_RECENT_USERS,
  SELF_DEMOTION_REFUSED,
  SELF_DISABLE_REFUSED,
  UNVERIFIED_ADMIN_REFUSED,
  type DashboardStats,
  type Testimonial,
  type User,
} from '@coursecraft/contracts';
import type { Auth, UserRecord } from 'firebase-admin/auth';
import { firebaseErrorCode } from '../../lib/firebase-error';
import { HttpError } from '../../lib/http-error';
import type { AdminProfile, AdminRepository } from './admin-repository';

export const USER_NOT_FOUND = 'User not found';
/** The user list shows at most this many accounts, newest first. */
export const USER_LIST_LIMIT = 1000;
/** Auth's `getUsers` takes at most 100 identifiers a call. */
const AUTH_BATCH = 100;

/** What the console needs of the testimonials module; `app.ts` wires it to its service. */
export interface TestimonialModeration {
  counts(): Promise<{ total: number; pending: number }>;
  listPending(): Promise<Testimonial[]>;
}

export interface AdminDependencies {
  /** Firebase Auth: account status and the `admin` claim live there. */
  auth: () => Auth;
  adminRepository: AdminRepository;
  testimonials: TestimonialModeration;
}

/**
 * A user as admins see them: names from the profile, status and role from Auth (the source of
 * truth: a disabled account cannot sign in; admin rights are the custom claim).
 */
function toAdminUser(profile: AdminProfile, record: UserRecord | undefined): User {
  return {
    id: profile.id,
    first_name: profile.first_name,
    last_name: profile.last_name,
    email: profile.email || (record?.email ?? ''),
    is_admin: record?.customClaims?.admin === true,
    is_active: record ? !record.disabled : profile.is_active,
    created_at: profile.created_at,
    has_api_key: profile.has_api_key,
  };
}

/** The admin console: dashboard figures, the user list, and disabling or promoting users. */
export function adminService({ auth, adminRepository: users, testimonials }: AdminDependencies) {
  async function authRecords(uids: string[]): Promise<Map<string, UserRecord>> {
    const records = new Map<string, UserRecord>();
    for (let start = 0; start < uids.length; start += AUTH_BATCH) {
      const batch = uids.slice(start, start + AUTH_BATCH).map((uid) => ({ uid }));
      const { users: found } = await auth().getUsers(batch);
      for (const record of found) records.set(record.uid, record);
    }
    return records;
  }

  async function withAuth(profiles: AdminProfile[]): Promise<User[]> {
    const records = await authRecords(profiles.map((profile) => profile.id));
    return profiles.map((profile) => toAdminUser(profile, records.get(profile.id)));
  }

  async function recordOf(uid: string): Promise<UserRecord> {
    try {
      return await auth().getUser(uid);
    } catch (error) {
      const code = firebaseErrorCode(error);
      if (code === 'auth/user-not-found' || code === 'auth/invalid-uid') {
        throw new HttpError(404, 'NOT_FOUND', USER_NOT_FOUND);
      }
      throw error;
    }
  }

  async function userOf(uid: string): Promise<User> {
    const profile = await users.findProfile(uid);
    const [found] = profile ? await withAuth([profile]) : [];
    if (!found) throw new HttpError(404, 'NOT_FOUND', USER_NOT_FOUND);
    return found;
  }

  return {
    /** Counts by aggregation queries; only the few recent items are read. */
    async dashboard(): Promise<DashboardStats> {
      const [userCounts, totalCourses, recentCourses, recentUsers, testimonialCounts] =
        await Promise.all([
          users.countUsers(),
          users.countCourses(),
          users.recentCourses(DASHBOARD_RECENT_COURSES),
          users.listProfiles(DASHBOARD_RECENT_USERS),
          testimonials.counts(),
        ]);
      return {
        total_users: userCounts.total,
        active_users: userCounts.active,
        total_courses: totalCourses,
        recent_courses: recentCourses,
        total_testimonials: testimonialCounts.total,
        pending_testimonials: testimonialCounts.pending,
        recent_users: await withAuth(recentUsers),
      };
    },

    async listUsers(): Promise<User[]> {
      return withAuth(await users.listProfiles(USER_LIST_LIMIT));
    },

    pendingTestimonials: (): Promise<Testimonial[]> => testimonials.listPending(),

    /**
     * Disabling blocks sign-in and revokes the user's tokens, so their next request is refused;
     * the profile's `is_active` follows for the dashboard's count.
     */
    async setActive(actorUid: string, uid: string, isActive: boolean): Promise<User> {
      if (uid === actorUid && !isActive)
        throw new HttpError(400, 'VALIDATION', SELF_DISABLE_REFUSED);
      await recordOf(uid);
      await auth().updateUser(uid, { disabled: !isActive });
      if (!isActive) await auth().revokeRefreshTokens(uid);
      await users.setActive(uid, isActive);
      return userOf(uid);
    },

    /**
     * Grants or revokes the `admin` claim, keeping the user's other claims. Only an account whose
     * e-mail is verified can be granted it: anyone can register any address.
     */
    async setAdmin(actorUid: string, uid: string, isAdmin: boolean): Promise<User> {
      if (uid === actorUid && !isAdmin)
        throw new HttpError(400, 'VALIDATION', SELF_DEMOTION_REFUSED);
      const record = await recordOf(uid);
      if (isAdmin && !record.emailVerified)
        throw new HttpError(400, 'EMAIL_NOT_VERIFIED', UNVERIFIED_ADMIN_REFUSED);
      const claims: Record<string, unknown> = { ...record.customClaims };
      if (isAdmin) claims.admin = true;
      else delete claims.admin;
      await auth().setCustomUserClaims(uid, claims);
      return userOf(uid);
    },
  };
}

export type AdminService = ReturnType<typeof adminService>;
