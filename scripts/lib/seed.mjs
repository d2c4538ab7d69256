import { createDecipheriv, createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { Timestamp, getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { demoLessonDiagrams, readDemoDrawing } from './demo-diagrams.mjs';
import { PROJECT_ID, ROOT } from './paths.mjs';

const DEMO_COURSE_DIR = path.join(ROOT, 'emulator-data/demo-course');

/**
 * The Google API key saved for the demo author when the suite answers AI requests from the local
 * fake Gemini (which takes any key); never sent to Google.
 */
export const DEMO_API_KEY = 'AIza-local-fake-gemini-demo-key';

export function readSeed() {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'emulator-data/seed.json'), 'utf8'));
}

/** The demo course's outline (emulator-data/demo-course/outline.json). */
export function readDemoCourse() {
  return JSON.parse(fs.readFileSync(path.join(DEMO_COURSE_DIR, 'outline.json'), 'utf8'));
}

/**
 * The demo course's questions by lesson file (emulator-data/demo-course/questions.json), each in
 * the shape `POST .../topics/{t}/questions` takes.
 */
export function readDemoQuestions() {
  return JSON.parse(fs.readFileSync(path.join(DEMO_COURSE_DIR, 'questions.json'), 'utf8'));
}

/**
 * The demo course's chapter quiz settings by chapter name (emulator-data/demo-course/quizzes.json),
 * each in the shape `PUT .../chapters/{ch}/quiz` takes: one for every chapter with questions.
 */
export function readDemoQuizzes() {
  return JSON.parse(fs.readFileSync(path.join(DEMO_COURSE_DIR, 'quizzes.json'), 'utf8'));
}

/**
 * Creates the demo accounts and their profiles and, given the app's address, the demo author's
 * demo course (and, when the suite runs the fake Gemini, their saved API key). Safe to run again
 * on an already seeded suite: it changes nothing that is already there. Returns the seed and
 * what happened to the course (`state` 'created' or 'present', and `learnPath`, its published
 * learner page) or null when not asked for. `courseCover` (PNG bytes) replaces the demo course's
 * small cover when the course is created, before it is published (benches: a cover as large as a
 * generated one).
 */
export async function seedDemoData(suiteEnv, { appUrl, courseCover } = {}) {
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
    const course = appUrl
      ? await seedDemoCourse({ app, seed, appUrl, env: suiteEnv, courseCover })
      : null;
    return { seed, course };
  } finally {
    await deleteApp(app);
  }
}

/** A client of the running API (through Hosting) signed in as `email`. */
async function apiClient(appUrl, env, email, password) {
  const signIn = await fetch(
    `http://${env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const { idToken } = await signIn.json();
  if (!signIn.ok || !idToken) throw new Error(`Signing ${email} in failed (${signIn.status}).`);
  return async (method, apiPath, body) => {
    const response = await fetch(`${appUrl}/api${apiPath}`, {
      method,
      headers: {
        authorization: `Bearer ${idToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) {
      throw new Error(
        `${method} /api${apiPath} answered ${response.status}: ${text.slice(0, 200)}`,
      );
    }
    return text ? JSON.parse(text) : null;
  };
}

/** The API key a user saved, decrypted as the API does (AES-256-GCM, uid as associated data). */
function savedApiKey(sealed, uid, encryptionKey) {
  if (sealed?.v !== 1) return null;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      Buffer.from(encryptionKey, 'base64'),
      Buffer.from(sealed.iv, 'base64'),
      { authTagLength: 16 },
    );
    decipher.setAAD(Buffer.from(uid, 'utf8'));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    const plain = Buffer.concat([
      decipher.update(Buffer.from(sealed.ciphertext, 'base64')),
      decipher.final(),
    ]);
    return plain.toString('utf8');
  } catch {
    return null;
  }
}

/**
 * Stores a cover where the suite's API keeps images (local disk offline, the Storage emulator
 * otherwise), under the object name and with the URL form the API itself uses
 * (functions/src/lib/storage, modules/images/course-images.ts).
 */
async function storeCover(app, env, folder, bytes) {
  const time = Date.now();
  const objectPath = `${folder}/cover/${time}.png`;
  let url;
  if (env.IMAGE_STORE === 'local') {
    const target = path.join(env.LOCAL_IMAGE_DIR, ...objectPath.split('/'));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, bytes);
    url = `/api/files/${objectPath}`;
  } else {
    const token = randomUUID();
    await getStorage(app)
      .bucket(env.STORAGE_BUCKET)
      .file(objectPath)
      .save(bytes, {
        resumable: false,
        contentType: 'image/png',
        metadata: { metadata: { firebaseStorageDownloadTokens: token } },
      });
    const bucket = encodeURIComponent(env.STORAGE_BUCKET);
    url = `http://${env.STORAGE_EMULATOR_HOST}/v0/b/${bucket}/o/${encodeURIComponent(objectPath)}?alt=media&token=${token}`;
  }
  return `${url}${url.includes('?') ? '&' : '?'}t=${time}`;
}

