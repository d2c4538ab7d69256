import {
  DEFAULT_CHAPTER_QUIZ_SETTINGS,
  type ChapterQuizSettings,
  type Course,
  type CourseExportTree,
  type CourseTree,
  type Question,
} from '@coursecraft/contracts';
import type { CoursePath } from '../../lib/firestore/paths';
import type { ImageStore } from '../../lib/storage/image-store';
import { courseImagesFolder, coverFile, subjectImagesFolder } from '../../lib/storage/object-paths';
import { HttpError } from '../../lib/http-error';
import { imageTypeOf } from '../../lib/image-type';
import { ownedOutline, type NewCourseIds, type NewCourseTree, type Outline } from '../outline';
import { newQuestionId, type QuestionsRepository } from '../questions';
import type { ChapterQuizzesRepository } from '../quizzes';
import {
  buildMarkdownBundle,
  bundleFileName,
  readMarkdownBundle,
  type BundleImage,
  type ReadBundle,
} from './markdown-bundle';

/** Said when the image store refuses an imported cover; nothing was kept, so retrying is safe. */
export const BUNDLE_NOT_STORED = 'The course could not be imported. Please try again.';

export interface ExportsDependencies {
  outline: Outline;
  /** Every topic's questions of a course, read for an export and written by an import. */
  questions: Pick<QuestionsRepository, 'listCourse' | 'saveCourse'>;
  /** Every chapter's quiz settings of a course, read for an export and written by an import. */
  quizzes: Pick<ChapterQuizzesRepository, 'listCourse' | 'saveCourse'>;
  /** Resolved on first use, so a misconfigured store fails requests, not start-up. */
  store: () => ImageStore;
  now?: () => number;
}

/** The questions of a bundle by the new ids of their topics, each question with a new id. */
function importedQuestions(bundle: ReadBundle, ids: NewCourseIds): Map<string, Question[]> {
  const byTopic = new Map<string, Question[]>();
  bundle.manifest.subjects.forEach((subject, s) =>
    subject.chapters.forEach((chapter, c) =>
      chapter.topics.forEach((topic, t) => {
        const topicId = ids.subjects[s]?.chapters[c]?.topicIds[t];
        const found = topic.questions ? bundle.questions.get(topic.questions) : undefined;
        if (!topicId || !found) return;
        byTopic.set(
          topicId,
          found.map((question) => ({ ...question, id: newQuestionId() })),
        );
      }),
    ),
  );
  return byTopic;
}

/** The quiz settings of a bundle by the new ids of their chapters. */
function importedQuizzes(bundle: ReadBundle, ids: NewCourseIds): Map<string, ChapterQuizSettings> {
  const byChapter = new Map<string, ChapterQuizSettings>();
  bundle.manifest.subjects.forEach((subject, s) =>
    subject.chapters.forEach((chapter, c) => {
      const chapterId = ids.subjects[s]?.chapters[c]?.chapterId;
      const found = chapter.quiz ? bundle.quizzes.get(chapter.quiz) : undefined;
      if (chapterId && found) byChapter.set(chapterId, found);
    }),
  );
  return byChapter;
}

/** A Markdown bundle ready to send. */
export interface MarkdownBundle {
  filename: string;
  bytes: Uint8Array;
}

