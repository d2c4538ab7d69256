import { LESSON_HISTORY_KEPT } from '@coursecraft/contracts';
import fc from 'fast-check';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { db } from '../../functions/src/lib/firestore/db';
import { lessonVersionId } from '../../functions/src/lib/firestore/paths';
import { app, author, resetFake, resetImages, storedImages } from './support/ai';
import { orphanedDocuments, pathsOf, snapshotDatabase } from './support/database';
import { resetEmulators, signUpAnonymously } from './support/emulators';

type Client = Awaited<ReturnType<typeof author>>;

/** Documents of the outline whose path lies under `prefix` (the node's own included). */
async function documentsUnder(prefix: string): Promise<string[]> {
  return pathsOf(await snapshotDatabase()).filter(
    (path) => path === prefix || path.startsWith(`${prefix}/`),
  );
}

const imagesUnder = async (folder: string) =>
  (await storedImages()).filter((path) => path.startsWith(`${folder}/`));

/** A course with 2 subjects × 2 chapters × 2 topics, every lesson written, every cover drawn. */
async function fullTree(client: Client) {
  const course = (await client.post('/create-manual', { name: 'Oceans' })).body.id as string;
  const ids: { subject: string; chapter: string; topic: string }[] = [];
  for (const s of [1, 2]) {
    const subject = (await client.post(`/${course}/subjects`, { name: `S${s}` })).body.id as string;
    for (const c of [1, 2]) {
      const base = `/${course}/subjects/${subject}`;
      const chapter = (await client.post(`${base}/chapters`, { name: `C${c}` })).body.id as string;
      for (const t of [1, 2]) {
        const topics = `${base}/chapters/${chapter}/topics`;
        const topic = (await client.post(topics, { name: `T${t}` })).body.id as string;
        await client.post(`${topics}/${topic}/content`, { content: `## T${t}` }).expect(201);
        ids.push({ subject, chapter, topic });
      }
    }
  }
  expect((await client.images(`/${course}/generate`)).status).toBe(200);
  expect((await client.images(`/${course}/subjects/generate-all`)).status).toBe(200);
  return { course, ids };
}

