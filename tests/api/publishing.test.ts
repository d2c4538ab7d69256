import {
  ANALYTICS_DAYS,
  PUBLISHING_MESSAGES,
  SLUG_LENGTH,
  courseAnalyticsSchema,
  learnerCourseSchema,
  publicationSchema,
  tooManyRequestsMessage,
} from '@coursecraft/contracts';
import type { CollectionReference } from 'firebase-admin/firestore';
import request from 'supertest';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../functions/src/app';
import { db } from '../../functions/src/lib/firestore/db';
import {
  learnerProgressCollection,
  publicationsCollection,
  publishedLessonsCollection,
  publishLeasesCollection,
} from '../../functions/src/lib/firestore/paths';
import { publishingRepository } from '../../functions/src/modules/publishing/publishing-repository';
import { outlineRepository } from '../../functions/src/modules/outline';
import { app, author, fetchImage, resetFake, resetImages, storedImages } from './support/ai';
import { resetEmulators, signUpAnonymously } from './support/emulators';
import { atWindowEdge, from, limitsWith } from './support/limits';

type Author = Awaited<ReturnType<typeof author>>;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const CACHEABLE = 'public, max-age=60, s-maxage=60';

/** Course → one subject → two chapters: [Intro, Basics] and [Advanced], each with a lesson but Basics. */
async function course(client: Author) {
  const id = (await client.post('/create-manual', { name: 'Tides', description: 'The sea' })).body
    .id as string;
  const c = `/${id}`;
  const subject = (await client.post(`${c}/subjects`, { name: 'Moon' })).body.id as string;
  const s = `${c}/subjects/${subject}`;
  const first = (await client.post(`${s}/chapters`, { name: 'Orbits' })).body.id as string;
  const second = (await client.post(`${s}/chapters`, { name: 'Pull' })).body.id as string;
  const topic = async (chapter: string, name: string, content?: string) => {
    const ch = `${s}/chapters/${chapter}`;
    const topicId = (await client.post(`${ch}/topics`, { name })).body.id as string;
    if (content) await client.post(`${ch}/topics/${topicId}/content`, { content });
    return { id: topicId, path: `${ch}/topics/${topicId}` };
  };
  const intro = await topic(first, 'Intro', '## Intro v1');
  const basics = await topic(first, 'Basics');
  const advanced = await topic(second, 'Advanced', '## Advanced v1');
  return { id, subject, intro, basics, advanced };
}

const publish = (client: Author, courseId: string) =>
  request(app).post(`/api/courses/${courseId}/publish`).set(client.auth);
const unpublish = (client: Author, courseId: string) =>
  request(app).delete(`/api/courses/${courseId}/publish`).set(client.auth);
const learnCourse = (slug: string) => request(app).get(`/api/learn/${slug}`);
const learnLesson = (slug: string, topicId: string, version?: number) =>
  request(app).get(`/api/learn/${slug}/topics/${topicId}${version ? `?v=${version}` : ''}`);

/** A learner signed in anonymously, with their progress calls. */
async function guest(api = app) {
  const { uid, idToken } = await signUpAnonymously();
  return {
    uid,
    token: idToken,
    progress: (slug: string) =>
      request(api).get(`/api/learn/${slug}/progress`).set(bearer(idToken)),
    complete: (slug: string, ids: string[]) =>
      request(api)
        .put(`/api/learn/${slug}/progress`)
        .set(bearer(idToken))
        .send({ completed_topic_ids: ids }),
  };
}

/** Every document of a publishing collection that names the course, queried directly. */
async function documentsOf(courseId: string) {
  const query = async (collection: CollectionReference) =>
    (await collection.where('course_id', '==', courseId).get()).docs.map((doc) => doc.ref.path);
  return {
    publications: await query(publicationsCollection(db())),
    lessons: await query(publishedLessonsCollection(db())),
    progress: await query(learnerProgressCollection(db())),
    leases: await query(publishLeasesCollection(db())),
  };
}

