import {
  QUESTION_MESSAGES,
  learnerAnswersResultSchema,
  learnerQuestionsSchema,
  publicationSchema,
  tooManyRequestsMessage,
  type Question,
} from '@coursecraft/contracts';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApp, createLearnApp } from '../../functions/src/app';
import { db } from '../../functions/src/lib/firestore/db';
import {
  learnerAnswersCollection,
  learnerAnswersRef,
  publishedQuestionsCollection,
} from '../../functions/src/lib/firestore/paths';
import { app, author, resetFake, resetImages } from './support/ai';
import { orphanedDocuments } from './support/database';
import { resetEmulators, signUpAnonymously } from './support/emulators';
import { atWindowEdge, limitsWith } from './support/limits';

type Author = Awaited<ReturnType<typeof author>>;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const learnApp = createLearnApp();

/**
 * What no learner may see before answering, as distinctive strings, so its absence from a page
 * or a response is a plain search: the accepted answers, the feedback of options, the quiz-only
 * question and every explanation. (Which option is right and the right order have no text of
 * their own: they are checked by shape.)
 */
const SECRET = {
  accepted: 'Zanzibarquux',
  acceptedToo: 'Quokkatraz',
  feedback: 'Feedbackwrongone',
  quizOnly: 'Quizonlyfrobnitz',
  explanation: 'Explained',
} as const;

type Label = 'qSingle' | 'qMulti' | 'qTrue' | 'qShort' | 'qNumber' | 'qOrder' | 'qQuiz';

const base = (id: Label) => ({
  id,
  origin: 'author' as const,
  text: `Question ${id}`,
  explanation: `Explained ${id}`,
  quiz_only: false,
});

/** One question of every type, and a quiz-only one; ids are labels until the API gives real ones. */
const QUESTIONS: (Question & { id: Label })[] = [
  {
    ...base('qSingle'),
    type: 'single_choice',
    options: [
      { id: 'o1', text: 'Wrong one', correct: false, feedback: SECRET.feedback },
      { id: 'o2', text: 'Right one', correct: true, feedback: '' },
    ],
  },
  {
    ...base('qMulti'),
    type: 'multiple_choice',
    options: [
      { id: 'm1', text: 'Red', correct: true, feedback: '' },
      { id: 'm2', text: 'Green', correct: false, feedback: '' },
      { id: 'm3', text: 'Blue', correct: true, feedback: '' },
    ],
  },
  { ...base('qTrue'), type: 'true_false', answer: true },
  {
    ...base('qShort'),
    type: 'short_answer',
    accepted_answers: [SECRET.accepted, SECRET.acceptedToo],
    tolerance: null,
  },
  {
    ...base('qNumber'),
    type: 'short_answer',
    accepted_answers: ['3.14'],
    tolerance: 0.01,
  },
  {
    ...base('qOrder'),
    type: 'ordering',
    items: [
      { id: 's1', text: 'First step' },
      { id: 's2', text: 'Second step' },
      { id: 's3', text: 'Third step' },
    ],
  },
  {
    ...base('qQuiz'),
    text: SECRET.quizOnly,
    type: 'true_false',
    answer: false,
    quiz_only: true,
  },
];
const CHECK_LABELS = QUESTIONS.filter((question) => !question.quiz_only).map(({ id }) => id);

/** Course → subject → chapter → Tides (lesson, every question), Waves (lesson, no questions). */
async function course(client: Author) {
  const id = (await client.post('/create-manual', { name: 'Ocean', description: 'The sea' })).body
    .id as string;
  const subject = (await client.post(`/${id}/subjects`, { name: 'Moon' })).body.id as string;
  const s = `/${id}/subjects/${subject}`;
  const chapter = (await client.post(`${s}/chapters`, { name: 'Orbits' })).body.id as string;
  const ch = `${s}/chapters/${chapter}`;
  const topic = async (name: string) => {
    const topicId = (await client.post(`${ch}/topics`, { name })).body.id as string;
    await client.post(`${ch}/topics/${topicId}/content`, { content: `## ${name}` });
    return topicId;
  };
  const tides = await topic('Tides');
  const waves = await topic('Waves');
  // Through the authors' API; each question gets its own random id.
  const q = {} as Record<Label, string>;
  for (const question of QUESTIONS) {
    const { id: label, ...withOrigin } = question;
    const input: Record<string, unknown> = { ...withOrigin };
    delete input.origin;
    const created = await client.post(`${ch}/topics/${tides}/questions`, input);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    q[label] = created.body.id as string;
  }
  return { id, tides, waves, topicPath: `${ch}/topics`, q };
}

