import {
  DEFAULT_CHAPTER_QUIZ_SETTINGS,
  courseAnalyticsSchema,
  mostMissedQuestions,
  publicationSchema,
  quizPassed,
  quizScore,
  type CourseAnalytics,
  quizAttemptSchema,
} from '@coursecraft/contracts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/src/lib/firestore/db';
import { questionStatsCollection } from '../../functions/src/lib/firestore/paths';
import { app, author, resetFake, resetImages } from './support/ai';
import { resetEmulators, signUpAnonymously } from './support/emulators';

type Author = Awaited<ReturnType<typeof author>>;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The course: Orbits (Intro: qA, qB; Basics: qC quiz-only), Pull (Advanced: qD), Rest (Calm: none). */
const QUESTION_TEXTS = {
  qA: 'Is the **Moon** a satellite of $E$?',
  qB: 'Does the Moon pull the sea?',
  qC: 'Is a spring tide the highest?',
  qD: 'Is gravity a force?',
} as const;
type Label = keyof typeof QUESTION_TEXTS;
const PLAIN_TEXTS: Record<Label, string> = {
  qA: 'Is the Moon a satellite of E?',
  qB: 'Does the Moon pull the sea?',
  qC: 'Is a spring tide the highest?',
  qD: 'Is gravity a force?',
};

