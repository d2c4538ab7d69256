import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { Timestamp, getFirestore } from 'firebase-admin/firestore';
import { PROJECT_ID, ROOT } from './paths.mjs';

export function readSeed() {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'emulator-data/seed.json'), 'utf8'));
}

/** Creates the demo accounts and their profiles; safe to run again on an already seeded suite. */
export async function seedDemoData(suiteEnv) {
  Object.assign(process.env, suiteEnv);
  const app = initializeApp({ projectId: PROJECT_ID }, `seed-${process.pid}-${Date.now()}`);
  try {
    const auth = getAuth(app);
    const db = getFirestore(app);
    const seed = readSeed();
    for (const user of seed.users) {
      const existing = await auth.getUserByEmail(user.email).catch(() => null);
      const record =
        existing ??
        (await auth.createUser({
          email: user.email,
          password: user.password,
          displayName: `${user.first_name} ${user.last_name}`,
          emailVerified: true,
        }));
      await auth.setCustomUserClaims(record.uid, user.admin ? { admin: true } : null);
      await db.doc(`users/${record.uid}`).set(
        {
          first_name: user.first_name,
          last_name: user.last_name,
          email: user.email,
          is_active: true,
          created_at: Timestamp.fromDate(new Date(record.metadata.creationTime)),
        },
        { merge: true },
      );
      if (user.testimonial) {
        // The id rule of functions/src/modules/testimonials/testimonial-repository.ts.
        const id = createHash('sha256')
          .update(`testimonial:${record.uid}`)
          .digest('hex')
          .slice(0, 24);
        const now = Timestamp.now();
        await db.doc(`testimonials/${id}`).set({
          owner_uid: record.uid,
          author: `${user.first_name} ${user.last_name}`,
          quote: user.testimonial.quote,
          rating: user.testimonial.rating,
          status: 'approved',
          created_at: now,
          updated_at: now,
        });
      }
    }
    return seed;
  } finally {
    await deleteApp(app);
  }
}
