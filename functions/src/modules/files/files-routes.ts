import { Router } from 'express';
import type { ImageStore } from '../../lib/storage/image-store';
import { LocalImageStore } from '../../lib/storage/local-image-store';

/**
 * `GET /files/<path>` (public) serves images of the local-disk store (offline runs only); with
 * Cloud Storage, images have their own URLs and this answers 404.
 */
export function filesRoutes(imageStore: () => ImageStore): Router {
  const router = Router();
  router.get('/files/*objectPath', async (req, res, next) => {
    const store = imageStore();
    const file =
      store instanceof LocalImageStore ? await store.read(req.params.objectPath.join('/')) : null;
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
