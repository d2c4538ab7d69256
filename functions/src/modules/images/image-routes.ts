import type { Course, Subject } from '@coursecraft/contracts';
import { Router } from 'express';
import type { WithGemini } from '../generation/gemini-access';
import { generateImage, toHttpError } from '../../lib/gemini/gemini-client';
import { courseImagePrompt, subjectImagePrompt } from './cover-prompts';
import type { CoursePath } from '../../lib/firestore/paths';
import type { OutlineRepository } from '../courses/outline-repository';
import { ownedPaths } from '../courses/owned-paths';
import type { CourseImages } from './course-images';
import type { Guards } from '../../middleware/guards';
import { callerOf } from '../../middleware/request-caller';

/** How many subject covers one bulk request draws at once: quick, yet kind to the quota. */
export const BULK_IMAGE_CONCURRENCY = 3;

/** Runs `work` on every item, at most `limit` at a time, and settles them all. */
async function settleWithLimit<T, R>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        results[index] = { status: 'fulfilled', value: await work(items[index] as T) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * `/images/courses/...`, all signed in: Gemini draws a course's or a subject's cover, or the
 * covers of all the course's subjects; each is stored in the caller's image folder and its URL,
 * with a cache-busting time parameter, saved on the course or subject.
 */
export function imageRoutes(
  outline: OutlineRepository,
  images: CourseImages,
  withGemini: WithGemini,
  { signedIn }: Guards,
): Router {
  const router = Router();
  const { coursePath, subjectPath } = ownedPaths(outline);

  async function drawSubjectCover(
    apiKey: string,
    uid: string,
    path: CoursePath,
    course: Course,
    subject: Subject,
  ) {
    const image = await generateImage(apiKey, subjectImagePrompt(course, subject));
    const subjectPath = { ...path, subjectId: subject.id };
    return images.saveSubjectCover(uid, subjectPath, image, (url) =>
      outline.setSubjectImage(subjectPath, url),
    );
  }

  router.post('/images/courses/:courseId/generate', signedIn, async (req, res) => {
    const path = await coursePath(req, res);
    const { uid } = callerOf(res);
    const imageUrl = await withGemini(
      callerOf(res).uid,
      `image:${path.courseId}`,
      async (apiKey) => {
        const image = await generateImage(apiKey, courseImagePrompt(await outline.getCourse(path)));
        return images.saveCourseCover(uid, path, image, (url) => outline.setCourseImage(path, url));
      },
    );
    res.json({ image_url: imageUrl });
  });

  router.post('/images/courses/:courseId/subjects/generate-all', signedIn, async (req, res) => {
    const path = await coursePath(req, res);
    const { uid } = callerOf(res);
    const outcome = await withGemini(
      callerOf(res).uid,
      `images:${path.courseId}`,
      async (apiKey) => {
        const [course, subjects] = await Promise.all([
          outline.getCourse(path),
          outline.listSubjects(path),
        ]);
        const settled = await settleWithLimit(subjects, BULK_IMAGE_CONCURRENCY, (subject) =>
          drawSubjectCover(apiKey, uid, path, course, subject),
        );
        const results: { id: string; image_url: string }[] = [];
        const failed: { id: string; error: string }[] = [];
        settled.forEach((result, index) => {
          const id = (subjects[index] as Subject).id;
          if (result.status === 'fulfilled') results.push({ id, image_url: result.value });
          else {
            const failure = toHttpError(result.reason);
            if (failure.status >= 500) console.error('A subject cover failed', result.reason);
            failed.push({ id, error: failure.message });
          }
        });
        // Nothing drawn at all: the failure itself (key, quota, timeout) is the answer.
        const firstFailure = settled.find((result) => result.status === 'rejected');
        if (results.length === 0 && firstFailure) throw toHttpError(firstFailure.reason);
        return failed.length > 0 ? { results, failed } : { results };
      },
    );
    res.json(outcome);
  });

  router.post(
    '/images/courses/:courseId/subjects/:subjectId/generate',
    signedIn,
    async (req, res) => {
      const path = await subjectPath(req, res);
      const { uid } = callerOf(res);
      const key = `image:${path.courseId}/${path.subjectId}`;
      const imageUrl = await withGemini(callerOf(res).uid, key, async (apiKey) => {
        const [course, subject] = await Promise.all([
          outline.getCourse(path),
          outline.getSubject(path),
        ]);
        return drawSubjectCover(apiKey, uid, path, course, subject);
      });
      res.json({ image_url: imageUrl });
    },
  );

  return router;
}
