import {
  DEFAULT_COURSE_SETTINGS,
  type Chapter,
  type ErrorCode,
  type GenerationJob,
  type LessonVersion,
  type LessonVersionSource,
  type Topic,
} from '@coursecraft/contracts';
import { testProfile } from './test-profile';
import { stubFetch } from './fetch-stub';

export interface FakeChapter {
  id: string;
  name: string;
  topics: (Topic & { content?: string })[];
}

/** `items` in the order of `ids`, or null unless `ids` names each of them exactly once. */
function reordered<T extends { id: string }>(items: T[], ids: unknown): T[] | null {
  if (!Array.isArray(ids) || ids.length !== items.length) return null;
  const next = ids.map((id) => items.find((item) => item.id === id));
  if (new Set(ids).size !== ids.length || next.some((item) => item === undefined)) return null;
  return next.filter((item) => item !== undefined);
}

/**
 * An in-memory course API for one subject (`c1`/`s1`) behind `fetch`: chapters, topics and
 * content answer like the server's routes (orders and topic moves included), so pages can be
 * driven through whole flows. `orderFailure` answers every order change and move. Every lesson
 * write is kept as a version (a lesson given at the start as version 1, 'edited'), listed,
 * read and restored like the server's history routes. The course and the subject answer their
 * counts; the course's latest generation job is `latestJob`. With `streamFailure`, a lesson
 * streams its first pieces, waits for `streamFailure.after`, then ends with an `error` event
 * and stores nothing. With `checked`, a streamed lesson is stored (and sent in `done`) as
 * `checked.content`, with its `removed_citations`, as the server's citation check would.
 */
