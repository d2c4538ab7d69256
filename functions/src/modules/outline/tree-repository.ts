import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import {
  chaptersOf,
  contentOf,
  courseRef,
  pathRefs,
  subjectsOf,
  topicsOf,
  type CoursePath,
  type OutlinePath,
} from '../../lib/firestore/paths';
import { text } from './outline-converters';
import type { CourseTree, ParentLevel, UnwrittenNode } from './outline-types';
import {
  CHILDREN,
  CHILD_KEY,
  CHILD_LEVEL,
  chapterOf,
  courseOf,
  ordered,
  subjectOf,
  topicOf,
} from './tree-documents-repository';

/** The level each kind of node fills. */
const FILLS = { course: 'subjects', subject: 'chapters', chapter: 'topics' } as const;

/** Whole-tree reads: the course with everything below it, and what is still empty in it. */
export function treeRepository(db: () => Firestore) {
  /**
   * The nodes at or below `snapshot` whose level is empty, in outline order, found through the
   * parents' flags: one query per parent whose level is written, none below an empty one.
   */
  async function unwrittenFrom(
    kind: ParentLevel | 'topic',
    snapshot: DocumentSnapshot,
    path: OutlinePath,
  ): Promise<UnwrittenNode[]> {
    const name = text(snapshot.get('name'));
    if (kind === 'topic') {
      return snapshot.get('has_content') === true ? [] : [{ level: 'lessons', path, name }];
    }
    const { collection, flag } = CHILDREN[kind];
    if (snapshot.get(flag) !== true) return [{ level: FILLS[kind], path, name }];
    const children = await ordered(collection(snapshot.ref));
    const below = await Promise.all(
      children.docs.map((child) =>
        unwrittenFrom(CHILD_LEVEL[kind], child, { ...path, [CHILD_KEY[kind]]: child.id }),
      ),
    );
    return below.flat();
  }

  return {
    /**
     * The course and everything below it, or null when the course is gone: one query per
     * parent and one `getAll` for the lessons of the topics that have one.
     */
    async readCourseTree(path: CoursePath): Promise<CourseTree | null> {
      const ref = courseRef(db(), path);
      const [course, subjects] = await Promise.all([ref.get(), ordered(subjectsOf(ref))]);
      if (!course.exists) return null;
      const chapters = await Promise.all(
        subjects.docs.map((subject) => ordered(chaptersOf(subject.ref))),
      );
      const topics = await Promise.all(
        chapters.map((list) =>
          Promise.all(list.docs.map((chapter) => ordered(topicsOf(chapter.ref)))),
        ),
      );
      const withContent = topics
        .flat(2)
        .flatMap((list) => list.docs)
        .filter((topic) => topic.get('has_content') === true);
      const contents = new Map<string, string>();
      if (withContent.length > 0) {
        const snapshots = await db().getAll(...withContent.map((topic) => contentOf(topic.ref)));
        snapshots.forEach((snapshot, index) => {
          const markdown: unknown = snapshot.get('markdown');
          const topic = withContent[index];
          if (topic && typeof markdown === 'string') contents.set(topic.ref.path, markdown);
        });
      }
      return {
        course: courseOf(course),
        subjects: subjects.docs.map((subject, s) => ({
          ...subjectOf(subject),
          chapters: (chapters[s]?.docs ?? []).map((chapter, c) => ({
            ...chapterOf(chapter),
            topics: (topics[s]?.[c]?.docs ?? []).map((topic) => ({
              ...topicOf(topic),
              content: contents.get(topic.ref.path) ?? null,
            })),
          })),
        })),
      };
    },

    /** The nodes of the course (or below the subject or chapter `path` names) still empty. */
    async listUnwritten(path: OutlinePath): Promise<UnwrittenNode[]> {
      const kind = path.chapterId ? 'chapter' : path.subjectId ? 'subject' : 'course';
      const snapshot = await (pathRefs(db(), path).at(-1) ?? courseRef(db(), path)).get();
      return snapshot.exists ? unwrittenFrom(kind, snapshot, path) : [];
    },
  };
}
