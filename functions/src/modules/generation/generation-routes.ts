import {
  addCourseInputSchema,
  regenerateInputSchema,
  type GeneratedLesson,
} from '@coursecraft/contracts';
import { Router, type Request, type Response } from 'express';
import { toHttpError } from '../../lib/gemini/gemini-client';
import { errorBody } from '../../lib/http-error';
import { validate } from '../../lib/validate';
import type { Guards } from '../../middleware/guards';
import { uidOf } from '../../middleware/request-caller';
import { chapterPathOf, coursePathOf, subjectPathOf, topicPathOf } from '../outline';
import { readCourseUpload } from './audio-upload';
import type { GenerationService, LessonListener } from './generation-service';

/**
 * A regeneration's optional body: with `instructions`, Gemini changes the current version; no
 * body starts over. A body that is not JSON never gets here (the API's body gate answers 415).
 */
const regenerateBodyOf = (req: Request) => () => validate(regenerateInputSchema, req.body ?? {});

/**
 * AI routes under `/courses`, all signed in: draft a course from text or speech, and generate
 * or regenerate a course's subjects, a subject's chapters, a chapter's topics and a topic's
 * lesson (streamed as server-sent events when the client accepts them).
 */
export function generationRoutes(
  generation: GenerationService,
  { signedIn, limit }: Guards,
): Router {
  const router = Router();
  const ai = [signedIn, limit('ai')];

  router.post('/courses/add_course', ...ai, async (req, res) => {
    const { name: authorText, settings } = validate(addCourseInputSchema, req.body);
    res.status(201).json(await generation.draftCourse(uidOf(res), authorText, settings));
  });

  router.post('/courses/add_course_audio', ...ai, async (req, res) => {
    const course = await generation.draftCourseFromRecording(uidOf(res), () =>
      readCourseUpload(req),
    );
    res.status(201).json(course);
  });

  router.post('/courses/:courseId/generate_subjects', ...ai, async (req, res) => {
    const path = coursePathOf(req.params);
    res.json(await generation.generateSubjects(uidOf(res), path, regenerateBodyOf(req)));
  });

  router.post(
    '/courses/:courseId/subjects/:subjectId/generate_chapters',
    ...ai,
    async (req, res) => {
      const path = subjectPathOf(req.params);
      res.json(await generation.generateChapters(uidOf(res), path, regenerateBodyOf(req)));
    },
  );

  router.post(
    '/courses/:courseId/subjects/:subjectId/chapters/:chapterId/generate_topics',
    ...ai,
    async (req, res) => {
      const path = chapterPathOf(req.params);
      res.json(await generation.generateTopics(uidOf(res), path, regenerateBodyOf(req)));
    },
  );

  router.post(
    '/courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/generate_content',
    ...ai,
    async (req, res) => {
      const path = topicPathOf(req.params);
      const readBody = regenerateBodyOf(req);
      if (req.get('accept')?.includes('text/event-stream') !== true) {
        res.json(await generation.generateLesson(uidOf(res), path, {}, readBody));
        return;
      }
      await streamLesson(res, (listener) =>
        generation.generateLesson(uidOf(res), path, listener, readBody),
      );
    },
  );

  return router;
}

/**
 * Server-sent events: `chunk` ({ text }) as Gemini writes, then `done` ({ content,
 * removed_citations }, once stored: `content` is the lesson as stored, which replaces the streamed
 * text) or `error` ({ status, error }, nothing stored). The stream opens only once every check passed,
 * so a refusal before that (404, 403, 409, 429) is an ordinary JSON answer; the last event is
 * sent after the service has settled, its lock released.
 */
async function streamLesson(
  res: Response,
  generate: (listener: LessonListener) => Promise<GeneratedLesson>,
): Promise<void> {
  const send = (event: string, data: unknown) =>
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  let opened = false;
  try {
    const lesson = await generate({
      onStart: () => {
        res.status(200).set({
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store, no-transform',
          'x-accel-buffering': 'no',
        });
        res.flushHeaders();
        opened = true;
      },
      onChunk: (text) => send('chunk', { text }),
    });
    send('done', lesson);
  } catch (error) {
    if (!opened) throw error;
    const failure = toHttpError(error);
    if (failure.status >= 500) console.error('Lesson generation failed', error);
    send('error', { status: failure.status, ...errorBody(failure) });
  }
  res.end();
}
