import { benchAccount } from './lib/bench-account.mjs';
import { startSuite } from './lib/suite.mjs';

/**
 * npm run bench:learner-reads
 *
 * Starts the local suite on the Firestore stand-in (it counts document reads as Firestore bills
 * them), builds a course with 5 chapters × 6 topics, each with a lesson, through the API,
 * publishes it, then prints the Firestore reads of what a learner's pages ask for: the
 * server-rendered course and lesson pages as a CDN miss costs them (through Hosting, no cache in
 * between), a 404 of an unknown topic, the sitemap, the JSON API's course (outline) and one lesson
 * with the version the course named (`?v=`) and without it, and an anonymous learner's progress
 * read and write. One topic has a question of each type: its page, its checks
 * (`GET .../questions`) and grading one answer (`POST .../answers`) print their reads and writes
 * (the answers' rate-limit counter included). That topic's chapter has a quiz: the reads and
 * writes of starting an attempt (a new learner's, the open one again, a second one) and of
 * submitting one print too (its rate-limit counter included). BENCH_QUICK=1 builds a 4 × 3
 * course instead.
 */
const QUICK = process.env.BENCH_QUICK === '1';
const CHAPTERS = QUICK ? 4 : 5;
const TOPICS_PER_CHAPTER = QUICK ? 3 : 6;
const EMAIL = `bench-${Date.now()}@example.com`;
const PASSWORD = 'bench-password-1';

const base = { explanation: 'Because.', quiz_only: false };
/** One question of each type for the bench's topic, and a response to each. */
const QUESTIONS = [
  {
    ...base,
    type: 'single_choice',
    text: 'Speed is $v = \\frac{d}{t}$. Which unit?',
    options: [
      { id: 'a', text: 'm/s', correct: true, feedback: '' },
      { id: 'b', text: 'kg', correct: false, feedback: 'That is a mass.' },
    ],
  },
  {
    ...base,
    type: 'multiple_choice',
    text: 'Which are speeds?',
    options: [
      { id: 'a', text: '3 m/s', correct: true, feedback: '' },
      { id: 'b', text: '5 km/h', correct: true, feedback: '' },
      { id: 'c', text: '2 kg', correct: false, feedback: '' },
    ],
  },
  { ...base, type: 'true_false', text: 'Light is fast.', answer: true },
  {
    ...base,
    type: 'short_answer',
    text: 'What is $2 \\times 1.5$?',
    accepted_answers: ['3'],
    tolerance: 0.01,
  },
  {
    ...base,
    type: 'ordering',
    text: 'Order the steps.',
    items: [
      { id: 'a', text: 'Measure' },
      { id: 'b', text: 'Divide' },
      { id: 'c', text: 'Report' },
    ],
  },
];
const RESPONSES = [
  { response: { option_ids: ['a'] } },
  { response: { option_ids: ['a', 'b'] } },
  { response: { value: true } },
  { response: { text: '3,0' } },
  { response: { item_ids: ['a', 'b', 'c'] } },
];

const suite = await startSuite({ profile: 'test', withApp: true, standin: true, log: console.log });

