import type { ChapterPath, CoursePath, SubjectPath, TopicPath } from '../../lib/firestore/paths';
import type { ReplacedChild } from './deletion-repository';
import type { DeletedNode, NodeDeletions } from './node-deletions';
import type { OutlineRepository } from './outline-repository';

/**
 * The course tree as other modules use it: the repository, but every deletion of a course,
 * subject, chapter or topic, and every child a regeneration replaces, goes through the deletion
 * port, so each registered handler sees it.
 */
export function createOutline(repository: OutlineRepository, deletions: NodeDeletions) {
  const {
    deleteCourse,
    deleteSubject,
    deleteChapter,
    deleteTopic,
    replaceSubjects,
    replaceChapters,
    replaceTopics,
    ...rest
  } = repository;

  /** Removes each replaced child as a deletion of its own node. */
  const removeAll = (replaced: ReplacedChild[], nodeOf: (id: string) => DeletedNode) =>
    Promise.all(replaced.map((child) => deletions.run(nodeOf(child.id), child.remove)));

  return {
    ...rest,

    deleteCourse: (uid: string, path: CoursePath) =>
      deletions.run({ level: 'course', path, uid }, () => deleteCourse(path)),
    deleteSubject: (uid: string, path: SubjectPath) =>
      deletions.run({ level: 'subject', path, uid }, () => deleteSubject(path)),
    deleteChapter: (uid: string, path: ChapterPath) =>
      deletions.run({ level: 'chapter', path, uid }, () => deleteChapter(path)),
    deleteTopic: (uid: string, path: TopicPath) =>
      deletions.run({ level: 'topic', path, uid }, () => deleteTopic(path)),

    /** Replaces the course's subjects; the old ones are deleted nodes. */
    async replaceSubjects(
      uid: string,
      path: CoursePath,
      subjects: { name: string; description: string }[],
    ) {
      const { items, replaced } = await replaceSubjects(path, subjects);
      await removeAll(replaced, (subjectId) => ({
        level: 'subject',
        path: { ...path, subjectId },
        uid,
      }));
      return items;
    },
    async replaceChapters(uid: string, path: SubjectPath, chapters: { name: string }[]) {
      const { items, replaced } = await replaceChapters(path, chapters);
      await removeAll(replaced, (chapterId) => ({
        level: 'chapter',
        path: { ...path, chapterId },
        uid,
      }));
      return items;
    },
    async replaceTopics(uid: string, path: ChapterPath, topics: { name: string }[]) {
      const { items, replaced } = await replaceTopics(path, topics);
      await removeAll(replaced, (topicId) => ({
        level: 'topic',
        path: { ...path, topicId },
        uid,
      }));
      return items;
    },
  };
}

export type Outline = ReturnType<typeof createOutline>;
