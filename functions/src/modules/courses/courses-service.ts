import type {
  Chapter,
  Course,
  CourseSettings,
  OutlineCounts,
  Subject,
  Topic,
} from '@coursecraft/contracts';
import type { ChapterPath, CoursePath, SubjectPath, TopicPath } from '../../lib/firestore/paths';
import { HttpError } from '../../lib/http-error';
import type { CoursePublications } from './course-publications';
import type { OutlineImages } from './outline-images';
import type { LessonWriteOutcome, OutlineRepository } from './outline-repository';
import { OUTLINE_NOT_FOUND, ownedOutline } from './owned-outline';

export const CONTENT_MESSAGES = {
  notFound: 'Content not found',
  exists: 'This topic already has content; update it instead.',
} as const;

/**
 * The answer to a lesson write that did not happen: 409 when the topic already has a lesson (a
 * create), 404 when the topic was deleted after the ownership check.
 */
export function expectLessonWritten(outcome: LessonWriteOutcome): void {
  if (outcome === 'exists') throw new HttpError(409, 'CONFLICT', CONTENT_MESSAGES.exists);
  if (outcome === 'topicGone') throw new HttpError(404, 'NOT_FOUND', OUTLINE_NOT_FOUND.topicId);
}

interface CourseFields {
  name: string;
  description: string;
}
interface SubjectFields {
  name: string;
  description?: string;
}
interface NameField {
  name: string;
}

/**
 * A request's body, parsed when called: a use case on a path reads it only after the ownership
 * check, so an unknown or foreign id answers 404 whatever the body holds.
 */
export type BodyReader<T> = () => T;

export interface CoursesDependencies {
  outline: OutlineRepository;
  images: OutlineImages;
  publications: CoursePublications;
}

/**
 * The caller's courses and everything below them. Every use case on a path first checks that
 * each id exists under the one before it and that the caller owns the course (404 otherwise);
 * reads of a single document answer from that check.
 */