describe('publishing', () => {
  beforeEach(async () => {
    await resetEmulators();
    await resetImages();
    await resetFake();
  });

  it('publishes under a random slug, republishes under the same one, unpublishes', async () => {
    const ada = await author('ada@example.com');
    const tides = await course(ada);
    expect((await ada.get(`/${tides.id}`)).body.published).toBe(false);
    expect((await request(app).get(`/api/courses/${tides.id}/publish`).set(ada.auth)).body).toEqual(
      { publication: null },
    );

    const first = await publish(ada, tides.id);
    expect(first.status).toBe(200);
    expect(publicationSchema.parse(first.body)).toEqual(first.body);
    const { slug } = publicationSchema.parse(first.body);
    expect(slug).toHaveLength(SLUG_LENGTH);
    expect(slug).toMatch(/^[A-Za-z0-9_-]+$/);
    for (const id of [tides.id, tides.subject, tides.intro.id, ada.uid]) {
      expect(id.toLowerCase()).not.toContain(slug.toLowerCase().slice(0, 6));
      expect(slug.toLowerCase()).not.toContain(id.toLowerCase().slice(0, 6));
    }
    expect(first.body.version).toBe(1);
    expect(first.body.url).toMatch(new RegExp(`/learn/${slug}$`));
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect((await ada.get(`/${tides.id}`)).body.published).toBe(true);
    expect((await ada.get('')).body[0].published).toBe(true);
    const status = await request(app).get(`/api/courses/${tides.id}/publish`).set(ada.auth);
    expect(status.body).toEqual({ publication: first.body });

    const second = await publish(ada, tides.id);
    expect(second.body).toMatchObject({ slug, version: 2 });

    const other = await author('bob@example.com');
    expect((await publish(other, (await course(other)).id)).body.slug).not.toBe(slug);

    const down = await unpublish(ada, tides.id);
    expect(down.body).toEqual({ message: PUBLISHING_MESSAGES.unpublished });
    expect((await ada.get(`/${tides.id}`)).body.published).toBe(false);
    const after = await request(app).get(`/api/courses/${tides.id}/publish`).set(ada.auth);
    expect(after.body).toEqual({ publication: null });

    const again = await publish(ada, tides.id);
    expect(again.body.slug).not.toBe(slug);
    expect(again.body.version).toBe(3);
    expect((await learnCourse(slug)).status).toBe(404);
    expect((await learnCourse(again.body.slug as string)).status).toBe(200);
  });

  it('shows learners the snapshot until the author publishes changes; the old version stays readable', async () => {
    const ada = await author('ada@example.com');
    const tides = await course(ada);
    const { slug } = publicationSchema.parse((await publish(ada, tides.id)).body);

    const opened = await learnCourse(slug);
    expect(opened.status).toBe(200);
    expect(opened.headers['cache-control']).toBe(CACHEABLE);
    expect(learnerCourseSchema.parse(opened.body)).toEqual(opened.body);
    expect(opened.body).toMatchObject({ slug, version: 1, name: 'Tides', description: 'The sea' });
    const [moon] = learnerCourseSchema.parse(opened.body).subjects;
    expect(moon?.chapters.map((chapter) => chapter.name)).toEqual(['Orbits', 'Pull']);
    expect(moon?.chapters[0]?.topics).toEqual([
      { id: tides.intro.id, name: 'Intro', has_content: true },
      { id: tides.basics.id, name: 'Basics', has_content: false },
    ]);

    const lesson = await learnLesson(slug, tides.intro.id);
    expect(lesson.headers['cache-control']).toBe(CACHEABLE);
    expect(lesson.body).toEqual({ topic_id: tides.intro.id, version: 1, content: '## Intro v1' });
    expect((await learnLesson(slug, tides.basics.id)).body.content).toBe('');

    await request(app)
      .put(`/api/courses${tides.intro.path}/content`)
      .set(ada.auth)
      .send({ content: '## Intro v2' })
      .expect(200);
    await request(app)
      .put(`/api/courses${tides.intro.path}`)
      .set(ada.auth)
      .send({ name: 'Welcome' })
      .expect(200);
    expect((await learnLesson(slug, tides.intro.id)).body.content).toBe('## Intro v1');
    expect((await learnCourse(slug)).body.subjects[0].chapters[0].topics[0].name).toBe('Intro');

    const republished = await publish(ada, tides.id);
    expect(republished.body).toMatchObject({ slug, version: 2 });
    expect((await learnCourse(slug)).body.subjects[0].chapters[0].topics[0].name).toBe('Welcome');
    expect((await learnLesson(slug, tides.intro.id)).body).toEqual({
      topic_id: tides.intro.id,
      version: 2,
      content: '## Intro v2',
    });
    expect((await learnLesson(slug, tides.intro.id, 1)).body.content).toBe('## Intro v1');
    expect((await learnLesson(slug, tides.intro.id, 2)).body.content).toBe('## Intro v2');

    await publish(ada, tides.id).expect(200);
    expect((await learnLesson(slug, tides.intro.id, 2)).body.content).toBe('## Intro v2');
    expect((await learnLesson(slug, tides.intro.id, 1)).status).toBe(404);

    for (const bad of ['0', '-1', 'abc', '1.5', '99999999999']) {
      const response = await request(app).get(
        `/api/learn/${slug}/topics/${tides.intro.id}?v=${bad}`,
      );
      expect([response.status, response.body]).toEqual([
        404,
        { error: 'Not found', code: 'NOT_FOUND' },
      ]);
    }
    expect((await learnLesson(slug, 'x'.repeat(20))).status).toBe(404);
    expect((await learnLesson(slug, tides.intro.id, 9)).status).toBe(404);
  });

  it('copies the covers into the snapshot, so a new cover reaches learners only when republished', async () => {
    const ada = await author('ada@example.com');
    const tides = await course(ada);
    await ada.images(`/${tides.id}/generate`).expect(200);
    await ada.images(`/${tides.id}/subjects/${tides.subject}/generate`).expect(200);
    const { slug } = publicationSchema.parse((await publish(ada, tides.id)).body);
    const published = learnerCourseSchema.parse((await learnCourse(slug)).body);
    const authorCover = (await ada.get(`/${tides.id}`)).body.image_url as string;
    expect(published.image_url).not.toBe(authorCover);
    const images = await storedImages();
    const snapshotFiles = images.filter((file) => file.startsWith(`published/${tides.id}/v1/`));
    // The copies, beside the learner pages' renditions (WebP by width) and the link preview.
    const isRendition = (file: string) => /-\d+\.webp$|\/preview\.jpg$/.test(file);
    expect(snapshotFiles.filter((file) => !isRendition(file))).toHaveLength(2);
    expect(snapshotFiles.filter(isRendition).length).toBeGreaterThan(0);

    await ada.images(`/${tides.id}/generate`).expect(200);
    expect((await learnCourse(slug)).body.image_url).toBe(published.image_url);
    expect((await fetchImage(published.image_url ?? '')).status).toBe(200);
    expect((await fetchImage(published.subjects[0]?.image_url ?? '')).status).toBe(200);
  });

  it('answers 404, alike for an unknown slug, once the course is unpublished', async () => {
    const ada = await author('ada@example.com');
    const tides = await course(ada);
    const { slug } = publicationSchema.parse((await publish(ada, tides.id)).body);
    const learner = await guest();
    await learner.complete(slug, [tides.intro.id]).expect(200);
    await ada.images(`/${tides.id}/generate`).expect(200);
    await publish(ada, tides.id).expect(200);
    await unpublish(ada, tides.id).expect(200);

    const unknown = await learnCourse('AAAAAAAAAAAAAAAA');
    expect([unknown.status, unknown.body]).toEqual([
      404,
      { error: 'Not found', code: 'NOT_FOUND' },
    ]);
    for (const response of [
      await learnCourse(slug),
      await learnLesson(slug, tides.intro.id),
      await learnLesson(slug, tides.intro.id, 1),
      await learnLesson(slug, tides.intro.id, 2),
      await learner.progress(slug),
      await learner.complete(slug, []),
      await learnCourse('short'),
    ]) {
      expect([response.status, response.body]).toEqual([unknown.status, unknown.body]);
    }
    expect((await documentsOf(tides.id)).lessons).toEqual([]);
    expect((await storedImages()).filter((file) => file.startsWith('published/'))).toEqual([]);
    // Progress is kept: analytics still count the learner.
    expect((await documentsOf(tides.id)).progress).toHaveLength(1);
  });

  it('answers 404 to a versioned lesson of an unpublished course, even while its lessons are still stored', async () => {
    const ada = await author('ada@example.com');
    const tides = await course(ada);
    const { slug } = publicationSchema.parse((await publish(ada, tides.id)).body);
    expect((await learnLesson(slug, tides.intro.id, 1)).status).toBe(200);
    const lessons = (
      await publishedLessonsCollection(db()).where('course_id', '==', tides.id).get()
    ).docs.map((doc) => ({ ref: doc.ref, data: doc.data() }));
    expect(lessons.length).toBeGreaterThan(0);

    await unpublish(ada, tides.id).expect(200);
    // As if the lessons' clean-up had failed or not finished yet.
    for (const { ref, data } of lessons) await ref.set(data);

    for (const response of [
      await learnLesson(slug, tides.intro.id, 1),
      await learnLesson(slug, tides.intro.id),
    ]) {
      expect([response.status, response.body]).toEqual([
        404,
        { error: 'Not found', code: 'NOT_FOUND' },
      ]);
    }
  });

  it('keeps each learner’s own progress, across a republish for the topics that remain', async () => {
    const ada = await author('ada@example.com');
    const tides = await course(ada);
    const { slug } = publicationSchema.parse((await publish(ada, tides.id)).body);
    const first = await guest();
    const second = await guest();

    expect((await first.progress(slug)).body).toMatchObject({
      completed_topic_ids: [],
      quizzes: [],
    });
    const saved = await first.complete(slug, [tides.advanced.id, tides.intro.id, tides.intro.id]);
    expect(saved.status).toBe(200);
    expect(saved.headers['cache-control']).toBe('private, no-store');
    expect(saved.body).toMatchObject({
      completed_topic_ids: [tides.intro.id, tides.advanced.id],
      quizzes: [],
    });
    await second.complete(slug, [tides.basics.id]).expect(200);
    const mine = await first.progress(slug);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.body).toMatchObject({
      completed_topic_ids: [tides.intro.id, tides.advanced.id],
      quizzes: [],
    });
    expect((await second.progress(slug)).body).toMatchObject({
      completed_topic_ids: [tides.basics.id],
      quizzes: [],
    });

    // A signed-in author learns too, with progress of their own.
    const own = await request(app).get(`/api/learn/${slug}/progress`).set(ada.auth);
    expect(own.body).toMatchObject({ completed_topic_ids: [], quizzes: [] });

    const unknownTopic = await first.complete(slug, [tides.intro.id, 'x'.repeat(20)]);
    expect([unknownTopic.status, unknownTopic.body]).toEqual([
      400,
      { error: PUBLISHING_MESSAGES.unknownTopics, code: 'VALIDATION' },
    ]);
    expect((await first.progress(slug)).body.completed_topic_ids).toHaveLength(2);
    const invalid = await first.complete(slug, ['../x']);
    expect(invalid.status).toBe(400);

    await request(app).delete(`/api/courses${tides.advanced.path}`).set(ada.auth).expect(204);
    await publish(ada, tides.id).expect(200);
    expect((await first.progress(slug)).body).toMatchObject({
      completed_topic_ids: [tides.intro.id],
      quizzes: [],
    });
    expect((await first.complete(slug, [tides.advanced.id])).status).toBe(400);

    expect((await request(app).get(`/api/learn/${slug}/progress`)).status).toBe(401);
  });

  it('limits how often one learner writes progress', async () => {
    const limited = createApp({
      now: atWindowEdge,
      rateLimits: limitsWith({ progress: { perUser: 3 } }),
    });
    const ada = await author('ada@example.com');
    const tides = await course(ada);
    const { slug } = publicationSchema.parse((await publish(ada, tides.id)).body);
    const learner = await guest(limited);
    for (let write = 0; write < 3; write += 1) {
      await learner.complete(slug, write % 2 ? [] : [tides.intro.id]).expect(200);
    }
    const refused = await learner.complete(slug, [tides.basics.id]);
    const retryAfter = Number(refused.headers['retry-after']);
    expect([refused.status, refused.body]).toEqual([
      429,
      { error: tooManyRequestsMessage(retryAfter), code: 'RATE_LIMITED' },
    ]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await learner.progress(slug)).body).toMatchObject({
      completed_topic_ids: [tides.intro.id],
      quizzes: [],
    });
    // The limit is per learner: another one still writes.
    await (await guest(limited)).complete(slug, [tides.basics.id]).expect(200);
  });

  it('counts at most so many new learners per address and hour, in progress and analytics', async () => {
    const limited = createApp({
      now: atWindowEdge,
      rateLimits: limitsWith({ 'new-learner': { perAddress: 3 } }),
    });
    const ada = await author('ada@example.com');
    const tides = await course(ada);
    const { slug } = publicationSchema.parse((await publish(ada, tides.id)).body);
    const here = from('198.51.100.7');
    const learners = await Promise.all([1, 2, 3, 4].map(() => guest(limited)));
    const [first, , , fourth] = learners;
    if (!first || !fourth) throw new Error('four learners expected');
    // Saving nothing stores no learner and counts none.
    await fourth.complete(slug, []).set(here).expect(200);
    for (const learner of learners.slice(0, 3)) {
      await learner.complete(slug, [tides.intro.id]).set(here).expect(200);
    }
    const refused = await fourth.complete(slug, [tides.intro.id]).set(here);
    const retryAfter = Number(refused.headers['retry-after']);
    expect([refused.status, refused.body]).toEqual([
      429,
      { error: tooManyRequestsMessage(retryAfter), code: 'RATE_LIMITED' },
    ]);
    expect(retryAfter).toBe(1);
    expect((await fourth.progress(slug)).body).toMatchObject({
      completed_topic_ids: [],
      quizzes: [],
    });
    // Learners already counted go on; another address has its own count.
    await first.complete(slug, [tides.intro.id, tides.basics.id]).set(here).expect(200);
    await fourth.complete(slug, [tides.intro.id]).set(from('198.51.100.8')).expect(200);

    const analytics = await request(app).get(`/api/courses/${tides.id}/analytics`).set(ada.auth);
    expect((analytics.body as { learners_started: number }).learners_started).toBe(4);
    expect((await documentsOf(tides.id)).progress).toHaveLength(4);
  });

  it('refuses an anonymous guest on every author route it tries', async () => {
    const ada = await author('ada@example.com');
    const tides = await course(ada);
    const { slug } = publicationSchema.parse((await publish(ada, tides.id)).body);
    const learner = await guest();
    const as = bearer(learner.token);
    for (const response of [
      await request(app).get('/api/courses').set(as),
      await request(app).post('/api/courses/create-manual').set(as).send({ name: 'Mine' }),
      await request(app).get('/api/auth/me').set(as),
      await request(app).post(`/api/courses/${tides.id}/publish`).set(as),
      await request(app).get(`/api/courses/${tides.id}/analytics`).set(as),
    ]) {
      expect([response.status, response.body]).toEqual([
        401,
        { error: 'Authentication required', code: 'UNAUTHENTICATED' },
      ]);
    }
    await learner.complete(slug, [tides.intro.id]).expect(200);
  });

  it('counts in analytics exactly what learners did', async () => {
    const ada = await author('ada@example.com');
    const tides = await course(ada);
    const never = await request(app).get(`/api/courses/${tides.id}/analytics`).set(ada.auth);
    expect(never.body).toMatchObject({
      learners_started: 0,
      learners_completed: 0,
      completion_rate: 0,
      topics: [],
    });
    expect(never.body.started_per_day).toHaveLength(ANALYTICS_DAYS);

    const { slug } = publicationSchema.parse((await publish(ada, tides.id)).body);
    const all = [tides.intro.id, tides.basics.id, tides.advanced.id];
    await (await guest()).complete(slug, all).expect(200);
    await (await guest()).complete(slug, [tides.intro.id]).expect(200);
    await (await guest()).complete(slug, [tides.intro.id, tides.advanced.id]).expect(200);
    await (await guest()).complete(slug, []).expect(200);

    const analytics = await request(app).get(`/api/courses/${tides.id}/analytics`).set(ada.auth);
    expect(analytics.headers['cache-control']).toBe('private, no-store');
    expect(courseAnalyticsSchema.parse(analytics.body)).toEqual(analytics.body);
    expect(analytics.body).toMatchObject({
      learners_started: 3,
      learners_completed: 1,
      completion_rate: 1 / 3,
      topics: [
        {
          topic_id: tides.intro.id,
          name: 'Intro',
          subject_name: 'Moon',
          chapter_name: 'Orbits',
          completed: 3,
        },
        {
          topic_id: tides.basics.id,
          name: 'Basics',
          subject_name: 'Moon',
          chapter_name: 'Orbits',
          completed: 1,
        },
        {
          topic_id: tides.advanced.id,
          name: 'Advanced',
          subject_name: 'Moon',
          chapter_name: 'Pull',
          completed: 2,
        },
      ],
    });
    const days = courseAnalyticsSchema.parse(analytics.body).started_per_day;
    expect(days.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), learners: 3 });
    expect(days.reduce((sum, day) => sum + day.learners, 0)).toBe(3);

    const other = await author('bob@example.com');
    expect(
      (await request(app).get(`/api/courses/${tides.id}/analytics`).set(other.auth)).status,
    ).toBe(404);
  });

  it('deleting the course leaves no publication, published lesson, progress or published image', async () => {
    const ada = await author('ada@example.com');
    const tides = await course(ada);
    await ada.images(`/${tides.id}/generate`).expect(200);
    const { slug } = publicationSchema.parse((await publish(ada, tides.id)).body);
    await publish(ada, tides.id).expect(200);
    await (await guest()).complete(slug, [tides.intro.id]).expect(200);
    const before = await documentsOf(tides.id);
    expect(before.publications).toHaveLength(1);
    expect(before.lessons).toHaveLength(6);
    expect(before.progress).toHaveLength(1);
    expect((await storedImages()).some((file) => file.startsWith(`published/${tides.id}/`))).toBe(
      true,
    );

    await ada.delete(`/${tides.id}`).expect(204);
    expect(await documentsOf(tides.id)).toEqual({
      publications: [],
      lessons: [],
      progress: [],
      leases: [],
    });
    expect((await publicationsCollection(db()).get()).size).toBe(0);
    expect((await storedImages()).filter((file) => file.startsWith('published/'))).toEqual([]);
    expect((await learnCourse(slug)).status).toBe(404);
  });

  it('keeps the course when forgetting its publication fails, so deleting again finishes', async () => {
    const failing = createApp({
      publishingRepository: {
        ...publishingRepository(),
        forgetCourse: () => Promise.reject(new Error('Firestore unavailable')),
      },
    });
    const ada = await author('ada@example.com');
    const tides = await course(ada);
    const { slug } = publicationSchema.parse((await publish(ada, tides.id)).body);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const refused = await request(failing).delete(`/api/courses/${tides.id}`).set(ada.auth);
    log.mockRestore();
    expect(refused.status).toBe(500);
    expect((await ada.get(`/${tides.id}`)).body.published).toBe(true);
    expect((await learnCourse(slug)).status).toBe(200);

    await ada.delete(`/${tides.id}`).expect(204);
    expect((await documentsOf(tides.id)).publications).toEqual([]);
    expect((await learnCourse(slug)).status).toBe(404);
  });

  it('refuses to delete a course while it is being published, and the other way round', async () => {
    const ada = await author('ada@example.com');
    const tides = await course(ada);
    const release = await publishingRepository().tryAcquireLease({ courseId: tides.id });
    const refused = await ada.delete(`/${tides.id}`);
    expect([refused.status, refused.body]).toEqual([
      409,
      { error: PUBLISHING_MESSAGES.publishInProgress, code: 'CONFLICT' },
    ]);
    expect((await ada.get(`/${tides.id}`)).status).toBe(200);
    await release?.();

    // A publish that starts while the tree is being deleted gets 409 and publishes nothing.
    let publishDuringDelete: request.Response | undefined;
    const slow = createApp({
      outlineRepository: {
        ...outlineRepository(),
        deleteCourse: async (path) => {
          publishDuringDelete = await publish(ada, tides.id);
          await outlineRepository().deleteCourse(path);
        },
      },
    });
    await request(slow).delete(`/api/courses/${tides.id}`).set(ada.auth).expect(204);
    expect(publishDuringDelete?.status).toBe(409);
    expect(await documentsOf(tides.id)).toEqual({
      publications: [],
      lessons: [],
      progress: [],
      leases: [],
    });
  });

  it('turns concurrent publish clicks into one new version', async () => {
    const ada = await author('ada@example.com');
    const tides = await course(ada);
    const clicks = await Promise.all([publish(ada, tides.id), publish(ada, tides.id)]);
    expect(clicks.map((click) => click.status).sort()).toEqual([200, 409]);
    const refused = clicks.find((click) => click.status === 409);
    expect(refused?.body).toEqual({
      error: PUBLISHING_MESSAGES.publishInProgress,
      code: 'CONFLICT',
    });
    const status = await request(app).get(`/api/courses/${tides.id}/publish`).set(ada.auth);
    expect(status.body.publication.version).toBe(1);
    expect((await documentsOf(tides.id)).leases).toEqual([]);
    expect((await publish(ada, tides.id)).body.version).toBe(2);
  });
});
