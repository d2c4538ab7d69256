import type { GenerationJob, JobLevelProgress } from '@coursecraft/contracts';
import { stubFetch } from './fetch-stub';

const level = (total: number, done: number, failed = 0): JobLevelProgress => ({
  total,
  done,
  failed,
});

/**
 * A whole-course job `j1` of course `c1`, running at 37 of 120 steps (the course had its
 * subjects: 5 of 5 chapters, 12 of 30 topics, 20 of 85 lessons), unless told otherwise.
 */
export function testJob(overrides: Partial<GenerationJob> = {}): GenerationJob {
  return {
    id: 'j1',
    course_id: 'c1',
    status: 'running',
    total: 120,
    done: 37,
    failed: 0,
    running: 3,
    cancelled: 0,
    levels: {
      subjects: level(0, 0),
      chapters: level(5, 5),
      topics: level(30, 12),
      lessons: level(85, 20),
      questions: level(0, 0),
    },
    failed_steps: [],
    noted_steps: [],
    created_at: '2025-03-01T10:00:00.000Z',
    finished_at: null,
    ...overrides,
  };
}

type Answer = () => Response | Promise<Response>;

/**
 * The job routes of course `c1` behind `fetch`: GET …/jobs answers `latest`; GET …/jobs/{id}
 * answers `polls` in turn (the last one again after that; `latest` when none is given); start,
 * stop and retry answer their handler (404 without one). Other paths answer `other`.
 */
export function stubJobApi({
  latest,
  polls = [],
  start,
  stop,
  retry,
  other = () => Response.json({ error: 'Not found' }, { status: 404 }),
}: {
  latest: GenerationJob | null | (() => GenerationJob | null);
  polls?: GenerationJob[];
  start?: Answer;
  stop?: Answer;
  retry?: Answer;
  other?: (path: string) => Response | Promise<Response>;
}) {
  const latestJob = () => (typeof latest === 'function' ? latest() : latest);
  const notFound = () => Response.json({ error: 'Not found' }, { status: 404 });
  let polled = 0;
  return stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    const path = url.replace(/^\/api/, '');
    if (path === '/courses/c1/generate_all' && method === 'POST') return (start ?? notFound)();
    if (path === '/courses/c1/jobs' && method === 'GET') return Response.json({ job: latestJob() });
    const match = /^\/courses\/c1\/jobs\/([^/]+)(\/retry)?$/.exec(path);
    if (match?.[2] && method === 'POST') return (retry ?? notFound)();
    if (match && method === 'DELETE') return (stop ?? notFound)();
    if (match && method === 'GET') {
      const answer = polls[Math.min(polled++, polls.length - 1)] ?? latestJob();
      return answer ? Response.json(answer) : notFound();
    }
    return other(path);
  });
}

/** The calls of the spy with this method and API path (below /api). */
export function callsTo(spy: ReturnType<typeof stubFetch>, method: string, path: string) {
  return spy.mock.calls.filter(
    ([url, init = {}]) => url === `/api${path}` && (init.method ?? 'GET') === method,
  );
}