const publish = async (client: Author, courseId: string) => {
  const response = await request(app).post(`/api/courses/${courseId}/publish`).set(client.auth);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return publicationSchema.parse(response.body);
};

const questionsOf = (slug: string, topicId: string, query = '') =>
  request(app).get(`/api/learn/${slug}/topics/${topicId}/questions${query}`);

/** A learner signed in anonymously, answering with their own token. */
async function guest(api = app) {
  const { uid, idToken } = await signUpAnonymously();
  return {
    uid,
    answer: (slug: string, topicId: string, body: object) =>
      request(api)
        .post(`/api/learn/${slug}/topics/${topicId}/answers`)
        .set(bearer(idToken))
        .send(body),
  };
}

const one = (question_id: string, fields: object) => ({ answers: [{ question_id, ...fields }] });

/** What a learner's answers document holds. */
const storedAnswers = async (courseId: string, uid: string) =>
  (await learnerAnswersRef(db(), { courseId }, uid).get()).data();

const answersOfCourse = async (courseId: string) =>
  (await learnerAnswersCollection(db()).where('course_id', '==', courseId).get()).size;
const publishedQuestionsOfCourse = async (courseId: string) =>
  (await publishedQuestionsCollection(db()).where('course_id', '==', courseId).get()).docs.map(
    (doc) => doc.get('version') as number,
  );

/** No secret text and no key field or attribute. */
function expectNoKey(text: string) {
  for (const secret of Object.values(SECRET)) expect(text).not.toContain(secret);
  expect(text).not.toMatch(/correct|accepted|"answer"|tolerance|checked|feedback/i);
}