describe('data integrity', () => {
  beforeEach(async () => {
    await resetEmulators();
    await resetImages();
    await resetFake();
  });

  const counted: string[] = [];
  afterAll(() => console.log(`cascade deletes counted:\n  ${counted.join('\n  ')}`));

  it.each(['course', 'subject', 'chapter', 'topic', 'content'] as const)(
    'deleting a %s leaves no document and no image under it, and the rest untouched',
    async (level) => {
      const client = await author(`cascade-${level}@example.com`);
      const { course, ids } = await fullTree(client);
      const first = ids[0] as (typeof ids)[number];
      const s = `courses/${course}/subjects/${first.subject}`;
      const c = `${s}/chapters/${first.chapter}`;
      const t = `${c}/topics/${first.topic}`;
      const node = {
        course: `courses/${course}`,
        subject: s,
        chapter: c,
        topic: t,
        content: `${t}/content`,
      }[level];
      const folder = {
        course: `users/${client.uid}/courses/${course}`,
        subject: `users/${client.uid}/courses/${course}/subjects/${first.subject}`,
      }[level as string];
      const before = await snapshotDatabase();
      const documentsBefore = await documentsUnder(node);
      const imagesBefore = folder ? await imagesUnder(folder) : [];
      const allImagesBefore = await storedImages();

      const deleted = await client.delete(`/${node.replace(/^courses\//, '')}`);
      expect([deleted.status, deleted.text]).toEqual([204, '']);

      expect(await documentsUnder(node)).toEqual([]);
      expect(await orphanedDocuments()).toEqual([]);
      if (folder) expect(await imagesUnder(folder)).toEqual([]);
      // Everything outside the node is as it was, field for field, except its parent's flag and
      // time, which the delete updates.
      const parent = level === 'content' ? t : node.split('/').slice(0, -2).join('/');
      const outside = (lines: string[]) =>
        lines.filter((line) => {
          const path = line.slice(0, line.indexOf(' '));
          return path !== parent && path !== node && !path.startsWith(`${node}/`);
        });
      expect(outside(await snapshotDatabase())).toEqual(outside(before));
      expect(await storedImages()).toEqual(
        allImagesBefore.filter((path) => !folder || !path.startsWith(`${folder}/`)),
      );
      counted.push(
        `${level}: ${documentsBefore.length} documents and ${imagesBefore.length} images → 0 and 0`,
      );
    },
    60_000,
  );

  it('the integrity check finds the subtree of a node whose own document alone was deleted', async () => {
    const client = await author('orphan-maker@example.com');
    const { course, ids } = await fullTree(client);
    const first = ids[0] as (typeof ids)[number];
    const subject = `courses/${course}/subjects/${first.subject}`;
    const chapters = [
      ...new Set(
        ids
          .filter((id) => id.subject === first.subject)
          .map((id) => `${subject}/chapters/${id.chapter}`),
      ),
    ].sort();
    expect(await orphanedDocuments()).toEqual([]);
    await expectConsistent(client.uid);

    // The subject's document only, as a delete that forgot its subtree would leave things.
    await db().doc(subject).delete();

    expect(await orphanedDocuments()).toEqual(chapters);
    // Still there and still found: 2 chapters, 4 topics, their 4 lessons and 4 lesson versions.
    expect(await documentsUnder(subject)).toHaveLength(14);
    await expect(expectConsistent(client.uid)).rejects.toThrow(chapters[0]);
  });

  it('deleting a published course with learner progress leaves nothing of it in any collection', async () => {
    const client = await author('published@example.com');
    const { course, ids } = await fullTree(client);
    const first = ids[0] as (typeof ids)[number];
    const published = await request(app).post(`/api/courses/${course}/publish`).set(client.auth);
    expect(published.status).toBe(200);
    const slug = published.body.slug as string;
    const learner = await signUpAnonymously();
    await request(app)
      .put(`/api/learn/${slug}/progress`)
      .set({ authorization: `Bearer ${learner.idToken}` })
      .send({ completed_topic_ids: [first.topic] })
      .expect(200);
    const keyed = (paths: string[]) =>
      paths.filter((path) => /^(publications|published_lessons|learner_progress)\//.test(path));
    expect(keyed(pathsOf(await snapshotDatabase())).length).toBeGreaterThan(2);

    expect((await client.delete(`/${course}`)).ok).toBe(true);

    expect(await orphanedDocuments()).toEqual([]);
    expect(keyed(pathsOf(await snapshotDatabase()))).toEqual([]);
  }, 60_000);

  it('the integrity check finds what a course keeps elsewhere once its document alone was deleted', async () => {
    const client = await author('orphan-publication@example.com');
    const { course } = await fullTree(client);
    await request(app).post(`/api/courses/${course}/publish`).set(client.auth).expect(200);
    const publication = `publications/${course}`;
    expect(await orphanedDocuments()).toEqual([]);

    // The course's document only, as a delete that forgot publishing would leave things.
    await db().doc(`courses/${course}`).delete();

    const left = await orphanedDocuments();
    expect(left).toContain(publication);
    expect(left.filter((path) => path.startsWith('published_lessons/')).length).toBeGreaterThan(0);
  }, 60_000);

  it('has_* flags agree with the data after random creates, generations and deletes', async () => {
    const client = await author('random-walk@example.com');
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...ACTION_NAMES), fc.nat()), {
          minLength: 5,
          maxLength: 25,
        }),
        async (actions) => {
          for (const [name, pick] of actions) {
            const outline = await readOutline();
            const status = await (ACTIONS[name] as Action)(client, outline, pick);
            if (status !== null) expect(status, name).toBeLessThan(300);
            steps += 1;
          }
          await expectConsistent(client.uid);
        },
      ),
      { numRuns: Number(process.env.INTEGRITY_RUNS ?? 25) },
    );
    console.log(
      `random walk: ${steps} actions (${ACTION_NAMES.length} kinds), flags, positions and images consistent after every run`,
    );
  }, 180_000);
});

// --- The random walk ----------------------------------------------------------------------

interface Outline {
  courses: string[];
  subjects: string[];
  chapters: string[];
  topics: string[];
  lessons: string[];
  /** Kept lesson versions, as `{topic}/content/versions/{id}`. */
  versions: string[];
}

