import {
  chapterInputSchema,
  contentInputSchema,
  subjectInputSchema,
  topicInputSchema,
} from '@coursecraft/contracts';
import { Router } from 'express';
import { validate } from '../../lib/validate';
import type { Guards } from '../../middleware/guards';
import { uidOf } from '../../middleware/request-caller';
import { chapterPathOf, coursePathOf, subjectPathOf, topicPathOf } from './outline-params';
import type { OutlineService } from './outline-service';

const markdownOf = (body: unknown): string => validate(contentInputSchema, body).content;

/**
 * Everything below `/courses/{c}`, all signed in: counts, subjects, chapters, topics and
 * lessons. Unknown, foreign or mismatched ids are all 404, so foreign ids look exactly like
 * unknown ones; a body is validated only once its path passed that check.
 */
export function outlineRoutes(outline: OutlineService, { signedIn }: Guards): Router {
  const router = Router();
  const course = '/courses/:courseId';

  router.get(`${course}/counts`, signedIn, async (req, res) => {
    res.json(await outline.countCourse(uidOf(res), coursePathOf(req.params)));
  });

  const subjects = `${course}/subjects`;
  router.get(subjects, signedIn, async (req, res) => {
    res.json(await outline.listSubjects(uidOf(res), coursePathOf(req.params)));
  });
  router.post(subjects, signedIn, async (req, res) => {
    const path = coursePathOf(req.params);
    const readBody = () => validate(subjectInputSchema, req.body);
    res.status(201).json(await outline.createSubject(uidOf(res), path, readBody));
  });
  const subject = `${subjects}/:subjectId`;
  router.get(subject, signedIn, async (req, res) => {
    res.json(await outline.getSubject(uidOf(res), subjectPathOf(req.params)));
  });
  router.put(subject, signedIn, async (req, res) => {
    const path = subjectPathOf(req.params);
    const readBody = () => validate(subjectInputSchema, req.body);
    res.json(await outline.updateSubject(uidOf(res), path, readBody));
  });
  router.delete(subject, signedIn, async (req, res) => {
    await outline.deleteSubject(uidOf(res), subjectPathOf(req.params));
    res.status(204).end();
  });

  router.get(`${subject}/counts`, signedIn, async (req, res) => {
    res.json(await outline.countSubject(uidOf(res), subjectPathOf(req.params)));
  });

  const chapters = `${subject}/chapters`;
  router.get(chapters, signedIn, async (req, res) => {
    res.json(await outline.listChapters(uidOf(res), subjectPathOf(req.params)));
  });
  router.post(chapters, signedIn, async (req, res) => {
    const path = subjectPathOf(req.params);
    const readBody = () => validate(chapterInputSchema, req.body);
    res.status(201).json(await outline.createChapter(uidOf(res), path, readBody));
  });
  const chapter = `${chapters}/:chapterId`;
  router.get(chapter, signedIn, async (req, res) => {
    res.json(await outline.getChapter(uidOf(res), chapterPathOf(req.params)));
  });
  router.put(chapter, signedIn, async (req, res) => {
    const path = chapterPathOf(req.params);
    const readBody = () => validate(chapterInputSchema, req.body);
    res.json(await outline.updateChapter(uidOf(res), path, readBody));
  });
  router.delete(chapter, signedIn, async (req, res) => {
    await outline.deleteChapter(uidOf(res), chapterPathOf(req.params));
    res.status(204).end();
  });

  const topics = `${chapter}/topics`;
  router.get(topics, signedIn, async (req, res) => {
    res.json(await outline.listTopics(uidOf(res), chapterPathOf(req.params)));
  });
  router.post(topics, signedIn, async (req, res) => {
    const path = chapterPathOf(req.params);
    const readBody = () => validate(topicInputSchema, req.body);
    res.status(201).json(await outline.createTopic(uidOf(res), path, readBody));
  });
  const topic = `${topics}/:topicId`;
  router.get(topic, signedIn, async (req, res) => {
    res.json(await outline.getTopic(uidOf(res), topicPathOf(req.params)));
  });
  router.put(topic, signedIn, async (req, res) => {
    const path = topicPathOf(req.params);
    const readBody = () => validate(topicInputSchema, req.body);
    res.json(await outline.updateTopic(uidOf(res), path, readBody));
  });
  router.delete(topic, signedIn, async (req, res) => {
    await outline.deleteTopic(uidOf(res), topicPathOf(req.params));
    res.status(204).end();
  });

  const content = `${topic}/content`;
  router.get(content, signedIn, async (req, res) => {
    // The plain fetch answers the markdown itself, as a JSON string.
    res.json(await outline.getContent(uidOf(res), topicPathOf(req.params)));
  });
  router.post(content, signedIn, async (req, res) => {
    const path = topicPathOf(req.params);
    const content = await outline.createContent(uidOf(res), path, () => markdownOf(req.body));
    res.status(201).json({ content });
  });
  router.put(content, signedIn, async (req, res) => {
    const path = topicPathOf(req.params);
    const content = await outline.saveContent(uidOf(res), path, () => markdownOf(req.body));
    res.json({ content });
  });
  router.delete(content, signedIn, async (req, res) => {
    await outline.deleteContent(uidOf(res), topicPathOf(req.params));
    res.status(204).end();
  });

  return router;
}