/** Courses leaving Coursecraft (the whole tree, a Markdown bundle) and coming back (import). */
export function exportsService({
  outline,
  questions,
  quizzes,
  store,
  now = Date.now,
}: ExportsDependencies) {
  const owned = ownedOutline(outline);

  async function readTree(uid: string, path: CoursePath): Promise<CourseTree> {
    const { course } = await owned.course(uid, path);
    return outline.readCourseTree(path, course);
  }

  /** A cover's bytes, or null (left out of the bundle) when it cannot be read or is no image. */
  async function readCover(url: string | null): Promise<BundleImage | null> {
    if (!url) return null;
    try {
      const stored = await store().readFromUrl(url);
      const type = stored && imageTypeOf(stored.bytes);
      return stored && type ? { ...type, bytes: stored.bytes } : null;
    } catch (error) {
      console.error('Reading a cover for an export failed; it is left out', error);
      return null;
    }
  }

  return {
    /** The whole course with every topic's questions and every chapter's quiz settings. */
    async courseTree(uid: string, path: CoursePath): Promise<CourseExportTree> {
      const tree = await readTree(uid, path);
      const [byTopic, byChapter] = await Promise.all([
        questions.listCourse(path),
        quizzes.listCourse(path),
      ]);
      return {
        ...tree,
        subjects: tree.subjects.map((subject) => ({
          ...subject,
          chapters: subject.chapters.map((chapter) => ({
            ...chapter,
            quiz: byChapter.get(chapter.id) ?? DEFAULT_CHAPTER_QUIZ_SETTINGS,
            topics: chapter.topics.map((topic) => ({
              ...topic,
              questions: byTopic.get(topic.id) ?? [],
            })),
          })),
        })),
      };
    },

    /**
     * The course as a Markdown bundle (.zip): course.json, one file per lesson, one per topic
     * with questions, one per chapter with quiz settings of its own, the covers.
     */
    async markdownBundle(uid: string, path: CoursePath): Promise<MarkdownBundle> {
      const tree = await readTree(uid, path);
      const [byTopic, byChapter, course, ...subjects] = await Promise.all([
        questions.listCourse(path),
        quizzes.listCourse(path),
        readCover(tree.course.image_url),
        ...tree.subjects.map((subject) => readCover(subject.image_url)),
      ]);
      return {
        filename: bundleFileName(tree.course.name),
        bytes: buildMarkdownBundle(tree, { course: course ?? null, subjects }, byTopic, byChapter),
      };
    },

    /**
     * A new course of the caller's from a Markdown bundle. The whole bundle is read and checked
     * first (any fault is a 400 and nothing is stored); then the covers are stored under the new
     * course's image folder and the tree written. If either fails, everything written so far,
     * documents and images, is deleted again.
     */
    async importMarkdownBundle(
      uid: string,
      readUpload: () => Promise<Uint8Array>,
    ): Promise<Course> {
      const bundle = readMarkdownBundle(await readUpload());
      const { manifest, lessons, images } = bundle;
      const ids = outline.newCourseIds(manifest.subjects);
      const folder = courseImagesFolder(uid, ids.courseId);
      const time = now();
      const saveCover = async (path: string | null, imagesFolder: string) => {
        const image = path === null ? undefined : images.get(path);
        if (!image) return null;
        const file = coverFile(imagesFolder, time, image.extension);
        return (await store().save(file, image.bytes, image.contentType)).url;
      };
      const forget = async () => {
        await outline.deleteCourse(uid, { courseId: ids.courseId });
        await store().deletePrefix(folder);
      };
      try {
        const [courseImage, ...subjectImages] = await Promise.all([
          saveCover(manifest.image, folder),
          ...manifest.subjects.map((subject, s) =>
            saveCover(
              subject.image,
              subjectImagesFolder(uid, ids.courseId, ids.subjects[s]?.subjectId ?? String(s)),
            ),
          ),
        ]);
        const tree: NewCourseTree = {
          name: manifest.course.name,
          description: manifest.course.description,
          settings: manifest.course.settings,
          image_url: courseImage ?? null,
          subjects: manifest.subjects.map((subject, s) => ({
            name: subject.name,
            description: subject.description,
            image_url: subjectImages[s] ?? null,
            chapters: subject.chapters.map((chapter) => ({
              name: chapter.name,
              topics: chapter.topics.map((topic) => ({
                name: topic.name,
                lesson: topic.lesson === null ? null : (lessons.get(topic.lesson) ?? null),
              })),
            })),
          })),
        };
        const course = await outline.writeCourseTree(uid, ids, tree);
        await questions.saveCourse({ courseId: ids.courseId }, importedQuestions(bundle, ids));
        await quizzes.saveCourse({ courseId: ids.courseId }, importedQuizzes(bundle, ids));
        return course;
      } catch (error) {
        await forget().catch((cleanup: unknown) => {
          console.error('Removing a failed import failed; it is left behind', cleanup);
        });
        if (error instanceof HttpError) throw error;
        console.error('Importing a course failed', error);
        throw new HttpError(503, 'INTERNAL', BUNDLE_NOT_STORED);
      }
    },
  };
}

export type ExportsService = ReturnType<typeof exportsService>;
