import { Router } from 'express';
import type { Guards } from '../../middleware/guards';
import { uidOf } from '../../middleware/request-caller';
import { coursePathOf } from '../outline';
import { readBundleUpload } from './bundle-upload';
import type { ExportsService } from './exports-service';

/**
 * Courses leaving and coming back, all signed in: the whole tree and the Markdown bundle of a
 * course (owner only), and a new course imported from a bundle (multipart field `bundle`).
 */
export function exportsRoutes(exports: ExportsService, { signedIn, limit }: Guards): Router {
  const router = Router();

  router.get('/courses/:courseId/tree', signedIn, limit('tree'), async (req, res) => {
    res.json(await exports.courseTree(uidOf(res), coursePathOf(req.params)));
  });

  router.get('/courses/:courseId/export/markdown', signedIn, limit('export'), async (req, res) => {
    const bundle = await exports.markdownBundle(uidOf(res), coursePathOf(req.params));
    res
      .status(200)
      .set({
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="${bundle.filename}"`,
        'cache-control': 'private, no-store',
      })
      .send(Buffer.from(bundle.bytes.buffer, bundle.bytes.byteOffset, bundle.bytes.byteLength));
  });

  router.post('/courses/import', signedIn, limit('import'), async (req, res) => {
    const course = await exports.importMarkdownBundle(uidOf(res), () => readBundleUpload(req));
    res.status(201).json(course);
  });

  return router;
}
