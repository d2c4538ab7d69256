import type {
  CollectionReference,
  DocumentReference,
  DocumentSnapshot,
} from 'firebase-admin/firestore';
import { Timestamp } from '../../lib/firestore/sdk';
import { chaptersOf, subjectsOf, topicsOf } from '../../lib/firestore/paths';
import { toChapter, toCourse, toSubject, toTopic, type Fields } from './outline-converters';
import type { ParentLevel } from './outline-types';

/** Which child collection each level has, and the parent flag that says it is not empty. */
export const CHILDREN: Record<
  ParentLevel,
  { collection: (parent: DocumentReference) => CollectionReference; flag: string }
> = {
  course: { collection: subjectsOf, flag: 'has_subjects' },
  subject: { collection: chaptersOf, flag: 'has_chapters' },
  chapter: { collection: topicsOf, flag: 'has_topics' },
};
export const CHILD_LEVEL = { course: 'subject', subject: 'chapter', chapter: 'topic' } as const;
/** The path key of each level's children. */
export const CHILD_KEY = { course: 'subjectId', subject: 'chapterId', chapter: 'topicId' } as const;

/** A list of the course tree in outline order. */
export const ordered = (children: CollectionReference) => children.orderBy('position').get();

const fromSnapshot =
  <T>(convert: (id: string, data: Fields) => T) =>
  (snapshot: DocumentSnapshot): T =>
    convert(snapshot.id, snapshot.data() ?? {});
export const courseOf = fromSnapshot(toCourse);
export const subjectOf = fromSnapshot(toSubject);
export const chapterOf = fromSnapshot(toChapter);
export const topicOf = fromSnapshot(toTopic);

/** The number the topic's next lesson version gets; null when its lesson has no versions yet. */
export function historyNextOf(topic: DocumentSnapshot): number | null {
  const next: unknown = topic.get('history_next');
  return typeof next === 'number' && Number.isInteger(next) && next >= 1 ? next : null;
}

/** A stored lesson's markdown and time, to record it as a version. */
export function storedLesson(content: DocumentSnapshot | undefined) {
  const markdown: unknown = content?.get('markdown');
  if (typeof markdown !== 'string') return null;
  const updatedAt: unknown = content?.get('updated_at');
  return { markdown, at: updatedAt instanceof Timestamp ? updatedAt : Timestamp.now() };
}
