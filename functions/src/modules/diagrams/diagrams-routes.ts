import { diagramUploadSchema } from '@coursecraft/contracts';
import { Router } from 'express';
import { validate } from '../../lib/validate';
import type { Guards } from '../../middleware/guards';
import { uidOf } from '../../middleware/request-caller';
import { coursePathOf, topicPathOf } from '../outline';
import type { DiagramsService } from './diagrams-service';

/** The drawings of a course's diagrams: which are stored, and a lesson's upload (owner only). */
export function diagramsRoutes(diagrams: DiagramsService, { signedIn, limit }: Guards): Router {
  const router = Router();

  router.get('/courses/:courseId/diagrams', signedIn, async (req, res) => {
    res.json(await diagrams.listKeys(uidOf(res), coursePathOf(req.params)));
  });
  router.put(
    '/courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/diagrams',
    signedIn,
    limit('diagrams'),
    async (req, res) => {
      const readBody = () => validate(diagramUploadSchema, req.body);
      res.json(await diagrams.upload(uidOf(res), topicPathOf(req.params), readBody));
    },
  );

  return router;
}