describe('learners’ topic checks', () => {
  beforeEach(async () => {
    await resetEmulators();
    await resetImages();
    await resetFake();
  });

  it('puts the checks under the lesson with no key: page, questions and a wrong answer alike', async () => {
    const ada = await author('ada@example.com');
    const ocean = await course(ada);
    const { slug, version } = await publish(ada, ocean.id);

    const page = await request(learnApp).get(`/learn/${slug}/${ocean.tides}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(
      `<section class="checks" id="checks" aria-labelledby="checks-title" data-version="${version}">`,
    );
    expect(page.text).toContain(QUESTION_MESSAGES.noScript);
    const forms = [...page.text.matchAll(/data-question-id="([^"]+)"/g)].map((match) => match[1]);
    expect(forms).toEqual(CHECK_LABELS.map((label) => ocean.q[label]));
    expect(page.text).toContain(`<label for="q-${ocean.q.qSingle}-o2">Right one</label>`);
    // The ordering's items are never shown in the right order.
    const order = [...page.text.matchAll(/data-item-id="(s\d)"/g)].map((match) => match[1]);
    expect(order).toHaveLength(3);
    expect(order).not.toEqual(['s1', 's2', 's3']);
    expectNoKey(page.text.slice(page.text.indexOf('<section class="checks"')));
    expect(page.text).not.toContain(ocean.q.qQuiz);

    const waves = await request(learnApp).get(`/learn/${slug}/${ocean.waves}`);
    expect(waves.text).not.toContain('id="checks"');

    const listed = await questionsOf(slug, ocean.tides);
    expect(listed.status).toBe(200);
    expect(listed.headers['cache-control']).toBe('public, max-age=60, s-maxage=60');
    const parsed = learnerQuestionsSchema.parse(listed.body);
    expect(parsed).toMatchObject({ topic_id: ocean.tides, version });
    expect(parsed.questions.map(({ id }) => id)).toEqual(CHECK_LABELS.map((l) => ocean.q[l]));
    const items = parsed.questions.find(({ id }) => id === ocean.q.qOrder)?.items ?? [];
    expect(items.map(({ id }) => id)).toEqual(order);
    expect(parsed.questions.find(({ id }) => id === ocean.q.qTrue)?.options).toEqual([
      { id: 'true', html: 'True' },
      { id: 'false', html: 'False' },
    ]);
    expectNoKey(JSON.stringify(listed.body));

    const learner = await guest();
    const wrong = await learner.answer(slug, ocean.tides, {
      answers: [
        { question_id: ocean.q.qSingle, response: { option_ids: ['o1'] } },
        { question_id: ocean.q.qShort, response: { text: 'Atlantis' } },
        { question_id: ocean.q.qOrder, response: { item_ids: ['s2', 's1', 's3'] } },
        { question_id: ocean.q.qMulti, response: { option_ids: ['m1'] } },
        { question_id: ocean.q.qTrue, response: { value: false } },
      ],
    });
    expect(wrong.status).toBe(200);
    expect(wrong.headers['cache-control']).toBe('private, no-store');
    const results = learnerAnswersResultSchema.parse(wrong.body).results;
    expect(results.map(({ correct, answer }) => [correct, answer])).toEqual(
      Array.from({ length: 5 }, () => [false, null]),
    );
    // After answering: the explanation, and the feedback of the option picked; never the key.
    expect(results[0]).toMatchObject({
      explanation_html: '<p>Explained qSingle</p>',
      feedback_html: [`<p>${SECRET.feedback}</p>`],
    });
    const wrongText = JSON.stringify(
      results.map(({ question_id, correct, answer }) => ({ question_id, correct, answer })),
    );
    for (const secret of [SECRET.accepted, SECRET.acceptedToo])
      expect(wrongText).not.toContain(secret);
    expect(wrongText).not.toMatch(/"o2"|"m3"|"s1","s2","s3"|true/);
  });

  it('grades every type through the API and reveals the answer after a correct try', async () => {
    const ada = await author('ada@example.com');
    const ocean = await course(ada);
    const { slug } = await publish(ada, ocean.id);
    const learner = await guest();
    const right = await learner.answer(slug, ocean.tides, {
      answers: [
        { question_id: ocean.q.qSingle, response: { option_ids: ['o2'] } },
        { question_id: ocean.q.qMulti, response: { option_ids: ['m3', 'm1'] } },
        { question_id: ocean.q.qTrue, response: { value: true } },
        {
          question_id: ocean.q.qShort,
          response: { text: `  ${SECRET.acceptedToo.toUpperCase()} ` },
        },
        { question_id: ocean.q.qNumber, response: { text: '3,15' } },
        { question_id: ocean.q.qOrder, response: { item_ids: ['s1', 's2', 's3'] } },
      ],
    });
    expect(right.status).toBe(200);
    expect(learnerAnswersResultSchema.parse(right.body).results).toEqual([
      expect.objectContaining({ correct: true, answer: { option_ids: ['o2'] } }),
      expect.objectContaining({ correct: true, answer: { option_ids: ['m1', 'm3'] } }),
      expect.objectContaining({ correct: true, answer: { value: true } }),
      expect.objectContaining({
        correct: true,
        answer: { texts: [SECRET.accepted, SECRET.acceptedToo] },
      }),
      expect.objectContaining({ correct: true, answer: { texts: ['3.14'] } }),
      expect.objectContaining({ correct: true, answer: { item_ids: ['s1', 's2', 's3'] } }),
    ]);

    const partial = await learner.answer(
      slug,
      ocean.tides,
      one(ocean.q.qMulti, { response: { option_ids: ['m1'] } }),
    );
    expect(partial.body.results[0]).toMatchObject({ correct: false, answer: null });
    const outside = await learner.answer(
      slug,
      ocean.tides,
      one(ocean.q.qNumber, { response: { text: '3.16' } }),
    );
    expect(outside.body.results[0]).toMatchObject({ correct: false, answer: null });
    const accented = await learner.answer(
      slug,
      ocean.tides,
      one(ocean.q.qShort, { response: { text: 'Zänzibarquux' } }),
    );
    expect(accented.body.results[0]).toMatchObject({ correct: false, answer: null });
    const shape = await learner.answer(
      slug,
      ocean.tides,
      one(ocean.q.qTrue, { response: { text: 'true' } }),
    );
    expect(shape.body.results[0]).toMatchObject({ correct: false, answer: null });
  });

  it('shows the answer on request, graded or not, and records only graded answers', async () => {
    const ada = await author('ada@example.com');
    const ocean = await course(ada);
    const { slug } = await publish(ada, ocean.id);
    const learner = await guest();
    const shown = await learner.answer(slug, ocean.tides, one(ocean.q.qShort, { show: true }));
    expect(shown.status).toBe(200);
    expect(shown.body.results[0]).toEqual({
      question_id: ocean.q.qShort,
      correct: null,
      explanation_html: '<p>Explained qShort</p>',
      feedback_html: [],
      answer: { texts: [SECRET.accepted, SECRET.acceptedToo] },
    });
    expect(await storedAnswers(ocean.id, learner.uid)).toBeUndefined();

    const both = await learner.answer(
      slug,
      ocean.tides,
      one(ocean.q.qOrder, { response: { item_ids: ['s3', 's2', 's1'] }, show: true }),
    );
    expect(both.body.results[0]).toMatchObject({
      correct: false,
      answer: { item_ids: ['s1', 's2', 's3'] },
    });
    await learner.answer(
      slug,
      ocean.tides,
      one(ocean.q.qOrder, { response: { item_ids: ['s1', 's2', 's3'] } }),
    );
    const stored = await storedAnswers(ocean.id, learner.uid);
    expect(stored).toMatchObject({
      course_id: ocean.id,
      uid: learner.uid,
      topics: { [ocean.tides]: { [ocean.q.qOrder]: { correct: true } } },
      [`tries_${ocean.tides}_${ocean.q.qOrder}`]: 2,
    });
    expect(Object.keys(stored?.topics[ocean.tides] ?? {})).toEqual([ocean.q.qOrder]);
  });

  it('refuses a quiz-only or unknown question with nothing stored, and an unknown version', async () => {
    const ada = await author('ada@example.com');
    const ocean = await course(ada);
    const { slug, version } = await publish(ada, ocean.id);
    const learner = await guest();
    for (const questionId of [ocean.q.qQuiz, 'nope']) {
      const refused = await learner.answer(slug, ocean.tides, {
        answers: [
          { question_id: ocean.q.qTrue, response: { value: true } },
          { question_id: questionId, response: { value: false } },
        ],
      });
      expect([refused.status, refused.body]).toEqual([
        404,
        { error: QUESTION_MESSAGES.unknownQuestion, code: 'NOT_FOUND' },
      ]);
    }
    const noChecks = await learner.answer(
      slug,
      ocean.waves,
      one(ocean.q.qTrue, { response: { value: true } }),
    );
    expect(noChecks.status).toBe(404);
    expect(await storedAnswers(ocean.id, learner.uid)).toBeUndefined();

    expect((await questionsOf(slug, ocean.waves)).body).toEqual({
      topic_id: ocean.waves,
      version,
      questions: [],
    });
    expect((await questionsOf(slug, ocean.tides, `?v=${version + 7}`)).status).toBe(404);
    expect((await questionsOf(slug, 'unknownTopic')).status).toBe(404);
    expect((await questionsOf('AAAAAAAAAAAAAAAA', ocean.tides)).status).toBe(404);
    const unknownVersion = await learner.answer(slug, ocean.tides, {
      version: version + 7,
      answers: [{ question_id: ocean.q.qTrue, response: { value: true } }],
    });
    expect(unknownVersion.status).toBe(404);
    expect(await storedAnswers(ocean.id, learner.uid)).toBeUndefined();
  });

  it('grades against a kept older version, and records only topics of the live snapshot', async () => {
    const ada = await author('ada@example.com');
    const ocean = await course(ada);
    const first = await publish(ada, ocean.id);
    await ada.delete(`${ocean.topicPath}/${ocean.tides}`).expect(204);
    const second = await publish(ada, ocean.id);
    expect(second.version).toBe(first.version + 1);

    expect((await questionsOf(first.slug, ocean.tides)).status).toBe(404);
    const old = await questionsOf(first.slug, ocean.tides, `?v=${first.version}`);
    expect(old.status).toBe(200);
    expect(old.body.questions).toHaveLength(CHECK_LABELS.length);

    const learner = await guest();
    const graded = await learner.answer(first.slug, ocean.tides, {
      version: first.version,
      answers: [{ question_id: ocean.q.qTrue, response: { value: true } }],
    });
    expect(graded.status).toBe(200);
    expect(graded.body.results[0]).toMatchObject({ correct: true, answer: { value: true } });
    expect(await storedAnswers(ocean.id, learner.uid)).toBeUndefined();
  });

  it('keeps learners’ answers at unpublish and deletes them, with the questions, with the course', async () => {
    const ada = await author('ada@example.com');
    const ocean = await course(ada);
    const { slug } = await publish(ada, ocean.id);
    await publish(ada, ocean.id);
    await publish(ada, ocean.id);
    // Versions 1 aged out with its questions; 2 (kept for open pages) and 3 (live) remain.
    expect((await publishedQuestionsOfCourse(ocean.id)).sort()).toEqual([2, 3]);
    const learner = await guest();
    await learner
      .answer(slug, ocean.tides, one(ocean.q.qTrue, { response: { value: false } }))
      .expect(200);
    expect(await answersOfCourse(ocean.id)).toBe(1);

    await request(app).delete(`/api/courses/${ocean.id}/publish`).set(ada.auth).expect(200);
    expect(await publishedQuestionsOfCourse(ocean.id)).toEqual([]);
    expect(await answersOfCourse(ocean.id)).toBe(1);

    await publish(ada, ocean.id);
    await ada.delete(`/${ocean.id}`).expect(204);
    expect(await answersOfCourse(ocean.id)).toBe(0);
    expect(await publishedQuestionsOfCourse(ocean.id)).toEqual([]);
    expect(await orphanedDocuments()).toEqual([]);
  });

  it('limits how often one learner answers, with nothing stored beyond the limit', async () => {
    const limited = createApp({
      now: atWindowEdge,
      rateLimits: limitsWith({ answers: { perUser: 2 } }),
    });
    const ada = await author('ada@example.com');
    const ocean = await course(ada);
    const { slug } = await publish(ada, ocean.id);
    const learner = await guest(limited);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await learner
        .answer(slug, ocean.tides, one(ocean.q.qTrue, { response: { value: false } }))
        .expect(200);
    }
    const refused = await learner.answer(
      slug,
      ocean.tides,
      one(ocean.q.qTrue, { response: { value: true } }),
    );
    const retryAfter = Number(refused.headers['retry-after']);
    expect([refused.status, refused.body]).toEqual([
      429,
      { error: tooManyRequestsMessage(retryAfter), code: 'RATE_LIMITED' },
    ]);
    expect(await storedAnswers(ocean.id, learner.uid)).toMatchObject({
      topics: { [ocean.tides]: { [ocean.q.qTrue]: { correct: false } } },
      [`tries_${ocean.tides}_${ocean.q.qTrue}`]: 2,
    });
    // Per learner: another one still answers.
    await (
      await guest(limited)
    )
      .answer(slug, ocean.tides, one(ocean.q.qTrue, { response: { value: true } }))
      .expect(200);
  });

  it('refuses more answers than a topic may hold questions, and anonymous callers, storing nothing', async () => {
    const ada = await author('ada@example.com');
    const ocean = await course(ada);
    const { slug } = await publish(ada, ocean.id);
    const learner = await guest();
    const tooMany = await learner.answer(slug, ocean.tides, {
      answers: Array.from({ length: 21 }, () => ({
        question_id: ocean.q.qTrue,
        response: { value: true },
      })),
    });
    expect([tooMany.status, tooMany.body.code]).toEqual([400, 'VALIDATION']);
    const noToken = await request(app)
      .post(`/api/learn/${slug}/topics/${ocean.tides}/answers`)
      .send(one(ocean.q.qTrue, { response: { value: true } }));
    expect(noToken.status).toBe(401);
    expect(await answersOfCourse(ocean.id)).toBe(0);
  });
});
