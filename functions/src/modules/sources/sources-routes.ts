import { documentIdSchema } from '@coursecraft/contracts';
import { Router } from 'express';
import { HttpError } from '../../lib/http-error';
import type { Guards } from '../../middleware/guards';
import { uidOf } from '../../middleware/request-caller';
import { coursePathOf } from '../outline';
import { readSourceUpload } from './source-upload';
import { SOURCE_NOT_FOUND, type SourcesService } from './sources-service';

/** A malformed source id is a 404 before any read, like the outline's ids. */
function sourceIdOf(params: { sourceId?: unknown }): string {
  const parsed = documentIdSchema.safeParse(params.sourceId);
  if (!parsed.success) throw new HttpError(404, 'NOT_FOUND', SOURCE_NOT_FOUND);
  return parsed.data;
}

/** A course's sources (owner only): list with coverage, add, replace, remove. Uploads are multipart. */
export function sourcesRoutes(sources: SourcesService, { signedIn, limit }: Guards): Router {
  const router = Router();

  router.get('/courses/:courseId/sources', signedIn, async (req, res) => {
    res.json(await sources.list(uidOf(res), coursePathOf(req.params)));
  });
  router.post('/courses/:courseId/sources', signedIn, limit('sources'), async (req, res) => {
    const path = coursePathOf(req.params);
    const source = await sources.add(uidOf(res), path, () => readSourceUpload(req));
    res.status(202).json({ source });
  });
  router.put(
    '/courses/:courseId/sources/:sourceId',
    signedIn,
    limit('sources'),
    async (req, res) => {
      const path = coursePathOf(req.params);
      const sourceId = sourceIdOf(req.params);
      const source = await sources.replace(uidOf(res), path, sourceId, () => readSourceUpload(req));
      res.status(202).json({ source });
    },
  );
  router.delete(
    '/courses/:courseId/sources/:sourceId',
    signedIn,
    limit('sources'),
    async (req, res) => {
      await sources.remove(uidOf(res), coursePathOf(req.params), sourceIdOf(req.params));
      res.status(204).end();
    },
  );

  return router;
}
