import { Router } from 'express';
import type { Guards } from '../../middleware/guards';
import { uidOf } from '../../middleware/request-caller';
import { topicPathOf } from '../outline';
import type { HistoryService } from './history-service';

/** The version id of the path, as sent; the service checks its shape after ownership. */
const versionIdOf = (params: { versionId?: unknown }): string =>
  typeof params.versionId === 'string' ? params.versionId : '';

/**
 * The versions of a topic's lesson, signed in and owner only; restore reads no body. Mounted
 * before the courses router, like the other modules below `/courses`.
 */
export function historyRoutes(history: HistoryService, { signedIn }: Guards): Router {
  const router = Router();
  const versions =
    '/courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/content/versions';

  router.get(versions, signedIn, async (req, res) => {
    res.json(await history.listVersions(uidOf(res), topicPathOf(req.params)));
  });
  router.get(`${versions}/:versionId`, signedIn, async (req, res) => {
    const path = topicPathOf(req.params);
    res.json(await history.getVersion(uidOf(res), path, versionIdOf(req.params)));
  });
  router.post(`${versions}/:versionId/restore`, signedIn, async (req, res) => {
    const path = topicPathOf(req.params);
    const content = await history.restoreVersion(uidOf(res), path, versionIdOf(req.params));
    res.json({ content });
  });

  return router;
}
