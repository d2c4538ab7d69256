import express from 'express';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';

/**
 * The floor of `npm run bench:api`: bare Express handlers for the routes of its mix that make the
 * same Auth and Firestore calls as the API and nothing else — the ID token checked with
 * revocation, the path's documents read in one `getAll` and compared with the caller, then the
 * route's own read or write (the lesson save in the same transaction shape as the API's, with its
 * version). No validation, no services, no error mapping: what is left of the API's time above
 * this is its own code. Runs in a child process of the bench (`node scripts/lib/api-floor.mjs`)
 * with the suite's environment, and prints `port N` once it listens.
 */
const HISTORY_KEPT = 30;
const app = initializeApp({ projectId: process.env.GCLOUD_PROJECT });
const auth = getAuth(app);
const db = getFirestore(app);

const courseRef = (req) => db.collection('courses').doc(req.params.course);
const subjectRef = (req) => courseRef(req).collection('subjects').doc(req.params.subject);
const chapterRef = (req) => subjectRef(req).collection('chapters').doc(req.params.chapter);
const topicRef = (req) => chapterRef(req).collection('topics').doc(req.params.topic);

/** The token check every route makes: signature, expiry and revocation (a call to Auth). */
async function caller(req) {
  const token = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1] ?? '';
  return (await auth.verifyIdToken(token, true)).uid;
}

/** The ownership check: the path's documents in one read, the course the caller's. */
async function owned(uid, refs) {
  const snapshots = await db.getAll(...refs);
  if (snapshots.some((snapshot) => !snapshot.exists)) return false;
  return snapshots[0].get('owner_uid') === uid;
}

const pathOf = (req) =>
  [courseRef, subjectRef, chapterRef, topicRef]
    .slice(0, ['course', 'subject', 'chapter', 'topic'].filter((p) => req.params[p]).length)
    .map((ref) => ref(req));

const version = (topic, n) => topic.collection('history').doc(String(n).padStart(10, '0'));

const list = (snapshot) => snapshot.docs.map((doc) => ({ id: doc.id, ...doc.data() }));

/** A route: the token, then ownership of every path segment, then `work`. */
const route = (work) => async (req, res) => {
  try {
    const uid = await caller(req);
    if (req.params.course && !(await owned(uid, pathOf(req)))) {
      res.status(404).json({ error: 'Not found' });
      return;
    }
    res.status(req.method === 'POST' ? 201 : 200).json(await work(req, uid));
  } catch (error) {
    res.status(500).json({ error: String(error) });
  }
};

const server = express();
server.use(express.json({ limit: '512kb' }));
const chapterPath = '/api/courses/:course/subjects/:subject/chapters/:chapter';
const topicPath = `${chapterPath}/topics/:topic`;

server.get(
  '/api/courses/my-courses',
  route(async (_req, uid) =>
    list(
      await db
        .collection('courses')
        .where('owner_uid', '==', uid)
        .orderBy('created_at', 'desc')
        .get(),
    ),
  ),
);
server.get(
  '/api/courses/:course/subjects',
  route(async (req) => list(await courseRef(req).collection('subjects').orderBy('position').get())),
);
server.get(
  '/api/courses/:course/subjects/:subject/chapters',
  route(async (req) =>
    list(await subjectRef(req).collection('chapters').orderBy('position').get()),
  ),
);
server.get(
  `${chapterPath}/topics`,
  route(async (req) => list(await chapterRef(req).collection('topics').orderBy('position').get())),
);
server.get(
  `${topicPath}/content`,
  route(async (req) => (await topicRef(req).collection('content').doc('markdown').get()).data()),
);
server.get(
  '/api/auth/me',
  route(async (_req, uid) => (await db.collection('users').doc(uid).get()).data()),
);
server.put(
  `${topicPath}/content`,
  route(async (req) => {
    const topic = topicRef(req);
    const markdown = String(req.body.content);
    await db.runTransaction(async (tx) => {
      const snapshot = await tx.get(topic);
      const n = Number(snapshot.get('history_next') ?? 1);
      const now = Timestamp.now();
      tx.update(topic, { has_content: true, history_next: n + 1, updated_at: now });
      tx.set(topic.collection('content').doc('markdown'), { markdown, updated_at: now });
      tx.create(version(topic, n), {
        markdown,
        source: 'edited',
        characters: markdown.length,
        created_at: now,
      });
      if (n > HISTORY_KEPT) tx.delete(version(topic, n - HISTORY_KEPT));
    });
    return { content: markdown };
  }),
);
server.post(
  `${chapterPath}/topics`,
  route(async (req) => {
    const ref = chapterRef(req).collection('topics').doc();
    const now = Timestamp.now();
    const batch = db.batch();
    const fields = { name: String(req.body.name), has_content: false };
    batch.create(ref, { ...fields, position: now.toMillis(), created_at: now, updated_at: now });
    batch.update(chapterRef(req), { has_topics: true, updated_at: now });
    await batch.commit();
    return { id: ref.id, ...fields };
  }),
);

const listener = server.listen(0, '127.0.0.1', () => {
  console.log(`port ${listener.address().port}`);
});
