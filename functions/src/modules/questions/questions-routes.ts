import { questionInputSchema, reorderInputSchema } from '@coursecraft/contracts';
import { Router } from 'express';
import { validate } from '../../lib/validate';
import type { Guards } from '../../middleware/guards';
import { uidOf } from '../../middleware/request-caller';
import { topicPathOf } from '../outline';
import { questionIdOf } from './question-ids';
import type { QuestionsService } from './questions-service';

/** A topic's questions, signed in and owner only; `order` is mounted before `:questionId`. */
export function questionsRoutes(questions: QuestionsService, { signedIn }: Guards): Router {
  const router = Router();
  const topic = '/courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId';
  const list = `${topic}/questions`;
  const one = `${list}/:questionId`;

  router.get(list, signedIn, async (req, res) => {
    res.json(await questions.list(uidOf(res), topicPathOf(req.params)));
  });
  router.post(list, signedIn, async (req, res) => {
    const readBody = () => validate(questionInputSchema, req.body);
    res.status(201).json(await questions.create(uidOf(res), topicPathOf(req.params), readBody));
  });
  router.put(`${list}/order`, signedIn, async (req, res) => {
    const readBody = () => validate(reorderInputSchema, req.body);
    res.json(await questions.reorder(uidOf(res), topicPathOf(req.params), readBody));
  });
  router.put(one, signedIn, async (req, res) => {
    const path = topicPathOf(req.params);
    const readBody = () => validate(questionInputSchema, req.body);
    res.json(await questions.update(uidOf(res), path, questionIdOf(req.params), readBody));
  });
  router.delete(one, signedIn, async (req, res) => {
    const path = topicPathOf(req.params);
    await questions.remove(uidOf(res), path, questionIdOf(req.params));
    res.status(204).end();
  });

  return router;
}
