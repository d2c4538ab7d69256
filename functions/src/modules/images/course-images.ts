import { HttpError } from '../../lib/http-error';
import type { ImageStore } from '../../lib/storage/image-store';
import type { CoursePath, SubjectPath } from '../../lib/firestore/paths';

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** Every image of a course lives below its owner's folder, so one prefix delete removes them. */
const courseFolder = (uid: string, { courseId }: CoursePath) => `users/${uid}/courses/${courseId}`;
const subjectFolder = (uid: string, path: SubjectPath) =>
  `${courseFolder(uid, path)}/subjects/${path.subjectId}`;

/** Said when the image store refuses a new cover; nothing changed, so trying again is safe. */
export const IMAGE_NOT_STORED = 'The image could not be saved. Please try again.';

/** A stored image's URL with a time parameter, so browsers drop the previous cover. */
export function withCacheBuster(url: string, time: number): string {
  return `${url}${url.includes('?') ? '&' : '?'}t=${time}`;
}

/**
 * Images go after their documents: a cover attached meanwhile is then either removed here or
 * (its course being gone) by the image route itself. The documents are already deleted, so a
 * storage failure is logged rather than reported.
 */
export async function forgetImages(deleteImages: () => Promise<void>): Promise<void> {
  await deleteImages().catch((error: unknown) => {
    console.error('Deleting images failed; they are left in storage', error);
  });
}

export interface GeneratedImage {
  mimeType: string;
  data: Uint8Array;
}

/**
 * Course and subject covers in the image store, each in its own `cover` folder under a new name
 * per generation: the new file is stored, then attached to its document, and only then are the
 * older covers deleted, so a failure anywhere leaves the previous cover showing. When attaching
 * fails (say, the course was deleted meanwhile) the new file is removed again.
 */
export function courseImages(store: () => ImageStore, now: () => number = Date.now) {
  async function saveCover(
    folder: string,
    image: GeneratedImage,
    attach: (url: string) => Promise<void>,
  ): Promise<string> {
    const coverFolder = `${folder}/cover`;
    const time = now();
    const file = `${coverFolder}/${time}.${EXTENSIONS[image.mimeType] ?? 'png'}`;
    const saved = await store()
      .save(file, image.data, image.mimeType)
      .catch((error: unknown) => {
        console.error('Storing a cover failed', error);
        throw new HttpError(503, IMAGE_NOT_STORED);
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
    await forgetImages(async () => {
      await store().deletePrefix(coverFolder, { keep: file });
    });
    return url;
  }

  type Attach = (url: string) => Promise<void>;
  return {
    saveCourseCover: (uid: string, path: CoursePath, image: GeneratedImage, attach: Attach) =>
      saveCover(courseFolder(uid, path), image, attach),
    saveSubjectCover: (uid: string, path: SubjectPath, image: GeneratedImage, attach: Attach) =>
      saveCover(subjectFolder(uid, path), image, attach),
    /** Removes every image of the course, its subjects' included. */
    async deleteCourseImages(uid: string, path: CoursePath): Promise<void> {
      await store().deletePrefix(courseFolder(uid, path));
    },
    async deleteSubjectImages(uid: string, paths: SubjectPath[]): Promise<void> {
      await Promise.all(paths.map((path) => store().deletePrefix(subjectFolder(uid, path))));
    },
  };
}

export type CourseImages = ReturnType<typeof courseImages>;
