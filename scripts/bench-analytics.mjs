import { initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { benchAccount } from './lib/bench-account.mjs';
import { startSuite } from './lib/suite.mjs';

/**
 * npm run bench:analytics
 *
 * Starts the local suite on the Firestore stand-in (it counts document reads and writes as
 * Firestore bills them), builds a course of 4 chapters × 3 topics with 2 questions per topic
 * through the API and publishes it (every chapter gets a quiz), then seeds 1,000 learners directly
 * through the Admin SDK: each learner's progress document (completed topics and a standing at
 * each chapter quiz) and each question's first-answer counters. It then opens the author's
 * analytics (`GET /api/courses/{c}/analytics`) several times and prints the reads and writes of
 * one opening and the time to answer: median and spread (fastest–slowest) of the runs.
 * BENCH_QUICK=1 seeds 200 learners on a 2 × 2 course and runs 3 times.
 */
const QUICK = process.env.BENCH_QUICK === '1';
const LEARNERS = QUICK ? 200 : 1000;
const CHAPTERS = QUICK ? 2 : 4;
const TOPICS_PER_CHAPTER = QUICK ? 2 : 3;
const QUESTIONS_PER_TOPIC = 2;
const RUNS = QUICK ? 3 : 9;
const BATCH = 400;
const EMAIL = `bench-analytics-${Date.now()}@example.com`;
const PASSWORD = 'bench-password-1';

/** A small deterministic generator, so every run seeds the same learners. */
function randomFrom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const suite = await startSuite({ profile: 'test', withApp: true, standin: true, log: console.log });

try {
  const readsUrl = `http://${suite.env.FIRESTORE_CONTROL_HOST}/reads`;
  Object.assign(process.env, suite.env);
  const db = getFirestore(
    initializeApp({ projectId: suite.env.GCLOUD_PROJECT }, `bench-analytics-${process.pid}`),
  );
  const { api } = await benchAccount(suite, { email: EMAIL, password: PASSWORD });

  console.log(
    `Building a course with ${CHAPTERS} chapters × ${TOPICS_PER_CHAPTER} topics × ${QUESTIONS_PER_TOPIC} questions...`,
  );
  const course = await api('/courses/create-manual', 'POST', { name: 'Bench analytics' });
  const subject = await api(`/courses/${course.id}/subjects`, 'POST', { name: 'Bench subject' });
  const subjectPath = `/courses/${course.id}/subjects/${subject.id}`;
  const chapters = [];
  const topics = [];
  const questions = [];
  for (let c = 1; c <= CHAPTERS; c += 1) {
    const chapter = await api(`${subjectPath}/chapters`, 'POST', { name: `Chapter ${c}` });
    chapters.push(chapter.id);
    const topicsPath = `${subjectPath}/chapters/${chapter.id}/topics`;
    for (let t = 1; t <= TOPICS_PER_CHAPTER; t += 1) {
      const topic = await api(topicsPath, 'POST', { name: `Topic ${c}.${t}` });
      topics.push(topic.id);
      for (let q = 1; q <= QUESTIONS_PER_TOPIC; q += 1) {
        const created = await api(`${topicsPath}/${topic.id}/questions`, 'POST', {
          type: 'true_false',
          text: `Is statement **${c}.${t}.${q}** true?`,
          explanation: '',
          quiz_only: q === QUESTIONS_PER_TOPIC,
          answer: true,
        });
        questions.push({ id: created.id, topicId: topic.id });
      }
    }
  }
  await api(`/courses/${course.id}/publish`, 'POST');

  console.log(`Seeding ${LEARNERS} learners and ${questions.length} question counters...`);
  const random = randomFrom(30);
  const writes = [];
  const started = Date.now() - 20 * 86_400_000;
  for (let index = 0; index < LEARNERS; index += 1) {
    const uid = `bench-learner-${index}`;
    const completed = topics.filter(() => random() < 0.7);
    const quizzes = Object.fromEntries(
      chapters.flatMap((chapterId) => {
        if (random() < 0.3) return [];
        const best = Math.floor(random() * 101);
        return [
          [
            chapterId,
            {
              attempts: 1 + Math.floor(random() * 3),
              open_attempt: null,
              best_score: best,
              passed: best >= 70,
            },
          ],
        ];
      }),
    );
    const at = Timestamp.fromMillis(started + Math.floor(random() * 20 * 86_400_000));
    writes.push([
      db.collection('learner_progress').doc(`${course.id}_${uid}`),
      { course_id: course.id, uid, completed, quizzes, started_at: at, updated_at: at },
    ]);
  }
  for (const { id, topicId } of questions) {
    const answers = Math.floor(LEARNERS * (0.5 + random() / 2));
    writes.push([
      db.collection('question_stats').doc(`${course.id}_${id}`),
      {
        course_id: course.id,
        question_id: id,
        topic_id: topicId,
        first_answers: answers,
        first_correct: Math.floor(answers * random()),
        updated_at: Timestamp.now(),
      },
    ]);
  }
  for (let from = 0; from < writes.length; from += BATCH) {
    const batch = db.batch();
    for (const [ref, data] of writes.slice(from, from + BATCH)) batch.set(ref, data);
    await batch.commit();
  }

  const runs = [];
  for (let run = 0; run < RUNS; run += 1) {
    await fetch(readsUrl, { method: 'DELETE' });
    const startedAt = performance.now();
    const analytics = await api(`/courses/${course.id}/analytics`);
    const ms = performance.now() - startedAt;
    const counts = await (await fetch(readsUrl)).json();
    if (analytics.learners_started !== LEARNERS) {
      throw new Error(`Analytics counted ${analytics.learners_started} learners, not ${LEARNERS}.`);
    }
    if (analytics.quizzes.length !== CHAPTERS || analytics.questions.length !== questions.length) {
      throw new Error('Analytics lists fewer chapter quizzes or questions than the course has.');
    }
    runs.push({ ms, reads: counts.reads, writes: counts.writes });
  }

  const summary = (values, unit) => {
    const sorted = [...values].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    const low = sorted[0];
    const high = sorted.at(-1);
    const fixed = (value) => (Number.isInteger(value) ? String(value) : value.toFixed(0));
    return `median ${fixed(median)}${unit} (${fixed(low)}–${fixed(high)}${unit})`;
  };
  console.log(
    `\nOpening analytics, ${LEARNERS} learners, ${CHAPTERS} chapter quizzes, ${questions.length} questions (${topics.length} topics), ${RUNS} runs:`,
  );
  console.log(
    `  Firestore reads: ${summary(
      runs.map((run) => run.reads),
      '',
    )}`,
  );
  console.log(
    `  Firestore writes: ${summary(
      runs.map((run) => run.writes),
      '',
    )}`,
  );
  console.log(
    `  time to answer: ${summary(
      runs.map((run) => run.ms),
      ' ms',
    )}`,
  );
  console.log(
    `  of which: ${LEARNERS} progress documents, ${questions.length} question counters, ${topics.length} published question documents (one per topic with questions), the publication and the course (ownership)`,
  );
} finally {
  await suite.stop();
}