/**
 * The demo author's demo course, written through the running API so it has exactly the shape the
 * API writes (covers excepted: they go to the image store directly). Nothing happens when the
 * author already has a course of that name. With the fake Gemini running, the author's API key is
 * saved through the API too; without it, a demo key left from such a run is removed.
 */
async function seedDemoCourse({ app, seed, appUrl, env, courseCover }) {
  const outline = readDemoCourse();
  const questions = readDemoQuestions();
  const quizzes = readDemoQuizzes();
  const owner = seed.users.find((user) => user.email === outline.owner);
  if (!owner) throw new Error(`The demo course's owner ${outline.owner} is not in seed.json.`);
  const uid = (await getAuth(app).getUserByEmail(owner.email)).uid;
  const api = await apiClient(appUrl, env, owner.email, owner.password);

  if (env.GOOGLE_GEMINI_BASE_URL) {
    await api('PUT', '/auth/api-key', { api_key: DEMO_API_KEY });
  } else {
    const sealed = (await getFirestore(app).doc(`user_secrets/${uid}`).get()).get('api_key');
    if (savedApiKey(sealed, uid, env.API_KEY_ENCRYPTION_KEY) === DEMO_API_KEY) {
      await api('DELETE', '/auth/api-key');
    }
  }

  const courses = await api('GET', '/courses/my-courses');
  const present = courses.find((course) => course.name === outline.name);
  if (present) {
    const { publication } = await api('GET', `/courses/${present.id}/publish`);
    return { state: 'present', learnPath: publication ? `/learn/${publication.slug}` : null };
  }

  const db = getFirestore(app);
  const lesson = (file) => fs.readFileSync(path.join(DEMO_COURSE_DIR, file), 'utf8');
  const cover = (file) => fs.readFileSync(path.join(DEMO_COURSE_DIR, file));
  const { id: courseId } = await api('POST', '/courses/create-manual', {
    name: outline.name,
    description: outline.description,
  });
  try {
    for (const subject of outline.subjects) {
      const base = `/courses/${courseId}/subjects`;
      const { id: subjectId } = await api('POST', base, {
        name: subject.name,
        description: subject.description,
      });
      for (const chapter of subject.chapters) {
        const chapters = `${base}/${subjectId}/chapters`;
        const { id: chapterId } = await api('POST', chapters, { name: chapter.name });
        for (const topic of chapter.topics) {
          const topics = `${chapters}/${chapterId}/topics`;
          const { id: topicId } = await api('POST', topics, { name: topic.name });
          await api('POST', `${topics}/${topicId}/content`, { content: lesson(topic.lesson) });
          // The lesson's diagrams pre-drawn in a browser (scripts/draw-demo-diagrams.mjs), as
          // the Publish dialog would upload them.
          const drawings = demoLessonDiagrams(lesson(topic.lesson))
            .map(({ key }) => readDemoDrawing(key))
            .filter((drawing) => drawing !== null);
          if (drawings.length > 0) {
            await api('PUT', `${topics}/${topicId}/diagrams`, { drawings });
          }
          for (const question of questions[topic.lesson] ?? []) {
            await api('POST', `${topics}/${topicId}/questions`, question);
          }
        }
        if (quizzes[chapter.name]) {
          await api('PUT', `${chapters}/${chapterId}/quiz`, quizzes[chapter.name]);
        }
      }
      const folder = `users/${uid}/courses/${courseId}/subjects/${subjectId}`;
      await db.doc(`courses/${courseId}/subjects/${subjectId}`).update({
        image_url: await storeCover(app, env, folder, cover(subject.cover)),
        updated_at: Timestamp.now(),
      });
    }
    await db.doc(`courses/${courseId}`).update({
      image_url: await storeCover(
        app,
        env,
        `users/${uid}/courses/${courseId}`,
        courseCover ?? cover(outline.cover),
      ),
      updated_at: Timestamp.now(),
    });
    // Published, so the learner pages have something to show from the first start.
    const { slug } = await api('POST', `/courses/${courseId}/publish`);
    return { state: 'created', learnPath: `/learn/${slug}` };
  } catch (error) {
    // A half-written course would count as present next time: remove it so a later start retries.
    await api('DELETE', `/courses/${courseId}`).catch(() => undefined);
    throw error;
  }
}
