import type { OutlineCounts } from '@coursecraft/contracts';
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import {
  chaptersOf,
  courseRef,
  subjectRef,
  subjectsOf,
  topicsOf,
  type CoursePath,
  type SubjectPath,
} from '../../lib/firestore/paths';

/** What regenerating a level replaces, counted: ids listed per parent, items by aggregation. */
export function countRepository(db: () => Firestore) {
  /** The chapters, topics and lessons below a subject: its chapter ids, then count queries. */
  async function countBelowSubject(subject: DocumentReference) {
    const chapters = await chaptersOf(subject).select().get();
    const perChapter = await Promise.all(
      chapters.docs.map(async (chapter) => {
        const topics = topicsOf(chapter.ref);
        const [all, lessons] = await Promise.all([
          topics.count().get(),
          topics.where('has_content', '==', true).count().get(),
        ]);
        return { topics: all.data().count, lessons: lessons.data().count };
      }),
    );
    return {
      chapters: chapters.size,
      topics: perChapter.reduce((sum, counts) => sum + counts.topics, 0),
      lessons: perChapter.reduce((sum, counts) => sum + counts.lessons, 0),
    };
  }

  return {
    /** How many subjects, chapters, topics and lessons the course holds. */
    async countCourse(path: CoursePath): Promise<Required<OutlineCounts>> {
      const subjects = await subjectsOf(courseRef(db(), path)).select().get();
      const below = await Promise.all(subjects.docs.map((doc) => countBelowSubject(doc.ref)));
      return {
        subjects: subjects.size,
        chapters: below.reduce((sum, counts) => sum + counts.chapters, 0),
        topics: below.reduce((sum, counts) => sum + counts.topics, 0),
        lessons: below.reduce((sum, counts) => sum + counts.lessons, 0),
      };
    },

    /** How many chapters, topics and lessons the subject holds. */
    countSubject: (path: SubjectPath): Promise<OutlineCounts> =>
      countBelowSubject(subjectRef(db(), path)),
  };
}