export function fakeOutlineApi(
  initial: FakeChapter[],
  {
    hasApiKey = true,
    generationFailure,
    orderFailure,
    latestJob = null,
    streamFailure,
    checked,
  }: {
    hasApiKey?: boolean;
    generationFailure?: { status: number; error: string; code?: ErrorCode };
    streamFailure?: { status: number; error: string; code: ErrorCode; after: Promise<void> };
    orderFailure?: { status: number; error: string };
    latestJob?: GenerationJob | null;
    checked?: { content: string; removed_citations: number };
  } = {},
) {
  const chapters = structuredClone(initial);
  let nextId = 1;
  const newId = (prefix: string) => `${prefix}-new-${nextId++}`;
  const chapterView = (chapter: FakeChapter): Chapter => ({
    id: chapter.id,
    name: chapter.name,
    has_topics: chapter.topics.length > 0,
  });
  const topicView = ({ id, name, content }: FakeChapter['topics'][number]): Topic => ({
    id,
    name,
    has_content: content !== undefined,
  });
  const notFound = () => Response.json({ error: 'Not found' }, { status: 404 });
  const histories = new Map<string, LessonVersion[]>();
  const record = (topicId: string, markdown: string, source: LessonVersionSource) => {
    const versions = histories.get(topicId) ?? [];
    const n = versions.length + 1;
    const createdAt = new Date(Date.UTC(2025, 0, 1, 9, n)).toISOString();
    versions.unshift({ id: String(n).padStart(10, '0'), source, created_at: createdAt, markdown });
    histories.set(topicId, versions);
  };
  for (const chapter of chapters) {
    for (const topic of chapter.topics) {
      if (topic.content !== undefined) record(topic.id, topic.content, 'edited');
    }
  }

  const spy = stubFetch(async (url, init) => {
    const method = init.method ?? 'GET';
    const body = init.body === undefined ? {} : JSON.parse(String(init.body));
    const path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
    const parts = path.split('/').filter(Boolean);
    if (path === '/auth/me') return Response.json(testProfile({ hasApiKey }));
    if (path === '/courses/c1/jobs') return Response.json({ job: latestJob });
    const action = parts.at(-1) ?? '';
    if (action.startsWith('generate_')) {
      if (generationFailure) {
        return Response.json(
          { error: generationFailure.error, code: generationFailure.code ?? 'INTERNAL' },
          { status: generationFailure.status },
        );
      }
      if (action === 'generate_content') {
        const target = chapters
          .find((item) => item.id === parts[5])
          ?.topics.find((item) => item.id === parts[7]);
        if (!target) return notFound();
        const pieces = [`## ${target.name}\n\n`, 'Generated lesson with $x^2$.'];
        if (streamFailure) {
          const { after, ...failure } = streamFailure;
          const encoder = new TextEncoder();
          const event = (name: string, data: unknown) =>
            encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
          const stream = new ReadableStream<Uint8Array>({
            async start(controller) {
              controller.enqueue(event('chunk', { text: pieces[0] }));
              await after;
              controller.enqueue(event('error', failure));
              controller.close();
            },
          });
          return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
        }
        target.content = checked?.content ?? pieces.join('');
        record(target.id, target.content, 'generated');
        const done = {
          content: target.content,
          removed_citations: checked?.removed_citations ?? 0,
        };
        const events = [
          ...pieces.map((text) => `event: chunk\ndata: ${JSON.stringify({ text })}\n\n`),
          `event: done\ndata: ${JSON.stringify(done)}\n\n`,
        ];
        return new Response(events.join(''), {
          headers: { 'content-type': 'text/event-stream' },
        });
      }
      if (action === 'generate_chapters') {
        chapters.splice(
          0,
          chapters.length,
          { id: newId('ch'), name: 'Generated chapter A', topics: [] },
          { id: newId('ch'), name: 'Generated chapter B', topics: [] },
        );
        return Response.json(chapters.map(chapterView));
      }
      const target = chapters.find((item) => item.id === parts[5]);
      if (!target) return notFound();
      target.topics = [
        { id: newId('t'), name: 'Generated topic 1', has_content: false },
        { id: newId('t'), name: 'Generated topic 2', has_content: false },
      ];
      return Response.json(target.topics.map(topicView));
    }
    if (action === 'counts') {
      const topics = chapters.flatMap((item) => item.topics);
      const lessons = topics.filter((item) => item.content !== undefined).length;
      const counts = { chapters: chapters.length, topics: topics.length, lessons };
      return Response.json(parts.length === 3 ? { subjects: 1, ...counts } : counts);
    }
    // courses, c1, subjects, s1, chapters, ch, topics, t, content
    if (parts.length === 2) {
      return Response.json({
        id: 'c1',
        name: 'Geometry',
        description: '',
        image_url: null,
        has_subjects: true,
        published: false,
        settings: DEFAULT_COURSE_SETTINGS,
      });
    }
    const subject = {
      id: 's1',
      name: 'Shapes',
      description: null,
      image_url: null,
      has_chapters: chapters.length > 0,
    };
    if (parts.length === 3) return Response.json([subject]);
    if (parts.length === 4) return Response.json(subject);
    const ordering = parts.at(-1) === 'order' || parts.at(-1) === 'move';
    if (ordering && orderFailure) {
      return Response.json({ error: orderFailure.error }, { status: orderFailure.status });
    }
    if (parts.length === 6 && parts[5] === 'order') {
      const next = reordered(chapters, body.ids);
      if (!next) return Response.json({ error: 'Wrong order' }, { status: 400 });
      chapters.splice(0, chapters.length, ...next);
      return Response.json(chapters.map(chapterView));
    }
    if (parts.length === 5) {
      if (method === 'POST') {
        const chapter = { id: newId('ch'), name: body.name, topics: [] };
        chapters.push(chapter);
        return Response.json(chapterView(chapter), { status: 201 });
      }
      return Response.json(chapters.map(chapterView));
    }
    const chapterIndex = chapters.findIndex((item) => item.id === parts[5]);
    const chapter = chapters[chapterIndex];
    if (!chapter) return notFound();
    if (parts.length === 6) {
      if (method === 'DELETE') {
        chapters.splice(chapterIndex, 1);
        return new Response(null, { status: 204 });
      }
      if (method === 'PUT') chapter.name = body.name;
      return Response.json(chapterView(chapter));
    }
    if (parts.length === 8 && parts[7] === 'order') {
      const next = reordered(chapter.topics, body.ids);
      if (!next) return Response.json({ error: 'Wrong order' }, { status: 400 });
      chapter.topics = next;
      return Response.json(chapter.topics.map(topicView));
    }
    if (parts.length === 7) {
      if (method === 'POST') {
        const topic = { id: newId('t'), name: body.name, has_content: false };
        chapter.topics.push(topic);
        return Response.json(topicView(topic), { status: 201 });
      }
      return Response.json(chapter.topics.map(topicView));
    }
    const topicIndex = chapter.topics.findIndex((item) => item.id === parts[7]);
    const topic = chapter.topics[topicIndex];
    if (!topic) return notFound();
    if (parts[8] === 'move') {
      const target = chapters.find((item) => item.id === body.chapter_id);
      if (!target) return notFound();
      chapter.topics.splice(topicIndex, 1);
      target.topics.splice(Math.min(body.index, target.topics.length), 0, topic);
      return Response.json({
        topic: topicView(topic),
        from_chapter: chapterView(chapter),
        to_chapter: chapterView(target),
      });
    }
    if (parts.length === 8) {
      if (method === 'DELETE') {
        chapter.topics.splice(topicIndex, 1);
        return new Response(null, { status: 204 });
      }
      if (method === 'PUT') topic.name = body.name;
      return Response.json(topicView(topic));
    }
    if (parts[9] === 'versions') {
      const versions = histories.get(topic.id) ?? [];
      if (parts.length === 10) {
        return Response.json(
          versions.map(({ markdown, ...version }, index) => ({
            ...version,
            current: index === 0 && topic.content !== undefined,
            characters: markdown.length,
          })),
        );
      }
      const version = versions.find((item) => item.id === parts[10]);
      if (!version) return Response.json({ error: 'Version not found' }, { status: 404 });
      if (parts[11] !== 'restore') return Response.json(version);
      topic.content = version.markdown;
      record(topic.id, version.markdown, 'restored');
      return Response.json({ content: topic.content });
    }
    if (method === 'DELETE') {
      delete topic.content;
      return new Response(null, { status: 204 });
    }
    if (method === 'POST' || method === 'PUT') {
      topic.content = body.content;
      record(topic.id, body.content, 'edited');
      return Response.json({ content: topic.content }, { status: method === 'POST' ? 201 : 200 });
    }
    return topic.content === undefined ? notFound() : Response.json(topic.content);
  });

  return {
    spy,
    chapters,
    /** Requests sent so far, as "METHOD /path". */
    requests: () =>
      spy.mock.calls.map(
        ([url, init]) =>
          `${init?.method ?? 'GET'} ${new URL(url, 'http://localhost').pathname.replace(/^\/api/, '')}`,
      ),
  };
}
