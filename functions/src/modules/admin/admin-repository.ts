import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { Timestamp } from '../../lib/firestore/sdk';
import { db as defaultDb } from '../../lib/firestore/db';
import { coursesCollection, usersCollection } from '../../lib/firestore/paths';

/** A user's profile document as the admin console reads it. */
export interface AdminProfile {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  is_active: boolean;
  /** ISO time; the epoch when the profile has none. */
  created_at: string;
  has_api_key: boolean;
}

export interface RecentCourse {
  id: string;
  name: string;
  created_at: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const isoOf = (value: unknown) =>
  (value instanceof Timestamp ? value.toDate() : new Date(0)).toISOString();

function toProfile(snapshot: DocumentSnapshot): AdminProfile {
  const data = snapshot.data() ?? {};
  return {
    id: snapshot.id,
    first_name: text(data.first_name),
    last_name: text(data.last_name),
    email: text(data.email),
    is_active: data.is_active !== false,
    created_at: isoOf(data.created_at),
    has_api_key: data.has_api_key === true,
  };
}

/** What the admin console reads across all users and courses; counts never read documents. */
export function adminRepository(db: () => Firestore = defaultDb) {
  const users = () => usersCollection(db());
  const newestUsers = (limit: number) => users().orderBy('created_at', 'desc').limit(limit);

  return {
    async countUsers(): Promise<{ total: number; active: number }> {
      const [total, active] = await Promise.all([
        users().count().get(),
        users().where('is_active', '==', true).count().get(),
      ]);
      return { total: total.data().count, active: active.data().count };
    },

    async countCourses(): Promise<number> {
      return (await coursesCollection(db()).count().get()).data().count;
    },

    async recentCourses(limit: number): Promise<RecentCourse[]> {
      const snapshot = await coursesCollection(db())
        .orderBy('created_at', 'desc')
        .limit(limit)
        .get();
      return snapshot.docs.map((course) => ({
        id: course.id,
        name: text(course.get('name')),
        created_at: isoOf(course.get('created_at')),
      }));
    },

    /** The newest profiles first. */
    async listProfiles(limit: number): Promise<AdminProfile[]> {
      return (await newestUsers(limit).get()).docs.map(toProfile);
    },

    async findProfile(uid: string): Promise<AdminProfile | null> {
      const snapshot = await users().doc(uid).get();
      return snapshot.exists ? toProfile(snapshot) : null;
    },

    /** Mirrors the Auth account's status on the profile, for the dashboard's count. */
    async setActive(uid: string, isActive: boolean): Promise<void> {
      await users()
        .doc(uid)
        .set({ is_active: isActive, updated_at: Timestamp.now() }, { merge: true });
    },
  };
}

export type AdminRepository = ReturnType<typeof adminRepository>;
