import {
  CONTENT_MAX_LENGTH,
  addCourseInputSchema,
  generatedChaptersSchema,
  generatedCourseSchema,
  generatedSubjectsSchema,
  generatedTopicsSchema,
  prepareGeneratedLesson,
} from '@coursecraft/contracts';
import { Router, type Response } from 'express';
import { HttpError } from '../../lib/http-error';
import { validate } from '../../lib/validate';
import type { Guards } from '../../middleware/guards';
import { callerOf } from '../../middleware/request-caller';
import type { OutlineRepository } from '../courses/outline-repository';
import { ownedPaths } from '../courses/owned-paths';
import { forgetImages, type CourseImages } from '../images/course-images';
import { readAudioUpload } from './audio-upload';
import { AI_MESSAGES, generateJson, streamText, toHttpError } from '../../lib/gemini/gemini-client';
import type { WithGemini } from './gemini-access';
import {
  chaptersPrompt,
  coursePrompt,
  lessonPrompt,
  spokenCoursePrompt,
  subjectsPrompt,
  topicsPrompt,
} from './prompts';

/**
 * AI routes under `/courses`, all signed in: draft a course from text or
 * speech, and generate or regenerate a course's subjects, a subject's chapters, a chapter's
 * topics and a topic's lesson. Gemini answers first and is validated; only then is anything
 * stored, so a failed generation leaves the old items in place.
 */
export function generationRoutes(
  outline: OutlineRepository,
  images: CourseImages,
  withGemini: WithGemini,
  { signedIn }: Guards,
): Router {
  const router = Router();
  const { coursePath, subjectPath, chapterPath, topicPath } = ownedPaths(outline);

  router.post('/courses/add_course', signedIn, async (req, res) => {
    const { name: authorText } = validate(addCourseInputSchema, req.body);
    const drafted = await withGemini(callerOf(res).uid, null, (apiKey) =>
      generateJson(apiKey, { prompt: coursePrompt(authorText), schema: generatedCourseSchema }),
    );
    res.status(201).json(await outline.createCourse(callerOf(res).uid, drafted));
  });

  router.post('/courses/add_course_audio', signedIn, async (req, res) => {
    const drafted = await withGemini(callerOf(res).uid, null, async (apiKey) => {
      const recording = await readAudioUpload(req);
      return generateJson(apiKey, {
        prompt: spokenCoursePrompt(recording),
        schema: generatedCourseSchema,
      });
    });
    res.status(201).json(await outline.createCourse(callerOf(res).uid, drafted));
  });

  router.post('/courses/:courseId/generate_subjects', signedIn, async (req, res) => {
    const path = await coursePath(req, res);
    const subjects = await withGemini(
      callerOf(res).uid,
      `subjects:${path.courseId}`,
      async (apiKey) => {
        const [course, current] = await Promise.all([
          outline.getCourse(path),
          outline.listSubjects(path),
        ]);
        const answer = await generateJson(apiKey, {
          prompt: subjectsPrompt(course, current),
          schema: generatedSubjectsSchema,
        });
        const replaced = await outline.replaceSubjects(path, answer.subjects);
        const oldSubjects = current.map((subject) => ({ ...path, subjectId: subject.id }));
        await forgetImages(() => images.deleteSubjectImages(callerOf(res).uid, oldSubjects));
        return replaced;
      },
    );
    res.json(subjects);
  });

  router.post(
    '/courses/:courseId/subjects/:subjectId/generate_chapters',
    signedIn,
    async (req, res) => {
      const path = await subjectPath(req, res);
      const key = `chapters:${path.courseId}/${path.subjectId}`;
      const chapters = await withGemini(callerOf(res).uid, key, async (apiKey) => {
        const [course, subject, siblings] = await Promise.all([
          outline.getCourse(path),
          outline.getSubject(path),
          outline.listSubjects(path),
        ]);
        const answer = await generateJson(apiKey, {
          prompt: chaptersPrompt(course, subject, siblings),
          schema: generatedChaptersSchema,
        });
        return outline.replaceChapters(path, answer.chapters);
      });
      res.json(chapters);
    },
  );

  router.post(
    '/courses/:courseId/subjects/:subjectId/chapters/:chapterId/generate_topics',
    signedIn,
    async (req, res) => {
      const path = await chapterPath(req, res);
      const key = `topics:${path.courseId}/${path.subjectId}/${path.chapterId}`;
      const topics = await withGemini(callerOf(res).uid, key, async (apiKey) => {
        const [course, subject, chapter, chapters] = await Promise.all([
          outline.getCourse(path),
          outline.getSubject(path),
          outline.getChapter(path),
          outline.listChapters(path),
        ]);
        const answer = await generateJson(apiKey, {
          prompt: topicsPrompt(course, subject, chapter, chapters),
          schema: generatedTopicsSchema,
        });
        return outline.replaceTopics(path, answer.topics);
      });
      res.json(topics);
    },
  );

  router.post(
    '/courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/generate_content',
    signedIn,
    async (req, res) => {
      const path = await topicPath(req, res);
      const streamed = req.get('accept')?.includes('text/event-stream') === true;
      const key = `content:${path.courseId}/${path.subjectId}/${path.chapterId}/${path.topicId}`;
      await withGemini(callerOf(res).uid, key, async (apiKey) => {
        const [course, subject, chapter, topic, topics] = await Promise.all([
          outline.getCourse(path),
          outline.getSubject(path),
          outline.getChapter(path),
          outline.getTopic(path),
          outline.listTopics(path),
        ]);
        const chunks = streamText(apiKey, lessonPrompt(course, subject, chapter, topic, topics));
        const store = async (answer: string) => {
          const lesson = finishedLesson(answer);
          await outline.saveContent(path, lesson, 'upsert');
          return lesson;
        };
        if (!streamed) {
          let answer = '';
          for await (const chunk of chunks) answer += chunk;
          res.json({ content: await store(answer) });
          return;
        }
        await streamLesson(res, chunks, store);
      });
    },
  );

  return router;
}

/** The answer as stored (cleaned, dollar math), or a failure if it is not a lesson. */
function finishedLesson(answer: string): string {
  const lesson = prepareGeneratedLesson(answer);
  if (!lesson || lesson.length > CONTENT_MAX_LENGTH) {
    throw new HttpError(502, AI_MESSAGES.invalidAnswer);
  }
  return lesson;
}

/**
 * Server-sent events: `chunk` ({ text }) as Gemini writes, then `done` ({ content }, once stored)
 * or `error` ({ status, error }, nothing stored).
 */
async function streamLesson(
  res: Response,
  chunks: AsyncIterable<string>,
  store: (answer: string) => Promise<string>,
): Promise<void> {
  res.status(200).set({
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });
  res.flushHeaders();
  const send = (event: string, data: unknown) =>
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  let answer = '';
  try {
    for await (const chunk of chunks) {
      answer += chunk;
      send('chunk', { text: chunk });
    }
    send('done', { content: await store(answer) });
  } catch (error) {
    const failure = toHttpError(error);
    if (failure.status >= 500) console.error('Lesson generation failed', error);
    send('error', { status: failure.status, error: failure.message });
  }
  res.end();
}
