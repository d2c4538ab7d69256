import type { Chapter, OutlineCounts, Subject, Topic } from '@coursecraft/contracts';
import type { BodyReader } from '../../lib/body-reader';
import type { ChapterPath, CoursePath, SubjectPath, TopicPath } from '../../lib/firestore/paths';
import { HttpError } from '../../lib/http-error';
import { CONTENT_MESSAGES, expectLessonWritten } from './lesson-answers';
import type { Outline } from './outline';
import { ownedOutline } from './owned-outline';

interface SubjectFields {
  name: string;
  description?: string;
}
interface NameField {
  name: string;
}

/**
 * Everything below the caller's courses: subjects, chapters, topics, lessons and their counts.
 * Every use case first checks that each id exists under the one before it and that the caller
 * owns the course (404 otherwise); reads of a single document answer from that check.
 */
export function outlineService(outline: Outline) {
  const owned = ownedOutline(outline);

  return {
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

    /** Deletes the subject and its tree (and, through the deletion port, what modules keep of it). */
    async deleteSubject(uid: string, path: SubjectPath): Promise<void> {
      await owned.subject(uid, path);
      await outline.deleteSubject(uid, path);
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
      await outline.deleteChapter(uid, path);
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
      await outline.deleteTopic(uid, path);
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

export type OutlineService = ReturnType<typeof outlineService>;
