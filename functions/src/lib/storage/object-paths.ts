/**
 * Every object path of the image store, built in one place (as `lib/firestore/paths.ts` does for
 * Firestore):
 * - `users/{uid}/courses/{c}/cover/{time}.{ext}`: a course's covers;
 * - `users/{uid}/courses/{c}/subjects/{s}/cover/{time}.{ext}`: a subject's covers;
 * - `published/{c}/v{n}/cover` and `published/{c}/v{n}/subjects/{s}` (plus the source's
 *   extension): the covers a published snapshot copied;
 * - `published/{c}/v{n}/cover-{w}.webp`, `published/{c}/v{n}/subjects/{s}-{w}.webp` and
 *   `published/{c}/v{n}/preview.jpg`: the sizes the learner pages show, and the link preview.
 * - `users/{uid}/courses/{c}/sources/{s}/original`: the file of one of the author's sources,
 *   kept by the private source store (lib/storage/source-store.ts), which hands out no URL.
 * A course's or subject's images share one folder, so one prefix delete removes them all.
 */

/** Every image of a course (its subjects' included). */
export const courseImagesFolder = (uid: string, courseId: string): string =>
  `users/${uid}/courses/${courseId}`;

/** Every image of a subject. */
export const subjectImagesFolder = (uid: string, courseId: string, subjectId: string): string =>
  `${courseImagesFolder(uid, courseId)}/subjects/${subjectId}`;

/** The covers of the course or subject whose images folder `folder` is. */
export const coverFolder = (folder: string): string => `${folder}/cover`;

/** One cover of the course or subject whose images folder `folder` is, named by its time. */
export const coverFile = (folder: string, time: number, extension: string): string =>
  `${coverFolder(folder)}/${time}.${extension}`;

/** Every published image of a course, all snapshots. */
export const publishedImagesFolder = (courseId: string): string => `published/${courseId}`;

/** The published images of one snapshot of a course. */
export const publishedVersionFolder = (courseId: string, version: number): string =>
  `${publishedImagesFolder(courseId)}/v${version}`;

/** Where a snapshot copies the course's cover to (the store adds the source's extension). */
export const publishedCourseCover = (courseId: string, version: number): string =>
  `${publishedVersionFolder(courseId, version)}/cover`;

/** Where a snapshot copies a subject's cover to (the store adds the source's extension). */
export const publishedSubjectCover = (courseId: string, version: number, subjectId: string) =>
  `${publishedVersionFolder(courseId, version)}/subjects/${subjectId}`;

/** The course cover of a snapshot resized to `width` pixels (WebP). */
export const publishedCourseCoverRendition = (courseId: string, version: number, width: number) =>
  `${publishedVersionFolder(courseId, version)}/cover-${width}.webp`;

/** A subject's cover of a snapshot resized to `width` pixels (WebP). */
export const publishedSubjectCoverRendition = (
  courseId: string,
  version: number,
  subjectId: string,
  width: number,
) => `${publishedVersionFolder(courseId, version)}/subjects/${subjectId}-${width}.webp`;

/** The 1200 × 630 link preview image of a snapshot (JPEG). */
export const publishedPreviewImage = (courseId: string, version: number): string =>
  `${publishedVersionFolder(courseId, version)}/preview.jpg`;

/** Every source file of a course. */
export const courseSourcesFolder = (uid: string, courseId: string): string =>
  `${courseImagesFolder(uid, courseId)}/sources`;

/** The original file of one source, as uploaded (a replace overwrites it). */
export const sourceOriginalFile = (uid: string, courseId: string, sourceId: string): string =>
  `${courseSourcesFolder(uid, courseId)}/${sourceId}/original`;
