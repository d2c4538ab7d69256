import type { DocumentReference, DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import type { Course } from '@coursecraft/contracts';
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
import type { CourseTree, ParentLevel, UnwrittenNode, UnwrittenOptions } from './outline-types';
import {
  CHILDREN,
  CHILD_KEY,
  CHILD_LEVEL,
  chapterOf,
  ordered,
  subjectOf,
  topicOf,
} from './tree-documents-repository';

/** The level each kind of node fills. */
const FILLS = { course: 'subjects', subject: 'chapters', chapter: 'topics' } as const;

/** A node as the search for empty levels needs it: is its own level written? */
interface UnwrittenCandidate {
  ref: DocumentReference;
  name: string;
  written: boolean;
}

function candidateOf(kind: ParentLevel | 'topic', snapshot: DocumentSnapshot): UnwrittenCandidate {
  const flag = kind === 'topic' ? 'has_content' : CHILDREN[kind].flag;
  return {
    ref: snapshot.ref,
    name: text(snapshot.get('name')),
    written: snapshot.get(flag) === true,
  };
}

/** Whole-tree reads: the course with everything below it, and what is still empty in it. */
export function treeRepository(db: () => Firestore) {
  /**
   * The nodes at or below `node` whose level is empty, in outline order, found through the
   * parents' flags: one query per parent whose level is written, none below an empty one. With
   * `questions`, a topic with a lesson is listed too, at the `questions` level (whether it has
   * questions is the questions module's to say).
   */
  async function unwrittenFrom(
    kind: ParentLevel | 'topic',
    node: UnwrittenCandidate,
    path: OutlinePath,
    options: UnwrittenOptions,
  ): Promise<UnwrittenNode[]> {
    const { name } = node;
    if (kind === 'topic') {
      if (!node.written) return [{ level: 'lessons', path, name }];
      return options.questions ? [{ level: 'questions', path, name }] : [];
    }
    if (!node.written) return [{ level: FILLS[kind], path, name }];
    const children = await ordered(CHILDREN[kind].collection(node.ref));
    const childKind = CHILD_LEVEL[kind];
    const below = await Promise.all(
      children.docs.map((child) =>
        unwrittenFrom(
          childKind,
          candidateOf(childKind, child),
          {
            ...path,
            [CHILD_KEY[kind]]: child.id,
          },
          options,
        ),
      ),
    );
    return below.flat();
  }

  return {
    /**
     * Everything below the course its caller has read already (`course`, not read again): one
     * query per parent and one `getAll` for the lessons of the topics that have one.
     */
    async readCourseTree(path: CoursePath, course: Course): Promise<CourseTree> {
      const subjects = await ordered(subjectsOf(courseRef(db(), path)));
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
        course,
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
    async listUnwritten(
      path: OutlinePath,
      options: UnwrittenOptions = {},
    ): Promise<UnwrittenNode[]> {
      const kind = path.chapterId ? 'chapter' : path.subjectId ? 'subject' : 'course';
      const snapshot = await (pathRefs(db(), path).at(-1) ?? courseRef(db(), path)).get();
      return snapshot.exists ? unwrittenFrom(kind, candidateOf(kind, snapshot), path, options) : [];
    },

    /** The same from a course its caller has read already: the course is not read again. */
    listUnwrittenOfCourse(
      path: CoursePath,
      course: Course,
      options: UnwrittenOptions = {},
    ): Promise<UnwrittenNode[]> {
      const candidate = {
        ref: courseRef(db(), path),
        name: course.name,
        written: course.has_subjects,
      };
      return unwrittenFrom('course', candidate, path, options);
    },
  };
}
