import {
  DEFAULT_COURSE_SETTINGS,
  QUIZ_MESSAGES,
  learnerCourseSchema,
  learnerProgressSchema,
  publicationSchema,
  quizAttemptSchema,
  quizResultSchema,
  tooManyRequestsMessage,
  type ChapterQuizSettings,
  type QuestionInput,
} from '@coursecraft/contracts';
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/src/app';
import { db } from '../../functions/src/lib/firestore/db';
import {
  publishedQuizzesCollection,
  questionStatsCollection,
  questionStatsRef,
  quizAttemptsCollection,
} from '../../functions/src/lib/firestore/paths';
import { app, author, resetFake, resetImages } from './support/ai';
import { orphanedDocuments, snapshotDatabase } from './support/database';
import { resetEmulators, signUpAnonymously } from './support/emulators';
import { atWindowEdge, limitsWith } from './support/limits';

type Author = Awaited<ReturnType<typeof author>>;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A key's text no learner may see before their result shows answers. */
const SECRET = 'Explainedsecret';

const single: QuestionInput = {
  type: 'single_choice',
  text: 'Which pulls the tides?',
  explanation: `${SECRET} single`,
  quiz_only: false,
  options: [
    { id: 'wind', text: 'The wind', correct: false, feedback: '' },
    { id: 'sun', text: 'The Sun', correct: false, feedback: '' },
    { id: 'mars', text: 'Mars', correct: false, feedback: '' },
    { id: 'moon', text: 'The Moon', correct: true, feedback: '' },
  ],
};
const trueFalse: QuestionInput = {
  type: 'true_false',
  text: 'Two high tides a day?',
  explanation: `${SECRET} true`,
  quiz_only: false,
  answer: true,
};
const quizOnly: QuestionInput = {
  type: 'true_false',
  text: 'Quiz only: the Moon is a planet?',
  explanation: `${SECRET} quiz`,
  quiz_only: true,
  answer: false,
};

/**
 * Course → subject → chapter Tides (topic Moon: a lesson and three questions, one quiz-only;
 * topic Waves: a lesson, no question) and chapter Winds (topic Breeze: a lesson, no question,
 * so no quiz).
 */
