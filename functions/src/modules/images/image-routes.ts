import { Router } from 'express';
import type { Guards } from '../../middleware/guards';
import { uidOf } from '../../middleware/request-caller';
import { coursePathOf, subjectPathOf } from '../outline';
import type { ImagesService } from './images-service';

/**
 * `/images/courses/...`, all signed in: Gemini draws a course's or a subject's cover, or the
 * covers of all the course's subjects; each is stored in the caller's image folder and its URL,
 * with a cache-busting time parameter, saved on the course or subject.
 */
export function imageRoutes(images: ImagesService, { signedIn, limit }: Guards): Router {
  const router = Router();

  router.post('/images/courses/:courseId/generate', signedIn, limit('ai'), async (req, res) => {
    const imageUrl = await images.generateCourseCover(uidOf(res), coursePathOf(req.params));
    res.json({ image_url: imageUrl });
  });

  router.post(
    '/images/courses/:courseId/subjects/generate-all',
    signedIn,
    limit('ai'),
    async (req, res) => {
      res.json(await images.generateSubjectCovers(uidOf(res), coursePathOf(req.params)));
    },
  );

  router.post(
    '/images/courses/:courseId/subjects/:subjectId/generate',
    signedIn,
    limit('ai'),
    async (req, res) => {
      const imageUrl = await images.generateSubjectCover(uidOf(res), subjectPathOf(req.params));
      res.json({ image_url: imageUrl });
    },
  );

  return router;
}
