import {
  DASHBOARD_RECENT_COURSES,
  DASHBOARD_RECENT_USERS,
  SELF_DEMOTION_REFUSED,
  SELF_DISABLE_REFUSED,
  type DashboardStats,
  type User,
} from '@coursecraft/contracts';
import type { Auth, UserRecord } from 'firebase-admin/auth';
import { Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { firebaseErrorCode } from '../../lib/firebase-error';
import { HttpError } from '../../lib/http-error';
import type { TestimonialRepository } from '../testimonials/testimonial-repository';

export const USER_NOT_FOUND = 'User not found';
/** The user list shows at most this many accounts, newest first. */
export const USER_LIST_LIMIT = 1000;
/** Auth's `getUsers` takes at most 100 identifiers a call. */
const AUTH_BATCH = 100;

export interface AdminDependencies {
  auth: () => Auth;
  db: () => Firestore;
  testimonials: TestimonialRepository;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const isoOf = (value: unknown) =>
  (value instanceof Timestamp ? value.toDate() : new Date(0)).toISOString();

/**
 * A user as admins see them: names from the profile, status and role from Auth (the source of
 * truth: a disabled account cannot sign in; admin rights are the custom claim).
 */
function toAdminUser(profile: DocumentSnapshot, record: UserRecord | undefined): User {
  const data = profile.data() ?? {};
  return {
    id: profile.id,
    first_name: text(data.first_name),
    last_name: text(data.last_name),
    email: text(data.email) || (record?.email ?? ''),
    is_admin: record?.customClaims?.admin === true,
    is_active: record ? !record.disabled : data.is_active !== false,
    created_at: isoOf(data.created_at),
    has_api_key: data.has_api_key === true,
  };
}

export function adminService({ auth, db, testimonials }: AdminDependencies) {
  const users = () => db().collection('users');

  async function authRecords(uids: string[]): Promise<Map<string, UserRecord>> {
    const records = new Map<string, UserRecord>();
    for (let start = 0; start < uids.length; start += AUTH_BATCH) {
      const batch = uids.slice(start, start + AUTH_BATCH).map((uid) => ({ uid }));
      const { users: found } = await auth().getUsers(batch);
      for (const record of found) records.set(record.uid, record);
    }
    return records;
  }

  async function withAuth(profiles: DocumentSnapshot[]): Promise<User[]> {
    const records = await authRecords(profiles.map((profile) => profile.id));
    return profiles.map((profile) => toAdminUser(profile, records.get(profile.id)));
  }

  async function recordOf(uid: string): Promise<UserRecord> {
    try {
      return await auth().getUser(uid);
    } catch (error) {
      const code = firebaseErrorCode(error);
      if (code === 'auth/user-not-found' || code === 'auth/invalid-uid') {
        throw new HttpError(404, USER_NOT_FOUND);
      }
      throw error;
    }
  }

  async function userOf(uid: string): Promise<User> {
    const profile = await users().doc(uid).get();
    const [found] = profile.exists ? await withAuth([profile]) : [];
    if (!found) throw new HttpError(404, USER_NOT_FOUND);
    return found;
  }

  return {
    /** Counts by aggregation queries; only the few recent items are read. */
    async dashboard(): Promise<DashboardStats> {
      const [totalUsers, activeUsers, totalCourses, recentCourses, recentUsers, testimonialCounts] =
        await Promise.all([
          users().count().get(),
          users().where('is_active', '==', true).count().get(),
          db().collection('courses').count().get(),
          db()
            .collection('courses')
            .orderBy('created_at', 'desc')
            .limit(DASHBOARD_RECENT_COURSES)
            .get(),
          users().orderBy('created_at', 'desc').limit(DASHBOARD_RECENT_USERS).get(),
          testimonials.counts(),
        ]);
      return {
        total_users: totalUsers.data().count,
        active_users: activeUsers.data().count,
        total_courses: totalCourses.data().count,
        recent_courses: recentCourses.docs.map((course) => ({
          id: course.id,
          name: text(course.get('name')),
          created_at: isoOf(course.get('created_at')),
        })),
        total_testimonials: testimonialCounts.total,
        pending_testimonials: testimonialCounts.pending,
        recent_users: await withAuth(recentUsers.docs),
      };
    },

    async listUsers(): Promise<User[]> {
      const profiles = await users().orderBy('created_at', 'desc').limit(USER_LIST_LIMIT).get();
      return withAuth(profiles.docs);
    },

    /**
     * Disabling blocks sign-in and revokes the user's tokens, so their next request is refused;
     * the profile's `is_active` follows for the dashboard's count.
     */
    async setActive(actorUid: string, uid: string, isActive: boolean): Promise<User> {
      if (uid === actorUid && !isActive) throw new HttpError(400, SELF_DISABLE_REFUSED);
      await recordOf(uid);
      await auth().updateUser(uid, { disabled: !isActive });
      if (!isActive) await auth().revokeRefreshTokens(uid);
      await users()
        .doc(uid)
        .set({ is_active: isActive, updated_at: Timestamp.now() }, { merge: true });
      return userOf(uid);
    },

    /** Grants or revokes the `admin` claim, keeping the user's other claims. */
    async setAdmin(actorUid: string, uid: string, isAdmin: boolean): Promise<User> {
      if (uid === actorUid && !isAdmin) throw new HttpError(400, SELF_DEMOTION_REFUSED);
      const record = await recordOf(uid);
      const claims: Record<string, unknown> = { ...record.customClaims };
      if (isAdmin) claims.admin = true;
      else delete claims.admin;
      await auth().setCustomUserClaims(uid, claims);
      return userOf(uid);
    },
  };
}

export type AdminService = ReturnType<typeof adminService>;
