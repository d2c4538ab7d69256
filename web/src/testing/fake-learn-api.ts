import { learnerProgressSchema, type LearnerCourse } from '@coursecraft/contracts';
import { stubFetch } from './fetch-stub';
import { testProfile } from './test-profile';

export const LEARN_SLUG = 'AbCdEfGhIjKlMnOp';

/**
 * A published course of two subjects, four topics in reading order t1..t4 (t4 without a
 * lesson), at snapshot version 3.
 */
export function learnerCourse(): LearnerCourse {
  return {
    slug: LEARN_SLUG,
    version: 3,
    published_at: '2026-11-01T10:00:00.000Z',
    name: 'Geometry',
    description: 'Shapes, angles and space.',
    image_url: null,
    subjects: [
      {
        id: 's1',
        name: 'Plane',
        description: null,
        image_url: null,
        chapters: [
          {
            id: 'ch1',
            name: 'Triangles',
            topics: [
              { id: 't1', name: 'Angles', has_content: true },
              { id: 't2', name: 'Sides', has_content: true },
            ],
          },
          { id: 'ch2', name: 'Circles', topics: [{ id: 't3', name: 'Radius', has_content: true }] },
        ],
      },
      {
        id: 's2',
        name: 'Space',
        description: null,
        image_url: null,
        chapters: [
          {
            id: 'ch3',
            name: 'Vectors',
            topics: [{ id: 't4', name: 'Arrows', has_content: false }],
          },
        ],
      },
    ],
  };
}

/**
 * The learner API behind `fetch`, like the server's: the published course and its lessons for
 * anyone (404 when `available` is false, and for a lesson of any version but the live one), progress per learner read from the `token-<uid>`
 * bearer token, with 401 without one and 400 for topics not in the course.
 */
export function fakeLearnApi({
  course: published = learnerCourse(),
  available = true,
  progress = {},
  failWrites = false,
}: {
  course?: LearnerCourse;
  available?: boolean;
  /** Completed topic ids per uid. */
  progress?: Record<string, string[]>;
  failWrites?: boolean;
} = {}) {
  const course = structuredClone(published);
  const stored: Record<string, string[]> = structuredClone(progress);
  const topicIds = new Set(
    course.subjects.flatMap((s) => s.chapters.flatMap((c) => c.topics.map((t) => t.id))),
  );
  const notFound = () => Response.json({ error: 'Not found' }, { status: 404 });

  const spy = stubFetch(async (url, init) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    const path = pathname.replace(/^\/api/, '');
    const headers = new Headers(init.headers);
    const uid = /^Bearer token-(.+)$/.exec(headers.get('authorization') ?? '')?.[1];
    if (path === '/auth/me') {
      return uid ? Response.json(testProfile()) : Response.json({}, { status: 401 });
    }
    const match = /^\/learn\/([^/]+)(?:\/topics\/([^/]+)|\/(progress))?$/.exec(path);
    if (!match || !available || match[1] !== course.slug) return notFound();
    const [, , topicId, progressPart] = match;
    if (topicId) {
      if (!topicIds.has(topicId)) return notFound();
      const version = Number(searchParams.get('v') ?? course.version);
      // Only the live snapshot's lessons are kept.
      if (version !== course.version) return notFound();
      return Response.json({
        topic_id: topicId,
        version,
        content: `## Lesson ${topicId}\n\nv${version}`,
      });
    }
    if (!progressPart) return Response.json(course);
    if (!uid) return Response.json({ error: 'Authentication required' }, { status: 401 });
    if (init.method === 'PUT') {
      if (failWrites) return Response.json({ error: 'Internal error' }, { status: 500 });
      const ids = learnerProgressSchema.parse(JSON.parse(String(init.body))).completed_topic_ids;
      if (ids.some((id) => !topicIds.has(id))) {
        return Response.json(
          { error: 'Progress names topics that are not in this course' },
          { status: 400 },
        );
      }
      stored[uid] = ids;
    }
    return Response.json({ completed_topic_ids: stored[uid] ?? [] });
  });

  const calls = () =>
    spy.mock.calls.map(([url, init = {}]) => {
      const body: unknown = init.body === undefined ? undefined : JSON.parse(String(init.body));
      return {
        method: init.method ?? 'GET',
        path: url.replace(/^\/api/, ''),
        token: new Headers(init.headers).get('authorization'),
        body,
      };
    });
  return {
    spy,
    stored,
    /** The author publishes again: a new version, and the old version's lessons are gone. */
    republish: () => {
      course.version += 1;
    },
    calls,
    /** The bodies of the progress writes, in order. */
    progressWrites: () =>
      calls()
        .filter((call) => call.method === 'PUT')
        .map((call) => call.body),
  };
}
