import { Router } from 'express';
import type { FilesService } from './files-service';

/**
 * `GET /files/<path>` (public) serves images of the local-disk store (offline runs only); with
 * Cloud Storage, images have their own URLs and this answers 404.
 */
export function filesRoutes(files: FilesService): Router {
  const router = Router();
  router.get('/files/*objectPath', async (req, res, next) => {
    const file = await files.readLocalFile(req.params.objectPath.join('/'));
    if (!file) {
      next();
      return;
    }
    res
      .type(file.contentType)
      .set('x-content-type-options', 'nosniff')
      .set('cache-control', 'public, max-age=300')
      .send(file.bytes);
  });
  return router;
}
