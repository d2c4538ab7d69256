import { Router } from 'express';
import type { ImageStore } from '../../lib/storage/image-store';
import { LocalImageStore } from '../../lib/storage/local-image-store';

/**
 * `GET /files/<path>` serves images of the local-disk store (offline runs only); with Cloud
 * Storage, images have their own URLs and this answers 404.
 */
export function filesRoutes(imageStore: () => ImageStore): Router {
  const router = Router();
  router.get('/files/*objectPath', async (req, res, next) => {
    const store = imageStore();
    const segments = (req.params as { objectPath?: string[] }).objectPath ?? [];
    const file = store instanceof LocalImageStore ? await store.read(segments.join('/')) : null;
    if (!file) {
      next();
      return;
    }
    res
      .set('content-type', file.contentType)
      .set('cache-control', 'public, max-age=300')
      .send(file.bytes);
  });
  return router;
}
