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
 * read and write. BENCH_QUICK=1 builds a 4 × 3 course instead.
 */
const QUICK = process.env.BENCH_QUICK === '1';
const CHAPTERS = QUICK ? 4 : 5;
const TOPICS_PER_CHAPTER = QUICK ? 3 : 6;
const EMAIL = `bench-${Date.now()}@example.com`;
const PASSWORD = 'bench-password-1';

const suite = await startSuite({ profile: 'test', withApp: true, standin: true, log: console.log });

try {
  const readsUrl = `http://${suite.env.FIRESTORE_CONTROL_HOST}/reads`;
  const { api } = await benchAccount(suite, { email: EMAIL, password: PASSWORD });

  console.log(`Building a course with ${CHAPTERS} chapters × ${TOPICS_PER_CHAPTER} topics...`);
  const course = await api('/courses/create-manual', 'POST', { name: 'Bench course' });
  const subject = await api(`/courses/${course.id}/subjects`, 'POST', { name: 'Bench subject' });
  const subjectPath = `/courses/${course.id}/subjects/${subject.id}`;
  const topicIds = [];
  for (let c = 1; c <= CHAPTERS; c += 1) {
    const chapter = await api(`${subjectPath}/chapters`, 'POST', { name: `Chapter ${c}` });
    const topicsPath = `${subjectPath}/chapters/${chapter.id}/topics`;
    for (let t = 1; t <= TOPICS_PER_CHAPTER; t += 1) {
      const topic = await api(topicsPath, 'POST', { name: `Topic ${c}.${t}` });
      await api(`${topicsPath}/${topic.id}/content`, 'POST', {
        content: `## Topic ${c}.${t}\n\nThe speed is $v = \\frac{d}{t}$.\n\n$$\nE = mc^2\n$$`,
      });
      topicIds.push(topic.id);
    }
  }

  const readsOf = async (action) => {
    await fetch(readsUrl, { method: 'DELETE' });
    await action();
    return (await (await fetch(readsUrl)).json()).reads;
  };
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
  const topic = topicIds[3 * TOPICS_PER_CHAPTER + 2];
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
      await readsOf(() => html(`/learn/${live.slug}/unknown-topic`, 404)),
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
} finally {
  await suite.stop();
}
