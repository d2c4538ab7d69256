import autocannon from 'autocannon';

/**
 * The load generator of `npm run bench:api`, in a process of its own so that its work never
 * shares a CPU queue with anything measured (the bench process hosts the Firestore stand-in).
 * Forked by the bench; receives one run over IPC — `{ url, seconds, bare, authors }` — runs one
 * autocannon instance per author at once (one keep-alive connection each, one request at a
 * time, like a browser tab), and answers `{ result, states }`: the response times' p50/p95, the
 * requests per second, what went wrong, and each author's confirmed writes.
 */

const percentile = (sorted, p) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

/** An author's loop: six reads and two writes, each write confirmed in `state`. */
function authorPlan(url, author) {
  const { token, course, subject, chapter, topic, state } = author;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const chapterPath = `/api/courses/${course}/subjects/${subject}/chapters/${chapter}`;
  const topicPath = `${chapterPath}/topics/${topic}`;
  const get = (path) => ({ method: 'GET', path, headers });
  return {
    url,
    requests: [
      get('/api/courses/my-courses'),
      get(`/api/courses/${course}/subjects`),
      get(`/api/courses/${course}/subjects/${subject}/chapters`),
      get(`${chapterPath}/topics`),
      get(`${topicPath}/content`),
      get('/api/auth/me'),
      {
        method: 'PUT',
        path: `${topicPath}/content`,
        headers,
        setupRequest: (request) => {
          state.pending = `## Lesson, revision ${(state.revision += 1)}`;
          return { ...request, body: JSON.stringify({ content: state.pending }) };
        },
        onResponse: (status) => {
          if (status === 200) state.saved = state.pending;
        },
      },
      {
        method: 'POST',
        path: `${chapterPath}/topics`,
        headers,
        setupRequest: (request) => {
          state.pendingTopic = `Load topic ${(state.attempts += 1)}`;
          return { ...request, body: JSON.stringify({ name: state.pendingTopic }) };
        },
        onResponse: (status) => {
          if (status === 201) state.confirmedTopics.push(state.pendingTopic);
        },
      },
    ],
  };
}

async function load({ url, seconds, bare, authors }) {
  const plans = authors.map((author) =>
    bare ? { url, requests: [{ method: 'GET', path: '/bare' }] } : authorPlan(url, author),
  );
  const times = [];
  const failures = { non2xx: 0, errors: 0, timeouts: 0 };
  const started = performance.now();
  const results = await Promise.all(
    plans.map(
      (plan) =>
        new Promise((resolve, reject) => {
          const instance = autocannon(
            {
              url: plan.url,
              connections: 1,
              pipelining: 1,
              duration: seconds,
              requests: plan.requests,
            },
            (error, result) => (error ? reject(error) : resolve(result)),
          );
          instance.on('response', (_client, status, _bytes, time) => {
            times.push(time);
            if (status < 200 || status >= 300) failures.non2xx += 1;
          });
        }),
    ),
  );
  const elapsed = (performance.now() - started) / 1000;
  for (const result of results) {
    failures.errors += result.errors;
    failures.timeouts += result.timeouts;
  }
  times.sort((a, b) => a - b);
  return {
    result: {
      requests: times.length,
      perSecond: times.length / elapsed,
      p50: percentile(times, 0.5),
      p95: percentile(times, 0.95),
      failures,
    },
    states: authors.map((author) => author.state),
  };
}

process.on('message', async (run) => {
  try {
    process.send({ ok: true, ...(await load(run)) });
  } catch (error) {
    process.send({ ok: false, error: String(error) });
  }
});
