import {
  chapterInputSchema,
  contentInputSchema,
  courseInputSchema,
  courseSettingsSchema,
  newCourseInputSchema,
  subjectInputSchema,
  topicInputSchema,
} from '@coursecraft/contracts';
import { Router, type Request, type Response } from 'express';
import { validate } from '../../lib/validate';
import type { Guards } from '../../middleware/guards';
import { uidOf } from '../../middleware/request-caller';
import type { CoursesService } from './courses-service';
import { chapterPathOf, coursePathOf, subjectPathOf, topicPathOf } from './outline-params';

const markdownOf = (body: unknown): string => validate(contentInputSchema, body).content;

/**
 * `/courses/*`: the caller's courses and everything below them, all signed in. Unknown, foreign
 * or mismatched ids are all 404, so foreign ids look exactly like unknown ones; a body is
 * validated only once its path passed that check.
 */
export function coursesRoutes(courses: CoursesService, { signedIn }: Guards): Router {
  const router = Router();

  const listCourses = async (_req: Request, res: Response) => {
    res.json(await courses.listCourses(uidOf(res)));
  };
  router.get('/courses', signedIn, listCourses);
  router.get('/courses/my-courses', signedIn, listCourses);

  router.post('/courses/create-manual', signedIn, async (req, res) => {
    const input = validate(newCourseInputSchema, req.body);
    res.status(201).json(await courses.createCourse(uidOf(res), input));
  });

  const course = '/courses/:courseId';
  router.get(course, signedIn, async (req, res) => {
    res.json(await courses.getCourse(uidOf(res), coursePathOf(req.params)));
  });
  router.put(course, signedIn, async (req, res) => {
    const path = coursePathOf(req.params);
    const readBody = () => validate(courseInputSchema, req.body);
    res.json(await courses.updateCourse(uidOf(res), path, readBody));
  });
  router.delete(course, signedIn, async (req, res) => {
    await courses.deleteCourse(uidOf(res), coursePathOf(req.params));
    res.status(204).end();
  });
  router.put(`${course}/settings`, signedIn, async (req, res) => {
    const path = coursePathOf(req.params);
    const readBody = () => validate(courseSettingsSchema, req.body);
    res.json(await courses.updateCourseSettings(uidOf(res), path, readBody));
  });

  router.get(`${course}/counts`, signedIn, async (req, res) => {
    res.json(await courses.countCourse(uidOf(res), coursePathOf(req.params)));
  });

  const subjects = `${course}/subjects`;
  router.get(subjects, signedIn, async (req, res) => {
    res.json(await courses.listSubjects(uidOf(res), coursePathOf(req.params)));
  });
  router.post(subjects, signedIn, async (req, res) => {
    const path = coursePathOf(req.params);
    const readBody = () => validate(subjectInputSchema, req.body);
    res.status(201).json(await courses.createSubject(uidOf(res), path, readBody));
  });
  const subject = `${subjects}/:subjectId`;
  router.get(subject, signedIn, async (req, res) => {
    res.json(await courses.getSubject(uidOf(res), subjectPathOf(req.params)));
  });
  router.put(subject, signedIn, async (req, res) => {
    const path = subjectPathOf(req.params);
    const readBody = () => validate(subjectInputSchema, req.body);
    res.json(await courses.updateSubject(uidOf(res), path, readBody));
  });
  router.delete(subject, signedIn, async (req, res) => {
    await courses.deleteSubject(uidOf(res), subjectPathOf(req.params));
    res.status(204).end();
  });

  router.get(`${subject}/counts`, signedIn, async (req, res) => {
    res.json(await courses.countSubject(uidOf(res), subjectPathOf(req.params)));
  });

  const chapters = `${subject}/chapters`;
  router.get(chapters, signedIn, async (req, res) => {
    res.json(await courses.listChapters(uidOf(res), subjectPathOf(req.params)));
  });
  router.post(chapters, signedIn, async (req, res) => {
    const path = subjectPathOf(req.params);
    const readBody = () => validate(chapterInputSchema, req.body);
    res.status(201).json(await courses.createChapter(uidOf(res), path, readBody));
  });
  const chapter = `${chapters}/:chapterId`;
  router.get(chapter, signedIn, async (req, res) => {
    res.json(await courses.getChapter(uidOf(res), chapterPathOf(req.params)));
  });
  router.put(chapter, signedIn, async (req, res) => {
    const path = chapterPathOf(req.params);
    const readBody = () => validate(chapterInputSchema, req.body);
    res.json(await courses.updateChapter(uidOf(res), path, readBody));
  });
  router.delete(chapter, signedIn, async (req, res) => {
    await courses.deleteChapter(uidOf(res), chapterPathOf(req.params));
    res.status(204).end();
  });

  const topics = `${chapter}/topics`;
  router.get(topics, signedIn, async (req, res) => {
    res.json(await courses.listTopics(uidOf(res), chapterPathOf(req.params)));
  });
  router.post(topics, signedIn, async (req, res) => {
    const path = chapterPathOf(req.params);
    const readBody = () => validate(topicInputSchema, req.body);
    res.status(201).json(await courses.createTopic(uidOf(res), path, readBody));
  });
  const topic = `${topics}/:topicId`;
  router.get(topic, signedIn, async (req, res) => {
    res.json(await courses.getTopic(uidOf(res), topicPathOf(req.params)));
  });
  router.put(topic, signedIn, async (req, res) => {
    const path = topicPathOf(req.params);
    const readBody = () => validate(topicInputSchema, req.body);
    res.json(await courses.updateTopic(uidOf(res), path, readBody));
  });
  router.delete(topic, signedIn, async (req, res) => {
    await courses.deleteTopic(uidOf(res), topicPathOf(req.params));
    res.status(204).end();
  });

  const content = `${topic}/content`;
  router.get(content, signedIn, async (req, res) => {
    // The plain fetch answers the markdown itself, as a JSON string.
    res.json(await courses.getContent(uidOf(res), topicPathOf(req.params)));
  });
  router.post(content, signedIn, async (req, res) => {
    const path = topicPathOf(req.params);
    const content = await courses.createContent(uidOf(res), path, () => markdownOf(req.body));
    res.status(201).json({ content });
  });
  router.put(content, signedIn, async (req, res) => {
    const path = topicPathOf(req.params);
    const content = await courses.saveContent(uidOf(res), path, () => markdownOf(req.body));
    res.json({ content });
  });
  router.delete(content, signedIn, async (req, res) => {
    await courses.deleteContent(uidOf(res), topicPathOf(req.params));
    res.status(204).end();
  });

  return router;
}