async function course(client: Author, settings?: Partial<ChapterQuizSettings>) {
  const id = (await client.post('/create-manual', { name: 'Ocean', description: '' })).body
    .id as string;
  const subject = (await client.post(`/${id}/subjects`, { name: 'Sea' })).body.id as string;
  const s = `/${id}/subjects/${subject}`;
  const chapterOf = async (name: string) =>
    (await client.post(`${s}/chapters`, { name })).body.id as string;
  const tides = await chapterOf('Tides');
  const winds = await chapterOf('Winds');
  const topicOf = async (chapter: string, name: string) => {
    const topicId = (await client.post(`${s}/chapters/${chapter}/topics`, { name })).body
      .id as string;
    await client.post(`${s}/chapters/${chapter}/topics/${topicId}/content`, { content: name });
    return topicId;
  };
  const moon = await topicOf(tides, 'Moon');
  const waves = await topicOf(tides, 'Waves');
  const breeze = await topicOf(winds, 'Breeze');
  const questionsPath = `${s}/chapters/${tides}/topics/${moon}/questions`;
  const add = async (input: QuestionInput) => {
    const created = await client.post(questionsPath, input);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.id as string;
  };
  const q = {
    single: await add(single),
    trueFalse: await add(trueFalse),
    quiz: await add(quizOnly),
  };
  if (settings) {
    const saved = await request(app)
      .put(`/api/courses${s}/chapters/${tides}/quiz`)
      .set(client.auth)
      .send({
        questions_per_attempt: null,
        pass_mark: 70,
        attempts: null,
        shuffle: false,
        show_answers_after: 'passed_or_last',
        ...settings,
      });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
  return {
    id,
    tides,
    winds,
    topics: [moon, waves, breeze],
    questionsPath,
    settingsPath: `/api/courses/${id}/settings`,
    q,
  };
}
type Course = Awaited<ReturnType<typeof course>>;

const publish = async (client: Author, courseId: string) => {
  const response = await request(app).post(`/api/courses/${courseId}/publish`).set(client.auth);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return publicationSchema.parse(response.body);
};

/** A learner signed in anonymously, with their own token. */
async function guest(api = app) {
  const { uid, idToken } = await signUpAnonymously();
  const auth = bearer(idToken);
  return {
    uid,
    start: (slug: string, chapter: string) =>
      request(api).post(`/api/learn/${slug}/chapters/${chapter}/attempts`).set(auth).send({}),
    submit: (slug: string, chapter: string, attempt: string, answers: object[]) =>
      request(api)
        .post(`/api/learn/${slug}/chapters/${chapter}/attempts/${attempt}/submit`)
        .set(auth)
        .send({ answers }),
    progress: async (slug: string) =>
      learnerProgressSchema.parse(
        (await request(api).get(`/api/learn/${slug}/progress`).set(auth).expect(200)).body,
      ),
    complete: (slug: string, ids: string[]) =>
      request(api)
        .put(`/api/learn/${slug}/progress`)
        .set(auth)
        .send({ completed_topic_ids: ids })
        .expect(200),
    check: (slug: string, topic: string, answers: object[]) =>
      request(api)
        .post(`/api/learn/${slug}/topics/${topic}/answers`)
        .set(auth)
        .send({ answers })
        .expect(200),
  };
}
type Guest = Awaited<ReturnType<typeof guest>>;

const attemptsOf = async (courseId: string) =>
  (await quizAttemptsCollection(db()).where('course_id', '==', courseId).get()).size;

/** A question's first-answer counters: [first_answers, first_correct], [0, 0] without any. */
async function statsOf(courseId: string, questionId: string): Promise<[number, number]> {
  const stored = (await questionStatsRef(db(), { courseId }, questionId).get()).data();
  return [Number(stored?.first_answers ?? 0), Number(stored?.first_correct ?? 0)];
}

/** Answers every question of an attempt by id: right ones from `right`, else the wrong value. */
function answersFor(ocean: Course, ids: string[], right: Set<string>) {
  return ids.map((questionId) => {
    if (questionId === ocean.q.single) {
      return {
        question_id: questionId,
        response: { option_ids: [right.has(questionId) ? 'moon' : 'wind'] },
      };
    }
    const key = questionId === ocean.q.trueFalse;
    return { question_id: questionId, response: { value: right.has(questionId) ? key : !key } };
  });
}

async function startOk(learner: Guest, slug: string, chapter: string, status = 201) {
  const started = await learner.start(slug, chapter);
  expect(started.status, JSON.stringify(started.body)).toBe(status);
  return quizAttemptSchema.parse(started.body);
}

describe('chapter quiz attempts on one published course', () => {
  let ada: Author;
  let ocean: Course;
  let slug = '';

  beforeAll(async () => {
    await resetEmulators();
    await resetImages();
    await resetFake();
    ada = await author('ada@example.com');
    ocean = await course(ada, {
      attempts: 2,
      pass_mark: 60,
      shuffle: true,
      show_answers_after: 'passed_or_last',
    });
    slug = (await publish(ada, ocean.id)).slug;
  });

  it('runs the lifecycle: one attempt from two tabs, grading by id with shuffling, the limit, counters at first answers', async () => {
    const outline = learnerCourseSchema.parse((await request(app).get(`/api/learn/${slug}`)).body);
    const chapters = outline.subjects[0]?.chapters ?? [];
    expect(chapters.map((chapter) => chapter.quiz)).toEqual([
      {
        question_count: 3,
        pass_mark: 60,
        attempts: 2,
        shuffle: true,
        show_answers_after: 'passed_or_last',
      },
      null,
    ]);
    expect(outline.require_quiz_pass).toBe(true);

    const learner = await guest();
    // A topic check first: its first answer counts, and the quiz's answer to it later does not.
    await learner.check(slug, ocean.topics[0] ?? '', [
      { question_id: ocean.q.trueFalse, response: { value: true } },
    ]);
    await learner.check(slug, ocean.topics[0] ?? '', [
      { question_id: ocean.q.trueFalse, response: { value: false } },
    ]);
    expect(await statsOf(ocean.id, ocean.q.trueFalse)).toEqual([1, 1]);
    // Stored progress already: only the attempt's own document can tell the two tabs apart.
    await learner.complete(slug, [ocean.topics[1] ?? '']);

    const [one, two] = await Promise.all([
      learner.start(slug, ocean.tides),
      learner.start(slug, ocean.tides),
    ]);
    expect([one?.status, two?.status].sort()).toEqual([200, 201]);
    const attempt = quizAttemptSchema.parse(one?.body);
    expect(quizAttemptSchema.parse(two?.body)).toEqual(attempt);
    expect(attempt).toMatchObject({
      chapter_id: ocean.tides,
      number: 1,
      pass_mark: 60,
      attempts_left: 1,
    });
    expect(one?.headers['cache-control']).toBe('private, no-store');
    const ids = attempt.questions.map((question) => question.id);
    expect([...ids].sort()).toEqual(Object.values(ocean.q).sort());
    expect(JSON.stringify(attempt)).not.toMatch(new RegExp(`${SECRET}|correct|"answer"`));
    expect(await attemptsOf(ocean.id)).toBe(1);
    expect((await learner.progress(slug)).quizzes).toEqual([
      {
        chapter_id: ocean.tides,
        attempts_used: 1,
        attempts_left: 1,
        best_score: null,
        passed: false,
        open_attempt: true,
      },
    ]);

    // Right by id (wherever the shuffle put the Moon), wrong true-or-false, quiz-only
    // unanswered; sent in the reverse of the attempt's order, so no answer sits at its position.
    const answered = ids.filter((id) => id !== ocean.q.quiz).reverse();
    const answers = answersFor(ocean, answered, new Set([ocean.q.single]));
    const failed = await learner.submit(slug, ocean.tides, attempt.attempt_id, answers);
    expect(failed.status, JSON.stringify(failed.body)).toBe(200);
    const first = quizResultSchema.parse(failed.body);
    expect(first).toMatchObject({
      score: 33,
      correct: 1,
      total: 3,
      passed: false,
      best_score: 33,
      attempts_left: 1,
      answers_shown: false,
    });
    expect(first.results.map((result) => result.question_id)).toEqual(ids);
    const byId = new Map(first.results.map((result) => [result.question_id, result]));
    expect(byId.get(ocean.q.single)).toMatchObject({ correct: true, answer: null });
    expect(byId.get(ocean.q.quiz)).toMatchObject({ correct: false, response: null, answer: null });
    expect(JSON.stringify(first)).not.toContain(SECRET);

    const again = await learner.submit(slug, ocean.tides, attempt.attempt_id, answers);
    expect([again.status, again.body]).toEqual([
      409,
      { error: QUIZ_MESSAGES.alreadySubmitted, code: 'ATTEMPT_SUBMITTED' },
    ]);
    expect(await statsOf(ocean.id, ocean.q.single)).toEqual([1, 1]);
    expect(await statsOf(ocean.id, ocean.q.trueFalse)).toEqual([1, 1]);
    expect(await statsOf(ocean.id, ocean.q.quiz)).toEqual([0, 0]);

    const second = await startOk(learner, slug, ocean.tides);
    expect(second).toMatchObject({ number: 2, attempts_left: 0 });
    const passed = quizResultSchema.parse(
      (
        await learner
          .submit(slug, ocean.tides, second.attempt_id, answersFor(ocean, ids, new Set(ids)))
          .expect(200)
      ).body,
    );
    expect(passed).toMatchObject({
      score: 100,
      passed: true,
      best_score: 100,
      answers_shown: true,
    });
    expect(passed.results.find((r) => r.question_id === ocean.q.single)).toMatchObject({
      answer: { option_ids: ['moon'] },
      explanation_html: `<p>${SECRET} single</p>`,
    });
    // Only the quiz-only question was answered for the first time.
    expect(await statsOf(ocean.id, ocean.q.single)).toEqual([1, 1]);
    expect(await statsOf(ocean.id, ocean.q.quiz)).toEqual([1, 1]);

    const before = await snapshotDatabase();
    const refused = await learner.start(slug, ocean.tides);
    expect([refused.status, refused.body]).toEqual([
      409,
      { error: QUIZ_MESSAGES.noAttemptsLeft, code: 'NO_ATTEMPTS_LEFT' },
    ]);
    expect(await snapshotDatabase()).toEqual(before);
    const progress = await learner.progress(slug);
    expect(progress.quizzes).toEqual([
      {
        chapter_id: ocean.tides,
        attempts_used: 2,
        attempts_left: 0,
        best_score: 100,
        passed: true,
        open_attempt: false,
      },
    ]);
    expect(progress.course_completed).toBe(false);
    // Every topic and the passed quiz: completed.
    const saved = learnerProgressSchema.parse((await learner.complete(slug, ocean.topics)).body);
    expect(saved).toMatchObject({ course_completed: true, quizzes: progress.quizzes });

    // A second learner: a first quiz answer counts, wrong or right.
    const other = await guest();
    const theirs = await startOk(other, slug, ocean.tides);
    await other
      .submit(slug, ocean.tides, theirs.attempt_id, answersFor(ocean, [ocean.q.single], new Set()))
      .expect(200);
    expect(await statsOf(ocean.id, ocean.q.single)).toEqual([2, 1]);
    expect(await statsOf(ocean.id, ocean.q.trueFalse)).toEqual([1, 1]);
  });

  it('answers 404 for a chapter without a quiz and for an attempt not the caller’s, 400 for answers outside it, writing nothing', async () => {
    const learner = await guest();
    const notFound = { error: 'Not found', code: 'NOT_FOUND' };
    for (const chapter of [ocean.winds, 'x'.repeat(20), 'bad']) {
      const refused = await learner.start(slug, chapter);
      expect([refused.status, refused.body]).toEqual([404, notFound]);
    }
    expect((await learner.start('AAAAAAAAAAAAAAAA', ocean.tides)).status).toBe(404);
    const attempt = await startOk(learner, slug, ocean.tides);
    const before = await snapshotDatabase();
    const unknown = { error: QUIZ_MESSAGES.unknownAttempt, code: 'NOT_FOUND' };
    const stranger = await guest();
    const misses = [
      stranger.submit(slug, ocean.tides, attempt.attempt_id, []),
      learner.submit(slug, ocean.winds, attempt.attempt_id, []),
      learner.submit(slug, ocean.tides, `${ocean.tides}n9`, []),
      learner.submit(slug, ocean.tides, 'bad-id!', []),
    ];
    for (const refused of await Promise.all(misses)) {
      expect([refused.status, refused.body]).toEqual([404, unknown]);
    }
    const outside = { error: QUIZ_MESSAGES.answerNotInAttempt, code: 'VALIDATION' };
    const twice = [ocean.q.trueFalse, ocean.q.trueFalse];
    for (const ids of [[ocean.q.trueFalse, 'elsewhere'], twice]) {
      const refused = await learner.submit(
        slug,
        ocean.tides,
        attempt.attempt_id,
        answersFor(ocean, ids, new Set()),
      );
      expect([refused.status, refused.body]).toEqual([400, outside]);
    }
    const malformed = await learner.submit(slug, ocean.tides, attempt.attempt_id, [
      { question_id: 1 },
    ]);
    expect([malformed.status, malformed.body.code]).toEqual([400, 'VALIDATION']);
    const noToken = await request(app)
      .post(`/api/learn/${slug}/chapters/${ocean.tides}/attempts`)
      .send({});
    expect(noToken.status).toBe(401);
    expect(await snapshotDatabase()).toEqual(before);
    // Still open: the same attempt comes back.
    expect(await startOk(learner, slug, ocean.tides, 200)).toEqual(attempt);
  });

  it('limits starts and submits per learner', async () => {
    const limited = createApp({
      now: atWindowEdge,
      rateLimits: limitsWith({ quiz: { perUser: 2 } }),
    });
    const learner = await guest(limited);
    const attempt = await startOk(learner, slug, ocean.tides);
    await learner.submit(slug, ocean.tides, attempt.attempt_id, []).expect(200);
    const refused = await learner.start(slug, ocean.tides);
    const retryAfter = Number(refused.headers['retry-after']);
    expect([refused.status, refused.body]).toEqual([
      429,
      { error: tooManyRequestsMessage(retryAfter), code: 'RATE_LIMITED' },
    ]);
    expect((await learner.progress(slug)).quizzes[0]?.attempts_used).toBe(1);
  });
});

describe('chapter quizzes across republishing and deletion', () => {
  beforeEach(async () => {
    await resetEmulators();
    await resetImages();
    await resetFake();
  });

  it('grades an open attempt against its own keys after a republish, keeps best scores, and completes by the rules', async () => {
    const ada = await author('ada@example.com');
    const ocean = await course(ada);
    const { slug } = await publish(ada, ocean.id);
    const learner = await guest();
    const failing = await startOk(learner, slug, ocean.tides);
    const ids = failing.questions.map((question) => question.id);
    // Without shuffle the pool's order: the topic's questions in the author's order.
    expect(ids).toEqual([ocean.q.single, ocean.q.trueFalse, ocean.q.quiz]);
    await learner
      .submit(
        slug,
        ocean.tides,
        failing.attempt_id,
        answersFor(ocean, ids, new Set([ocean.q.single])),
      )
      .expect(200);
    await learner.complete(slug, ocean.topics);
    let progress = await learner.progress(slug);
    expect(progress).toMatchObject({ course_completed: false });
    expect(progress.quizzes[0]).toMatchObject({
      best_score: 33,
      passed: false,
      attempts_left: null,
    });

    const open = await startOk(learner, slug, ocean.tides);
    // The author flips the true-or-false key and republishes while the attempt is open.
    await request(app)
      .put(`/api/courses${ocean.questionsPath}/${ocean.q.trueFalse}`)
      .set(ada.auth)
      .send({ ...trueFalse, answer: false })
      .expect(200);
    await publish(ada, ocean.id);
    expect(await startOk(learner, slug, ocean.tides, 200)).toEqual(open);
    const graded = quizResultSchema.parse(
      (
        await learner.submit(
          slug,
          ocean.tides,
          open.attempt_id,
          answersFor(ocean, ids, new Set(ids)),
        )
      ).body,
    );
    expect(graded).toMatchObject({ score: 100, passed: true, best_score: 100 });
    expect(graded.results.find((r) => r.question_id === ocean.q.trueFalse)).toMatchObject({
      correct: true,
      answer: { value: true },
    });
    progress = await learner.progress(slug);
    expect(progress).toMatchObject({ course_completed: true });

    // A failed attempt after the pass keeps it and the best score, across another republish.
    const third = await startOk(learner, slug, ocean.tides);
    await learner.submit(slug, ocean.tides, third.attempt_id, []).expect(200);
    await publish(ada, ocean.id);
    progress = await learner.progress(slug);
    expect(progress.quizzes[0]).toMatchObject({ attempts_used: 3, best_score: 100, passed: true });
    expect(progress.course_completed).toBe(true);

    // Topics alone complete the course once passing is not required.
    const topicsOnly = await guest();
    await topicsOnly.complete(slug, ocean.topics);
    expect((await topicsOnly.progress(slug)).course_completed).toBe(false);
    await request(app)
      .put(ocean.settingsPath)
      .set(ada.auth)
      .send({ ...DEFAULT_COURSE_SETTINGS, require_quiz_pass: false })
      .expect(200);
    await publish(ada, ocean.id);
    expect(await topicsOnly.progress(slug)).toMatchObject({
      course_completed: true,
      quizzes: [expect.objectContaining({ attempts_used: 0, best_score: null })],
    });
    // Topics are still needed.
    const quizOnlyLearner = await guest();
    const theirs = await startOk(quizOnlyLearner, slug, ocean.tides);
    await quizOnlyLearner
      .submit(slug, ocean.tides, theirs.attempt_id, answersFor(ocean, ids, new Set(ids)))
      .expect(200);
    expect((await quizOnlyLearner.progress(slug)).course_completed).toBe(false);
  });

  it('keeps attempts and counters at unpublish, deletes old versions’ quizzes, and everything with the course', async () => {
    const ada = await author('ada@example.com');
    const ocean = await course(ada);
    const { slug } = await publish(ada, ocean.id);
    await publish(ada, ocean.id);
    await publish(ada, ocean.id);
    const versions = async () =>
      (await publishedQuizzesCollection(db()).where('course_id', '==', ocean.id).get()).docs
        .map((doc) => doc.get('version') as number)
        .sort();
    expect(await versions()).toEqual([2, 3]);
    const learner = await guest();
    const attempt = await startOk(learner, slug, ocean.tides);
    await learner.submit(slug, ocean.tides, attempt.attempt_id, []).expect(200);
    await startOk(learner, slug, ocean.tides);
    await learner.check(slug, ocean.topics[0] ?? '', [
      { question_id: ocean.q.single, response: { option_ids: ['moon'] } },
    ]);
    const stats = async () =>
      (await questionStatsCollection(db()).where('course_id', '==', ocean.id).get()).size;
    expect([await attemptsOf(ocean.id), await stats()]).toEqual([2, 1]);

    await request(app).delete(`/api/courses/${ocean.id}/publish`).set(ada.auth).expect(200);
    expect(await versions()).toEqual([]);
    expect([await attemptsOf(ocean.id), await stats()]).toEqual([2, 1]);

    await publish(ada, ocean.id);
    await ada.delete(`/${ocean.id}`).expect(204);
    expect([await attemptsOf(ocean.id), await stats(), ...(await versions())]).toEqual([0, 0]);
    expect(await orphanedDocuments()).toEqual([]);
  });
});