/** Every node's API path (without `/api/courses`), read straight from Firestore. */
async function readOutline(): Promise<Outline> {
  const paths = pathsOf(await snapshotDatabase());
  const level = (pattern: RegExp) =>
    paths.filter((path) => pattern.test(path)).map((path) => `/${path.replace(/^courses\//, '')}`);
  const id = '[A-Za-z0-9]+';
  return {
    courses: level(new RegExp(`^courses/${id}$`)),
    subjects: level(new RegExp(`^courses/${id}/subjects/${id}$`)),
    chapters: level(new RegExp(`^courses/${id}/subjects/${id}/chapters/${id}$`)),
    topics: level(new RegExp(`^courses/${id}/subjects/${id}/chapters/${id}/topics/${id}$`)),
    lessons: level(/\/content\/[^/]+$/).map((path) => path.replace(/\/content\/[^/]+$/, '')),
    versions: level(/\/history\/[^/]+$/).map((path) =>
      path.replace(/\/history\/([^/]+)$/, '/content/versions/$1'),
    ),
  };
}

const pickFrom = (list: string[], pick: number) => list[pick % Math.max(list.length, 1)];

type Action = (client: Client, outline: Outline, pick: number) => Promise<number | null>;

/** One step each; null when there was nothing to act on. */
const ACTIONS: Record<string, Action> = {
  createCourse: async (client) => (await client.post('/create-manual', { name: 'Walk' })).status,
  createSubject: (client, { courses }, pick) => create(client, pickFrom(courses, pick), 'subjects'),
  createChapter: (client, { subjects }, pick) =>
    create(client, pickFrom(subjects, pick), 'chapters'),
  createTopic: (client, { chapters }, pick) => create(client, pickFrom(chapters, pick), 'topics'),
  writeLesson: async (client, { topics, lessons }, pick) => {
    const topic = pickFrom(topics, pick);
    if (!topic) return null;
    const body = { content: '## Walk' };
    if (!lessons.includes(topic)) return (await client.post(`${topic}/content`, body)).status;
    return (await request(app).put(`/api/courses${topic}/content`).set(client.auth).send(body))
      .status;
  },
  generateSubjects: (client, { courses }, pick) =>
    generate(client, pickFrom(courses, pick), 'generate_subjects'),
  generateChapters: (client, { subjects }, pick) =>
    generate(client, pickFrom(subjects, pick), 'generate_chapters'),
  generateTopics: (client, { chapters }, pick) =>
    generate(client, pickFrom(chapters, pick), 'generate_topics'),
  generateLesson: (client, { topics }, pick) =>
    generate(client, pickFrom(topics, pick), 'generate_content'),
  drawSubjectCover: async (client, { subjects }, pick) => {
    const subject = pickFrom(subjects, pick);
    return subject ? (await client.images(`${subject}/generate`)).status : null;
  },
  drawCourseCover: async (client, { courses }, pick) => {
    const course = pickFrom(courses, pick);
    return course ? (await client.images(`${course}/generate`)).status : null;
  },
  deleteCourse: (client, { courses }, pick) => remove(client, pickFrom(courses, pick)),
  deleteSubject: (client, { subjects }, pick) => remove(client, pickFrom(subjects, pick)),
  deleteChapter: (client, { chapters }, pick) => remove(client, pickFrom(chapters, pick)),
  deleteTopic: (client, { topics }, pick) => remove(client, pickFrom(topics, pick)),
  deleteLesson: async (client, { lessons }, pick) => {
    const topic = pickFrom(lessons, pick);
    return topic ? (await client.delete(`${topic}/content`)).status : null;
  },
  restoreLesson: async (client, { versions }, pick) => {
    const version = pickFrom(versions, pick);
    return version ? (await client.post(`${version}/restore`)).status : null;
  },
  reorderSubjects: (client, { courses }, pick) =>
    reorder(client, pickFrom(courses, pick), 'subjects', pick),
  reorderChapters: (client, { subjects }, pick) =>
    reorder(client, pickFrom(subjects, pick), 'chapters', pick),
  reorderTopics: (client, { chapters }, pick) =>
    reorder(client, pickFrom(chapters, pick), 'topics', pick),
  moveTopic: async (client, { chapters, topics }, pick) => {
    const topic = pickFrom(topics, pick);
    if (!topic) return null;
    const subject = topic.slice(0, topic.indexOf('/chapters/'));
    const siblings = chapters.filter((chapter) => chapter.startsWith(`${subject}/chapters/`));
    const target = pickFrom(siblings, Math.floor(pick / 3)) ?? '';
    const body = { chapter_id: target.split('/').at(-1), index: pick % 4 };
    return (await client.post(`${topic}/move`, body)).status;
  },
};
const ACTION_NAMES = Object.keys(ACTIONS);