try {
  const readsUrl = `http://${suite.env.FIRESTORE_CONTROL_HOST}/reads`;
  const { api } = await benchAccount(suite, { email: EMAIL, password: PASSWORD });

  console.log(`Building a course with ${CHAPTERS} chapters × ${TOPICS_PER_CHAPTER} topics...`);
  const course = await api('/courses/create-manual', 'POST', { name: 'Bench course' });
  const subject = await api(`/courses/${course.id}/subjects`, 'POST', { name: 'Bench subject' });
  const subjectPath = `/courses/${course.id}/subjects/${subject.id}`;
  const topicIds = [];
  const topicChapter = new Map();
  for (let c = 1; c <= CHAPTERS; c += 1) {
    const chapter = await api(`${subjectPath}/chapters`, 'POST', { name: `Chapter ${c}` });
    const topicsPath = `${subjectPath}/chapters/${chapter.id}/topics`;
    for (let t = 1; t <= TOPICS_PER_CHAPTER; t += 1) {
      const topic = await api(topicsPath, 'POST', { name: `Topic ${c}.${t}` });
      await api(`${topicsPath}/${topic.id}/content`, 'POST', {
        content: `## Topic ${c}.${t}\n\nThe speed is $v = \\frac{d}{t}$.\n\n$$\nE = mc^2\n$$`,
      });
      topicIds.push(topic.id);
      topicChapter.set(topic.id, chapter.id);
    }
  }

  const topic = topicIds[3 * TOPICS_PER_CHAPTER + 2];
  const topicPath = `${subjectPath}/chapters/${topicChapter.get(topic)}/topics/${topic}`;
  const questionIds = [];
  for (const question of QUESTIONS) {
    questionIds.push((await api(`${topicPath}/questions`, 'POST', question)).id);
  }

  const countsOf = async (action) => {
    await fetch(readsUrl, { method: 'DELETE' });
    await action();
    const { reads, writes } = await (await fetch(readsUrl)).json();
    return { reads, writes };
  };
  const readsOf = async (action) => (await countsOf(action)).reads;
  const publishReads = await readsOf(() => api(`/courses/${course.id}/publish`, 'POST'));
  const live = (await api(`/courses/${course.id}/publish`)).publication;
  const listing = () => api(`/courses/${course.id}/publish/listing`, 'PUT', { listed: true });

  const authUrl = `http://${suite.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;
  const guest = await fetch(`${authUrl}/accounts:signUp?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ returnSecureToken: true }),
  });
  const { idToken } = await guest.json();

  const get = async (path, token) => {
    const headers = token ? { authorization: `Bearer ${token}` } : {};
    const response = await fetch(`${suite.appUrl}/api${path}`, { headers });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const put = async (path, token, body) => {
    const response = await fetch(`${suite.appUrl}/api${path}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`PUT ${path}: ${response.status} ${await response.text()}`);
  };
  const post = async (path, token, body) => {
    const response = await fetch(`${suite.appUrl}/api${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const html = async (path, status = 200) => {
    const response = await fetch(`${suite.appUrl}${path}`);
    const text = await response.text();
    if (response.status !== status) throw new Error(`GET ${path}: ${response.status}`);
    return text;
  };
  await listing();
  const results = [
    ['publish the course (whole tree and lessons read)', publishReads],
    [
      'GET /learn/{slug} (server-rendered course page, CDN miss)',
      await readsOf(() => html(`/learn/${live.slug}`)),
    ],
    [
      'GET /learn/{slug}/{t} (server-rendered lesson page with math, CDN miss)',
      await readsOf(() => html(`/learn/${live.slug}/${topic}`)),
    ],
    [
      'GET /learn/{slug}/{unknown} (404 page of an unknown topic)',
      await readsOf(() => html(`/learn/${live.slug}/${'x'.repeat(20)}`, 404)),
    ],
    ['GET /sitemap.xml (one listed course)', await readsOf(() => html('/sitemap.xml'))],
    [
      'GET /learn/{slug} (course page: snapshot and outline)',
      await readsOf(() => get(`/learn/${live.slug}`)),
    ],
    [
      'GET /learn/{slug}/topics/{t}?v={version} (lesson of the version the page shows)',
      await readsOf(() => get(`/learn/${live.slug}/topics/${topic}?v=${live.version}`)),
    ],
    [
      'GET /learn/{slug}/topics/{t} (lesson of the live version)',
      await readsOf(() => get(`/learn/${live.slug}/topics/${topic}`)),
    ],
    [
      'GET /learn/{slug}/progress (anonymous learner)',
      await readsOf(() => get(`/learn/${live.slug}/progress`, idToken)),
    ],
    [
      'PUT /learn/{slug}/progress (one topic completed)',
      await readsOf(() =>
        put(`/learn/${live.slug}/progress`, idToken, { completed_topic_ids: [topic] }),
      ),
    ],
  ];

  console.log(
    `\nFirestore reads, published course with ${CHAPTERS} chapters × ${TOPICS_PER_CHAPTER} topics:`,
  );
  for (const [label, reads] of results) console.log(`  ${label}: ${reads} reads`);

  const answer = (body) => () => post(`/learn/${live.slug}/topics/${topic}/answers`, idToken, body);
  const checks = [
    [
      'GET /learn/{slug}/{t} (lesson page with 5 checks, CDN miss)',
      await countsOf(() => html(`/learn/${live.slug}/${topic}`)),
    ],
    [
      'GET /learn/{slug}/topics/{t}/questions?v={version}',
      await countsOf(() => get(`/learn/${live.slug}/topics/${topic}/questions?v=${live.version}`)),
    ],
    [
      'POST /learn/{slug}/topics/{t}/answers (one answer, version named)',
      await countsOf(
        answer({
          version: live.version,
          answers: [{ question_id: questionIds[2], response: { value: true } }],
        }),
      ),
    ],
    [
      'POST /learn/{slug}/topics/{t}/answers (one answer, live version)',
      await countsOf(
        answer({ answers: [{ question_id: questionIds[2], response: { value: false } }] }),
      ),
    ],
    [
      'POST /learn/{slug}/topics/{t}/answers (all 5 answers at once)',
      await countsOf(
        answer({
          answers: questionIds.map((question_id, index) => ({
            question_id,
            ...RESPONSES[index],
          })),
        }),
      ),
    ],
  ];
  console.log("\nFirestore reads and writes of a topic's checks:");
  for (const [label, { reads, writes }] of checks) {
    console.log(`  ${label}: ${reads} reads, ${writes} writes`);
  }

  // The topic's chapter has a quiz of its 5 questions: each of several new learners starts it
  // (their first progress), starts again (the open attempt comes back) and submits every answer.
  const chapter = topicChapter.get(topic);
  const attempts = `/learn/${live.slug}/chapters/${chapter}/attempts`;
  const LEARNERS = QUICK ? 2 : 5;
  const quiz = { start: [], open: [], submit: [], again: [], submitAgain: [] };
  for (let learner = 0; learner < LEARNERS; learner += 1) {
    const signedUp = await fetch(`${authUrl}/accounts:signUp?key=fake-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ returnSecureToken: true }),
    });
    const token = (await signedUp.json()).idToken;
    let attempt;
    quiz.start.push(await countsOf(async () => (attempt = await post(attempts, token, {}))));
    quiz.open.push(await countsOf(() => post(attempts, token, {})));
    const answers = questionIds.map((question_id, index) => ({ question_id, ...RESPONSES[index] }));
    const submit = (id) => () => post(`${attempts}/${id}/submit`, token, { answers });
    quiz.submit.push(await countsOf(submit(attempt.attempt_id)));
    quiz.again.push(await countsOf(async () => (attempt = await post(attempts, token, {}))));
    quiz.submitAgain.push(await countsOf(submit(attempt.attempt_id)));
  }
  const spread = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    return sorted[0] === sorted.at(-1) ? `${median}` : `${median} (${sorted[0]}–${sorted.at(-1)})`;
  };
  const figure = (runs) =>
    `${spread(runs.map((run) => run.reads))} reads, ${spread(runs.map((run) => run.writes))} writes`;
  console.log(
    `\nFirestore reads and writes of a chapter quiz of 5 questions, median (spread) of ${LEARNERS} learners:`,
  );
  console.log(`  POST .../attempts (a new learner's first attempt): ${figure(quiz.start)}`);
  console.log(`  POST .../attempts (the open attempt returned): ${figure(quiz.open)}`);
  console.log(`  POST .../attempts/{a}/submit (5 first answers): ${figure(quiz.submit)}`);
  console.log(`  POST .../attempts (a second attempt): ${figure(quiz.again)}`);
  console.log(
    `  POST .../attempts/{a}/submit (5 answers, none first): ${figure(quiz.submitAgain)}`,
  );

  // What a CDN miss costs in time at the origin (the emulator adds its own proxying): a figure
  // to compare runs, not a goal.
  const RUNS = QUICK ? 3 : 9;
  const timed = async (path) => {
    const times = [];
    for (let run = 0; run < RUNS; run += 1) {
      const startedAt = performance.now();
      await html(path);
      times.push(performance.now() - startedAt);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    return `median ${median.toFixed(0)} ms (${times[0].toFixed(0)}–${times.at(-1).toFixed(0)} ms)`;
  };
  console.log(`\nTime to answer through Hosting, ${RUNS} runs each:`);
  console.log(`  course page: ${await timed(`/learn/${live.slug}`)}`);
  console.log(`  lesson page with math: ${await timed(`/learn/${live.slug}/${topic}`)}`);
} finally {
  await suite.stop();
}
