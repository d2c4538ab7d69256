import type { CollectionReference } from 'firebase-admin/firestore';
import { db } from '../../../functions/src/lib/firebase-admin';

/**
 * Every collection the API writes and where it lives. Walked by name rather than discovered
 * because the offline Firestore stand-in implements neither ListCollectionIds nor collection-group
 * queries over nested collections; a collection added to the API must be added here (the
 * bad-input suite checks that every name the API uses is).
 */
const ROOTS = ['users', 'user_secrets', 'mail', 'courses', 'testimonials', 'generation_locks'];
const CHILDREN: Record<string, string[]> = {
  courses: ['subjects'],
  subjects: ['chapters'],
  chapters: ['topics'],
  topics: ['content'],
};
export const COLLECTIONS = [...ROOTS, ...Object.values(CHILDREN).flat()];

/** Every document as sorted `path json` lines: equal snapshots mean nothing was written. */
export async function snapshotDatabase(): Promise<string[]> {
  const lines: string[] = [];
  const walk = async (collection: CollectionReference): Promise<void> => {
    const documents = (await collection.get()).docs;
    for (const doc of documents) lines.push(`${doc.ref.path} ${JSON.stringify(doc.data())}`);
    const children = CHILDREN[collection.id] ?? [];
    await Promise.all(
      documents.flatMap((doc) => children.map((child) => walk(doc.ref.collection(child)))),
    );
  };
  await Promise.all(ROOTS.map((name) => walk(db().collection(name))));
  return lines.sort();
}