async function create(client: Client, parent: string | undefined, children: string) {
  if (!parent) return null;
  return (await client.post(`${parent}/${children}`, { name: 'Walk' })).status;
}
async function generate(client: Client, node: string | undefined, action: string) {
  if (!node) return null;
  return (await client.post(`${node}/${action}`)).status;
}
/** Drags one item of the parent's list (picked by `pick`) to another place. */
async function reorder(client: Client, parent: string | undefined, children: string, pick: number) {
  if (!parent) return null;
  const list = await client.get(`${parent}/${children}`).expect(200);
  const ids = (list.body as { id: string }[]).map((item) => item.id);
  const [item] = ids.splice(pick % Math.max(ids.length, 1), 1);
  if (item) ids.splice(Math.floor(pick / 2) % (ids.length + 1), 0, item);
  const url = `/api/courses${parent}/${children}/order`;
  return (await request(app).put(url).set(client.auth).send({ ids })).status;
}
async function remove(client: Client, node: string | undefined) {
  if (!node) return null;
  return (await client.delete(node)).status;
}

/**
 * Nothing is orphaned (every existing document's parent document exists), each has_* flag
 * matches its children, every subject, chapter and topic has a numeric position (lists are
 * ordered by it, so one without would not be listed), and every image has its node.
 */
async function expectConsistent(uid: string) {
  const lines = await snapshotDatabase();
  const orphans = await orphanedDocuments();
  expect(orphans, `documents whose parent document is gone: ${orphans.join(', ')}`).toEqual([]);
  const paths = new Set(pathsOf(lines));
  const hasChildUnder = (path: string, collection: string) =>
    [...paths].some((other) => other.startsWith(`${path}/${collection}/`));
  const flags: Record<string, string> = {
    subjects: 'has_chapters',
    chapters: 'has_topics',
    topics: 'has_content',
  };
  for (const line of lines) {
    const space = line.indexOf(' ');
    const path = line.slice(0, space);
    if (!path.startsWith('courses/')) continue;
    const data = JSON.parse(line.slice(space + 1)) as Record<string, unknown>;
    const segments = path.split('/');
    const collection = segments.at(-2) ?? '';
    if (['subjects', 'chapters', 'topics'].includes(collection)) {
      expect(typeof data.position, `${path} position`).toBe('number');
    }
    const child = {
      courses: 'subjects',
      subjects: 'chapters',
      chapters: 'topics',
      topics: 'content',
    }[collection];
    if (!child) continue;
    const flag = collection === 'courses' ? 'has_subjects' : (flags[collection] ?? '');
    expect(data[flag], `${path} ${flag}`).toBe(hasChildUnder(path, child));
  }
  // Lesson history: at most the window's versions per topic, and a lesson is its newest version.
  const documents = new Map(
    lines.map((line) => {
      const space = line.indexOf(' ');
      return [line.slice(0, space), JSON.parse(line.slice(space + 1)) as Record<string, unknown>];
    }),
  );
  for (const [path, data] of documents) {
    if (!/\/topics\/[^/]+$/.test(path) || typeof data.history_next !== 'number') continue;
    const versions = [...documents.keys()].filter((other) => other.startsWith(`${path}/history/`));
    expect(versions.length, `${path} versions`).toBeLessThanOrEqual(LESSON_HISTORY_KEPT);
    const lesson = documents.get(`${path}/content/markdown`);
    if (!lesson) continue;
    const newest = documents.get(`${path}/history/${lessonVersionId(data.history_next - 1)}`);
    expect(newest?.markdown, `${path}: the lesson is its newest version`).toBe(lesson.markdown);
  }
  for (const image of await storedImages()) {
    const match = new RegExp(`^users/${uid}/courses/([^/]+)(?:/subjects/([^/]+))?/cover/`).exec(
      image,
    );
    expect(match, image).not.toBeNull();
    const [, course, subject] = match ?? [];
    const owner = subject ? `courses/${course}/subjects/${subject}` : `courses/${course}`;
    expect(paths.has(owner), `${image} belongs to ${owner}`).toBe(true);
  }
}
