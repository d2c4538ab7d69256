import {
  chapterInputSchema,
  contentInputSchema,
  courseInputSchema,
  subjectInputSchema,
  topicInputSchema,
} from '@coursecraft/contracts';
import { Router, type Request, type Response } from 'express';
import { HttpError } from '../../lib/http-error';
import { isAlreadyExists } from '../../lib/firestore/errors';
import { validate } from '../../lib/validate';
import type { Guards } from '../../middleware/guards';
import { callerOf } from '../../middleware/request-caller';
import { forgetImages, type CourseImages } from '../images/course-images';
import type { OutlineRepository } from './outline-repository';
import { ownedPaths } from './owned-paths';

const CONTENT_NOT_FOUND = 'Content not found';
const CONTENT_EXISTS = 'This topic already has content; update it instead.';

/**
 * `/courses/*`: the caller's courses and everything below them, all signed in. Every route
 * first checks that each id of
 * its path exists under the one before it and that the caller owns the course; anything else is
 * a 404, so foreign ids look exactly like unknown ones.
 */
export function coursesRoutes(
  outline: OutlineRepository,
  images: CourseImages,
  { signedIn }: Guards,
): Router {
  const router = Router();

  const { coursePath, subjectPath, chapterPath, topicPath } = ownedPaths(outline);

  const courses = async (_req: Request, res: Response) => {
    res.json(await outline.listCourses(callerOf(res).uid));
  };
  router.get('/courses', signedIn, courses);
  router.get('/courses/my-courses', signedIn, courses);

  router.post('/courses/create-manual', signedIn, async (req, res) => {
    const input = validate(courseInputSchema, req.body);
    res.status(201).json(await outline.createCourse(callerOf(res).uid, input));
  });

  const course = '/courses/:courseId';
  router.get(course, signedIn, async (req, res) => {
    res.json(await outline.getCourse(await coursePath(req, res)));
  });
  router.put(course, signedIn, async (req, res) => {
    const path = await coursePath(req, res);
    res.json(await outline.updateCourse(path, validate(courseInputSchema, req.body)));
  });
  router.delete(course, signedIn, async (req, res) => {
    const path = await coursePath(req, res);
    await outline.deleteCourse(path);
    await forgetImages(() => images.deleteCourseImages(callerOf(res).uid, path));
    res.json({ message: 'Course deleted' });
  });

  const subjects = `${course}/subjects`;
  router.get(subjects, signedIn, async (req, res) => {
    res.json(await outline.listSubjects(await coursePath(req, res)));
  });
  router.post(subjects, signedIn, async (req, res) => {
    const path = await coursePath(req, res);
    const input = validate(subjectInputSchema, req.body);
    res.status(201).json(await outline.createSubject(path, input));
  });
  const subject = `${subjects}/:subjectId`;
  router.get(subject, signedIn, async (req, res) => {
    res.json(await outline.getSubject(await subjectPath(req, res)));
  });
  router.put(subject, signedIn, async (req, res) => {
    const path = await subjectPath(req, res);
    res.json(await outline.updateSubject(path, validate(subjectInputSchema, req.body)));
  });
  router.delete(subject, signedIn, async (req, res) => {
    const path = await subjectPath(req, res);
    await outline.deleteSubject(path);
    await forgetImages(() => images.deleteSubjectImages(callerOf(res).uid, [path]));
    res.json({ message: 'Subject deleted' });
  });

  const chapters = `${subject}/chapters`;
  router.get(chapters, signedIn, async (req, res) => {
    res.json(await outline.listChapters(await subjectPath(req, res)));
  });
  router.post(chapters, signedIn, async (req, res) => {
    const path = await subjectPath(req, res);
    const input = validate(chapterInputSchema, req.body);
    res.status(201).json(await outline.createChapter(path, input));
  });
  const chapter = `${chapters}/:chapterId`;
  router.get(chapter, signedIn, async (req, res) => {
    res.json(await outline.getChapter(await chapterPath(req, res)));
  });
  router.put(chapter, signedIn, async (req, res) => {
    const path = await chapterPath(req, res);
    res.json(await outline.updateChapter(path, validate(chapterInputSchema, req.body)));
  });
  router.delete(chapter, signedIn, async (req, res) => {
    await outline.deleteChapter(await chapterPath(req, res));
    res.json({ message: 'Chapter deleted' });
  });

  const topics = `${chapter}/topics`;
  router.get(topics, signedIn, async (req, res) => {
    res.json(await outline.listTopics(await chapterPath(req, res)));
  });
  router.post(topics, signedIn, async (req, res) => {
    const path = await chapterPath(req, res);
    const input = validate(topicInputSchema, req.body);
    res.status(201).json(await outline.createTopic(path, input));
  });
  const topic = `${topics}/:topicId`;
  router.get(topic, signedIn, async (req, res) => {
    res.json(await outline.getTopic(await topicPath(req, res)));
  });
  router.put(topic, signedIn, async (req, res) => {
    const path = await topicPath(req, res);
    res.json(await outline.updateTopic(path, validate(topicInputSchema, req.body)));
  });
  router.delete(topic, signedIn, async (req, res) => {
    await outline.deleteTopic(await topicPath(req, res));
    res.json({ message: 'Topic deleted' });
  });

  const content = `${topic}/content`;
  router.get(content, signedIn, async (req, res) => {
    const markdown = await outline.getContent(await topicPath(req, res));
    if (markdown === null) throw new HttpError(404, CONTENT_NOT_FOUND);
    // The plain fetch answers the markdown itself, as a JSON string.
    res.json(markdown);
  });
  router.post(content, signedIn, async (req, res) => {
    const path = await topicPath(req, res);
    const { content: markdown } = validate(contentInputSchema, req.body);
    try {
      await outline.saveContent(path, markdown, 'create');
    } catch (error) {
      if (isAlreadyExists(error)) throw new HttpError(409, CONTENT_EXISTS);
      throw error;
    }
    res.status(201).json({ content: markdown });
  });
  router.put(content, signedIn, async (req, res) => {
    const path = await topicPath(req, res);
    const { content: markdown } = validate(contentInputSchema, req.body);
    await outline.saveContent(path, markdown, 'upsert');
    res.json({ content: markdown });
  });
  router.delete(content, signedIn, async (req, res) => {
    const deleted = await outline.deleteContent(await topicPath(req, res));
    if (!deleted) throw new HttpError(404, CONTENT_NOT_FOUND);
    res.json({ message: 'Content deleted' });
  });

  return router;
}