async function buildCourse(client: Author) {
  const id = (await client.post('/create-manual', { name: 'Tides', description: 'The sea' })).body
    .id as string;
  const s = `/${id}/subjects/${(await client.post(`/${id}/subjects`, { name: 'Moon' })).body.id}`;
  const chapter = async (name: string) => {
    const chapterId = (await client.post(`${s}/chapters`, { name })).body.id as string;
    return { id: chapterId, path: `${s}/chapters/${chapterId}` };
  };
  const topic = async (at: { path: string }, name: string) => {
    const topicId = (await client.post(`${at.path}/topics`, { name })).body.id as string;
    await client.post(`${at.path}/topics/${topicId}/content`, { content: `## ${name}` });
    return { id: topicId, path: `${at.path}/topics/${topicId}` };
  };
  const question = async (at: { path: string }, label: Label, quizOnly = false) => {
    const created = await client.post(`${at.path}/questions`, {
      type: 'true_false',
      text: QUESTION_TEXTS[label],
      explanation: '',
      quiz_only: quizOnly,
      answer: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.id as string;
  };
  const orbits = await chapter('Orbits');
  const pull = await chapter('Pull');
  const rest = await chapter('Rest');
  const intro = await topic(orbits, 'Intro');
  const basics = await topic(orbits, 'Basics');
  const advanced = await topic(pull, 'Advanced');
  const calm = await topic(rest, 'Calm');
  const q: Record<Label, string> = {
    qA: await question(intro, 'qA'),
    qB: await question(intro, 'qB'),
    qC: await question(basics, 'qC', true),
    qD: await question(advanced, 'qD'),
  };
  return { id, orbits, pull, rest, intro, basics, advanced, calm, q };
}
type Course = Awaited<ReturnType<typeof buildCourse>>;

/** What a learner does, in order: topics completed, topic checks answered, quiz attempts. */
type Step =
  | { complete: (keyof Pick<Course, 'intro' | 'basics' | 'advanced' | 'calm'>)[] }
  | { check: Label; correct: boolean }
  | { quiz: 'orbits' | 'pull'; right: Label[]; skipped?: Label[] }
  | { quizStarted: 'orbits' | 'pull' };

const POOLS: Record<'orbits' | 'pull', Label[]> = { orbits: ['qA', 'qB', 'qC'], pull: ['qD'] };
const TOPIC_OF: Record<Label, 'intro' | 'basics' | 'advanced'> = {
  qA: 'intro',
  qB: 'intro',
  qC: 'basics',
  qD: 'advanced',
};

const LEARNERS: Step[][] = [
  // Everything right the first time: completes the course either way.
  [
    { complete: ['intro', 'basics', 'advanced', 'calm'] },
    { check: 'qA', correct: true },
    { quiz: 'orbits', right: ['qA', 'qB', 'qC'] },
    { quiz: 'pull', right: ['qD'] },
  ],
  // Wrong first in checks, right later; fails Orbits, passes it, fails again; never takes Pull.
  [
    { check: 'qA', correct: false },
    { check: 'qA', correct: true },
    { check: 'qB', correct: false },
    { quiz: 'orbits', right: ['qA'] },
    { quiz: 'orbits', right: ['qA', 'qB', 'qC'] },
    { quiz: 'orbits', right: [] },
    { complete: ['intro', 'basics', 'advanced', 'calm'] },
  ],
  // Every topic, Orbits not passed, Pull passed; an attempt left open.
  [
    { complete: ['intro', 'basics', 'advanced', 'calm'] },
    { quiz: 'orbits', right: ['qB'] },
    { quiz: 'pull', right: ['qD'] },
    { quizStarted: 'orbits' },
  ],
  // Quiz first (its answers are the first ones, a skipped question is none), then the checks.
  [
    { quiz: 'orbits', right: ['qC'], skipped: ['qB'] },
    { check: 'qA', correct: true },
    { check: 'qB', correct: true },
    { complete: ['intro'] },
  ],
  // Only opened a quiz.
  [{ quizStarted: 'pull' }],
];

interface Standing {
  attempts: number;
  open_attempt: string | null;
  best_score: number | null;
  passed: boolean;
}

/** The truth, from the steps alone: first answers per question, standings, completed topics. */
function truthOf(steps: Step[][]) {
  const firsts = new Map<Label, { answers: number; correct: number }>();
  const learners = steps.map((learnerSteps) => {
    const answered = new Set<Label>();
    const first = (label: Label, correct: boolean) => {
      if (answered.has(label)) return;
      answered.add(label);
      const counted = firsts.get(label) ?? { answers: 0, correct: 0 };
      firsts.set(label, {
        answers: counted.answers + 1,
        correct: counted.correct + (correct ? 1 : 0),
      });
    };
    const standings = new Map<'orbits' | 'pull', Standing>();
    const completed = new Set<string>();
    for (const step of learnerSteps) {
      if ('complete' in step) step.complete.forEach((topic) => completed.add(topic));
      if ('check' in step) first(step.check, step.correct);
      if ('quizStarted' in step) {
        const was = standings.get(step.quizStarted);
        standings.set(step.quizStarted, {
          attempts: (was?.attempts ?? 0) + 1,
          open_attempt: 'open',
          best_score: was?.best_score ?? null,
          passed: was?.passed ?? false,
        });
      }
      if ('quiz' in step) {
        const pool = POOLS[step.quiz];
        for (const label of pool) {
          if (!step.skipped?.includes(label)) first(label, step.right.includes(label));
        }
        const right = pool.filter((label) => step.right.includes(label)).length;
        const was = standings.get(step.quiz);
        standings.set(step.quiz, {
          attempts: (was?.attempts ?? 0) + 1,
          open_attempt: null,
          best_score: Math.max(was?.best_score ?? 0, quizScore(right, pool.length)),
          passed:
            (was?.passed ?? false) ||
            quizPassed(right, pool.length, DEFAULT_CHAPTER_QUIZ_SETTINGS.pass_mark),
        });
      }
    }
    return { standings, completed };
  });
  return { firsts, learners };
}

/** Runs a learner's steps through the learners' API; a quiz answers every question it does not skip. */
async function act(slug: string, course: Course, steps: Step[]) {
  const { idToken } = await signUpAnonymously();
  const labelOf = new Map(Object.entries(course.q).map(([label, id]) => [id, label as Label]));
  const start = async (chapter: 'orbits' | 'pull') => {
    const started = await request(app)
      .post(`/api/learn/${slug}/chapters/${course[chapter].id}/attempts`)
      .set(bearer(idToken));
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    return quizAttemptSchema.parse(started.body);
  };
  for (const step of steps) {
    if ('quizStarted' in step) await start(step.quizStarted);
    if ('quiz' in step) {
      const attempt = await start(step.quiz);
      const answers = attempt.questions.flatMap(({ id }) => {
        const label = labelOf.get(id);
        if (!label || step.skipped?.includes(label)) return [];
        return [{ question_id: id, response: { value: step.right.includes(label) } }];
      });
      const submitted = await request(app)
        .post(
          `/api/learn/${slug}/chapters/${course[step.quiz].id}/attempts/${attempt.attempt_id}/submit`,
        )
        .set(bearer(idToken))
        .send({ answers });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    }
    if ('complete' in step) {
      await request(app)
        .put(`/api/learn/${slug}/progress`)
        .set(bearer(idToken))
        .send({ completed_topic_ids: step.complete.map((topic) => course[topic].id) })
        .expect(200);
    }
    if ('check' in step) {
      await request(app)
        .post(`/api/learn/${slug}/topics/${course[TOPIC_OF[step.check]].id}/answers`)
        .set(bearer(idToken))
        .send({
          answers: [{ question_id: course.q[step.check], response: { value: step.correct } }],
        })
        .expect(200);
    }
  }
}

const publish = async (client: Author, courseId: string) => {
  const response = await request(app).post(`/api/courses/${courseId}/publish`).set(client.auth);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return publicationSchema.parse(response.body);
};

const analyticsOf = async (client: Author, courseId: string): Promise<CourseAnalytics> => {
  const response = await request(app).get(`/api/courses/${courseId}/analytics`).set(client.auth);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return courseAnalyticsSchema.parse(response.body);
};

describe('analytics of questions and chapter quizzes', () => {
  let ada: Author;
  let course: Course;
  let truth: ReturnType<typeof truthOf>;

  beforeAll(async () => {
    await resetEmulators();
    await resetImages();
    await resetFake();
    ada = await author('ada@example.com');
    course = await buildCourse(ada);
    const { slug } = await publish(ada, course.id);
    truth = truthOf(LEARNERS);
    for (const steps of LEARNERS) await act(slug, course, steps);
  });

  it('counts each question’s first answers and each quiz’s figures as the learners gave them', async () => {
    const analytics = await analyticsOf(ada, course.id);
    const labels: Label[] = ['qA', 'qB', 'qC', 'qD'];
    expect(analytics.questions).toEqual(
      labels.map((label) => {
        const counted = truth.firsts.get(label) ?? { answers: 0, correct: 0 };
        return {
          question_id: course.q[label],
          topic_id: course[TOPIC_OF[label]].id,
          topic_name: { intro: 'Intro', basics: 'Basics', advanced: 'Advanced' }[TOPIC_OF[label]],
          chapter_name: label === 'qD' ? 'Pull' : 'Orbits',
          text: PLAIN_TEXTS[label],
          quiz_only: label === 'qC',
          first_answers: counted.answers,
          first_correct: counted.correct,
          first_try_rate: counted.answers === 0 ? null : counted.correct / counted.answers,
        };
      }),
    );
    // Spelled out once, so the truth's own arithmetic is checked too.
    expect(analytics.questions.map((q) => [q.first_answers, q.first_correct])).toEqual([
      [4, 1],
      [4, 3],
      [4, 2],
      [2, 2],
    ]);
    expect(mostMissedQuestions(analytics.questions)[0]?.question_id).toBe(course.q.qA);
    // The stored counters themselves, one document per answered question.
    const stored = await questionStatsCollection(db()).where('course_id', '==', course.id).get();
    expect(
      Object.fromEntries(
        stored.docs.map((doc) => [
          doc.get('question_id') as string,
          [doc.get('first_answers'), doc.get('first_correct')],
        ]),
      ),
    ).toEqual(
      Object.fromEntries(
        [...truth.firsts].map(([label, { answers, correct }]) => [
          course.q[label],
          [answers, correct],
        ]),
      ),
    );

    const expectedQuiz = (chapter: 'orbits' | 'pull') => {
      const standings = truth.learners.flatMap(({ standings }) => standings.get(chapter) ?? []);
      const scored = standings.filter((standing) => standing.best_score !== null);
      return {
        chapter_id: course[chapter].id,
        chapter_name: chapter === 'orbits' ? 'Orbits' : 'Pull',
        subject_name: 'Moon',
        attempts: standings.reduce((sum, standing) => sum + standing.attempts, 0),
        learners: scored.length,
        average_best_score:
          scored.reduce((sum, standing) => sum + (standing.best_score ?? 0), 0) / scored.length,
        pass_rate: scored.filter((standing) => standing.passed).length / scored.length,
      };
    };
    expect(analytics.quizzes).toEqual([expectedQuiz('orbits'), expectedQuiz('pull')]);
    expect(analytics.quizzes.map((quiz) => [quiz.attempts, quiz.learners])).toEqual([
      [7, 4],
      [3, 2],
    ]);
  });

  it('counts as completed only learners who passed every quiz when the course requires it', async () => {
    const completedWith = (requireQuizPass: boolean) =>
      truth.learners.filter(
        ({ completed, standings }) =>
          completed.size === 4 &&
          (!requireQuizPass ||
            (['orbits', 'pull'] as const).every((chapter) => standings.get(chapter)?.passed)),
      ).length;
    const required = await analyticsOf(ada, course.id);
    expect(required.learners_started).toBe(LEARNERS.length);
    expect(required.learners_completed).toBe(completedWith(true));
    expect(required.learners_completed).toBe(1);

    // Publish changes with the setting off: standings and counters stay.
    const { settings } = (await ada.get(`/${course.id}`)).body as { settings: object };
    await request(app)
      .put(`/api/courses/${course.id}/settings`)
      .set(ada.auth)
      .send({ ...settings, require_quiz_pass: false })
      .expect(200);
    expect((await publish(ada, course.id)).version).toBe(2);
    const notRequired = await analyticsOf(ada, course.id);
    expect(notRequired.learners_completed).toBe(completedWith(false));
    expect(notRequired.learners_completed).toBe(3);
    expect(notRequired.completion_rate).toBe(3 / LEARNERS.length);
    expect(notRequired.questions).toEqual(required.questions);
    expect(notRequired.quizzes).toEqual(required.quizzes);
  });

  it('keeps the quizzes but lists no question once the course is unpublished', async () => {
    await request(app).delete(`/api/courses/${course.id}/publish`).set(ada.auth).expect(200);
    const analytics = await analyticsOf(ada, course.id);
    expect(analytics.questions).toEqual([]);
    expect(analytics.quizzes.map((quiz) => quiz.attempts)).toEqual([7, 3]);
    const other = await author('bob@example.com');
    expect(
      (await request(app).get(`/api/courses/${course.id}/analytics`).set(other.auth)).status,
    ).toBe(404);
  });
});