export function coursesService({ outline, images, publications }: CoursesDependencies) {
  const owned = ownedOutline(outline);

  return {
    listCourses: (uid: string): Promise<Course[]> => outline.listCourses(uid),

    createCourse: (
      uid: string,
      input: CourseFields & { settings: CourseSettings },
    ): Promise<Course> => outline.createCourse(uid, input),

    async getCourse(uid: string, path: CoursePath): Promise<Course> {
      return (await owned.course(uid, path)).course;
    },

    async updateCourse(
      uid: string,
      path: CoursePath,
      readBody: BodyReader<CourseFields>,
    ): Promise<Course> {
      await owned.course(uid, path);
      return outline.updateCourse(path, readBody());
    },

    /** Replaces the course's settings, which every later prompt of the course uses. */
    async updateCourseSettings(
      uid: string,
      path: CoursePath,
      readBody: BodyReader<CourseSettings>,
    ): Promise<Course> {
      await owned.course(uid, path);
      return outline.updateCourseSettings(path, readBody());
    },

    /** Deletes what was published of the course, then the course and its tree, then its images. */
    async deleteCourse(uid: string, path: CoursePath): Promise<void> {
      await owned.course(uid, path);
      await publications.forgetCourse(path, () => outline.deleteCourse(path));
      await images.forgetCourseImages(uid, path);
    },

    /** The course's subjects, chapters, topics and lessons, counted. */
    async countCourse(uid: string, path: CoursePath): Promise<OutlineCounts> {
      await owned.course(uid, path);
      return outline.countCourse(path);
    },

    async listSubjects(uid: string, path: CoursePath): Promise<Subject[]> {
      await owned.course(uid, path);
      return outline.listSubjects(path);
    },

    async createSubject(
      uid: string,
      path: CoursePath,
      readBody: BodyReader<SubjectFields>,
    ): Promise<Subject> {
      await owned.course(uid, path);
      return outline.createSubject(path, readBody());
    },

    async getSubject(uid: string, path: SubjectPath): Promise<Subject> {
      return (await owned.subject(uid, path)).subject;
    },

    async updateSubject(
      uid: string,
      path: SubjectPath,
      readBody: BodyReader<SubjectFields>,
    ): Promise<Subject> {
      await owned.subject(uid, path);
      return outline.updateSubject(path, readBody());
    },

    /** Deletes the subject and its tree, then its images. */
    async deleteSubject(uid: string, path: SubjectPath): Promise<void> {
      await owned.subject(uid, path);
      await outline.deleteSubject(path);
      await images.forgetSubjectImages(uid, [path]);
    },

    /** The subject's chapters, topics and lessons, counted. */
    async countSubject(uid: string, path: SubjectPath): Promise<OutlineCounts> {
      await owned.subject(uid, path);
      return outline.countSubject(path);
    },

    async listChapters(uid: string, path: SubjectPath): Promise<Chapter[]> {
      await owned.subject(uid, path);
      return outline.listChapters(path);
    },

    async createChapter(
      uid: string,
      path: SubjectPath,
      readBody: BodyReader<NameField>,
    ): Promise<Chapter> {
      await owned.subject(uid, path);
      return outline.createChapter(path, readBody());
    },

    async getChapter(uid: string, path: ChapterPath): Promise<Chapter> {
      return (await owned.chapter(uid, path)).chapter;
    },

    async updateChapter(
      uid: string,
      path: ChapterPath,
      readBody: BodyReader<NameField>,
    ): Promise<Chapter> {
      await owned.chapter(uid, path);
      return outline.updateChapter(path, readBody());
    },

    async deleteChapter(uid: string, path: ChapterPath): Promise<void> {
      await owned.chapter(uid, path);
      await outline.deleteChapter(path);
    },

    async listTopics(uid: string, path: ChapterPath): Promise<Topic[]> {
      await owned.chapter(uid, path);
      return outline.listTopics(path);
    },

    async createTopic(
      uid: string,
      path: ChapterPath,
      readBody: BodyReader<NameField>,
    ): Promise<Topic> {
      await owned.chapter(uid, path);
      return outline.createTopic(path, readBody());
    },

    async getTopic(uid: string, path: TopicPath): Promise<Topic> {
      return (await owned.topic(uid, path)).topic;
    },

    async updateTopic(
      uid: string,
      path: TopicPath,
      readBody: BodyReader<NameField>,
    ): Promise<Topic> {
      await owned.topic(uid, path);
      return outline.updateTopic(path, readBody());
    },

    async deleteTopic(uid: string, path: TopicPath): Promise<void> {
      await owned.topic(uid, path);
      await outline.deleteTopic(path);
    },

    /** The topic's markdown; 404 when it has none. */
    async getContent(uid: string, path: TopicPath): Promise<string> {
      await owned.topic(uid, path);
      const markdown = await outline.getContent(path);
      if (markdown === null) throw new HttpError(404, 'NOT_FOUND', CONTENT_MESSAGES.notFound);
      return markdown;
    },

    /** Stores the topic's first markdown and answers it; 409 when it has one already. */
    async createContent(
      uid: string,
      path: TopicPath,
      readMarkdown: BodyReader<string>,
    ): Promise<string> {
      await owned.topic(uid, path);
      const markdown = readMarkdown();
      expectLessonWritten(await outline.createContent(path, markdown, 'edited'));
      return markdown;
    },

    /** Writes (or replaces) the topic's markdown; answers it. */
    async saveContent(
      uid: string,
      path: TopicPath,
      readMarkdown: BodyReader<string>,
    ): Promise<string> {
      await owned.topic(uid, path);
      const markdown = readMarkdown();
      expectLessonWritten(await outline.saveContent(path, markdown, 'edited'));
      return markdown;
    },

    /** Deletes the markdown; 404 when there was none. */
    async deleteContent(uid: string, path: TopicPath): Promise<void> {
      await owned.topic(uid, path);
      if (!(await outline.deleteContent(path))) {
        throw new HttpError(404, 'NOT_FOUND', CONTENT_MESSAGES.notFound);
      }
    },
  };
}

export type CoursesService = ReturnType<typeof coursesService>;
