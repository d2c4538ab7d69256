import type { BulkImageResult, Course, Subject } from '@coursecraft/contracts';
import type { CoursePath, SubjectPath } from '../../lib/firestore/paths';
import { AI_MESSAGES, generateImage, toHttpError } from '../../lib/gemini/gemini-client';
import { HttpError } from '../../lib/http-error';
import { generatedImageTypeOf } from '../../lib/image-type';
import type { ImageStore } from '../../lib/storage/image-store';
import {
  courseImagesFolder,
  coverFile,
  coverFolder,
  subjectImagesFolder,
} from '../../lib/storage/object-paths';
import { ownedOutline, type NodeDeletionHandler, type Outline } from '../outline';
import type { WithGemini } from '../generation/gemini-access';
import { courseImagePrompt, subjectImagePrompt } from './cover-prompts';
import { settleWithLimit } from './settle-with-limit';

/** How many subject covers one bulk request draws at once: quick, yet kind to the quota. */
export const BULK_IMAGE_CONCURRENCY = 3;

/** Said when the image store refuses a new cover; nothing changed, so trying again is safe. */
export const IMAGE_NOT_STORED = 'The image could not be saved. Please try again.';

const courseFolder = (uid: string, { courseId }: CoursePath) => courseImagesFolder(uid, courseId);
const subjectFolder = (uid: string, { courseId, subjectId }: SubjectPath) =>
  subjectImagesFolder(uid, courseId, subjectId);

/** A stored image's URL with a time parameter, so browsers drop the previous cover. */
export function withCacheBuster(url: string, time: number): string {
  return `${url}${url.includes('?') ? '&' : '?'}t=${time}`;
}

/** Runs a clean-up whose failure only leaves files behind: it is logged, not reported. */
async function forget(deleteImages: () => Promise<unknown>): Promise<void> {
  await deleteImages().catch((error: unknown) => {
    console.error('Deleting images failed; they are left in storage', error);
  });
}

interface GeneratedImage {
  mimeType: string;
  data: Uint8Array;
}

export interface ImagesDependencies {
  outline: Outline;
  withGemini: WithGemini;
  /** Resolved on first use, so a misconfigured store fails requests, not start-up. */
  store: () => ImageStore;
  now?: () => number;
}

/**
 * Course and subject covers drawn by Gemini, each in its own `cover` folder of the image store
 * under a new name per generation: the new file is stored, then attached to its document, and
 * only then are the older covers deleted, so a failure anywhere leaves the previous cover
 * showing. When attaching fails (say, the course was deleted meanwhile) the new file is removed
 * again. Also removes the images of deleted courses and subjects (`forgetDeletedImages`).
 */
export function imagesService({ outline, withGemini, store, now = Date.now }: ImagesDependencies) {
  const owned = ownedOutline(outline);

  async function saveCover(
    folder: string,
    image: GeneratedImage,
    attach: (url: string) => Promise<void>,
  ): Promise<string> {
    // Only PNG, JPEG or WebP bytes are kept, whatever type the model declared.
    const type = generatedImageTypeOf(image.data);
    if (!type) {
      console.error(`Gemini drew an image that is not PNG, JPEG or WebP (said ${image.mimeType})`);
      throw new HttpError(502, 'GEMINI_UNAVAILABLE', AI_MESSAGES.invalidAnswer);
    }
    const time = now();
    const file = coverFile(folder, time, type.extension);
    const saved = await store()
      .save(file, image.data, type.contentType)
      .catch((error: unknown) => {
        console.error('Storing a cover failed', error);
        throw new HttpError(503, 'INTERNAL', IMAGE_NOT_STORED);
      });
    const url = withCacheBuster(saved.url, time);
    try {
      await attach(url);
    } catch (error) {
      await store()
        .delete(file)
        .catch(() => undefined);
      throw error;
    }
    await forget(() => store().deletePrefix(coverFolder(folder), { keep: file }));
    return url;
  }

  async function drawSubjectCover(
    apiKey: string,
    uid: string,
    path: SubjectPath,
    course: Course,
    subject: Subject,
  ): Promise<string> {
    const image = await generateImage(apiKey, subjectImagePrompt(course, subject));
    return saveCover(subjectFolder(uid, path), image, (url) => outline.setSubjectImage(path, url));
  }

  /**
   * The outline's deletion handler: once a course or subject is deleted, its images (a course's
   * include its subjects'). Best effort: the documents are gone, so a storage failure is logged,
   * never thrown.
   */
  const forgetDeletedImages: NodeDeletionHandler = async ({ level, path, uid }, deleteNode) => {
    await deleteNode();
    const { subjectId } = path;
    if (level === 'course') await forget(() => store().deletePrefix(courseFolder(uid, path)));
    if (level === 'subject' && subjectId) {
      await forget(() => store().deletePrefix(subjectFolder(uid, { ...path, subjectId })));
    }
  };

  return {
    forgetDeletedImages,

    /** The course's new cover; answers its URL. */
    async generateCourseCover(uid: string, path: CoursePath): Promise<string> {
      const { course } = await owned.course(uid, path);
      return withGemini(uid, `image:${path.courseId}`, async (apiKey) => {
        const image = await generateImage(apiKey, courseImagePrompt(course));
        return saveCover(courseFolder(uid, path), image, (url) =>
          outline.setCourseImage(path, url),
        );
      });
    },

    /** The subject's new cover; answers its URL. */
    async generateSubjectCover(uid: string, path: SubjectPath): Promise<string> {
      const { course, subject } = await owned.subject(uid, path);
      const key = `image:${path.courseId}/${path.subjectId}`;
      return withGemini(uid, key, (apiKey) => drawSubjectCover(apiKey, uid, path, course, subject));
    },

    /**
     * A new cover for every subject of the course, BULK_IMAGE_CONCURRENCY at a time: the covers
     * drawn, and the subjects that failed with the reason; when none was drawn, the first
     * failure (key, quota, timeout) is the answer.
     */
    async generateSubjectCovers(uid: string, path: CoursePath): Promise<BulkImageResult> {
      const { course } = await owned.course(uid, path);
      return withGemini(uid, `images:${path.courseId}`, async (apiKey) => {
        const subjects = await outline.listSubjects(path);
        const settled = await settleWithLimit(subjects, BULK_IMAGE_CONCURRENCY, (subject) =>
          drawSubjectCover(apiKey, uid, { ...path, subjectId: subject.id }, course, subject),
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
        const firstFailure = settled.find((result) => result.status === 'rejected');
        if (results.length === 0 && firstFailure) throw toHttpError(firstFailure.reason);
        return failed.length > 0 ? { results, failed } : { results };
      });
    },
  };
}

export type ImagesService = ReturnType<typeof imagesService>;
