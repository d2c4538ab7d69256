import type { DiagramDrawing } from '@coursecraft/markdown';
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import { BATCH_LIMIT, deleteInBatches } from '../../../lib/firestore/batches';
import { db as defaultDb } from '../../../lib/firestore/db';
import {
  diagramDrawingRef,
  learnerCoursePageRef,
  learnerCoursePagesCollection,
  learnerTopicPageRef,
  learnerTopicPagesCollection,
  type CoursePath,
} from '../../../lib/firestore/paths';
import {
  coursePageDocumentSchema,
  documentBytes,
  topicPageDocumentSchema,
  type CoursePageDocument,
  type TopicPageDocument,
} from './page-documents';

/** A commit request may carry 10 MiB; page documents may be near 1 MiB each. */
const BATCH_MAX_BYTES = 8_000_000;

/**
 * The learner pages of each course's live snapshot: one document per page, so a page costs one
 * read. Every document carries `course_id`, so a course's pages are found by one query each.
 */
export function learnerPagesRepository(db: () => Firestore = defaultDb) {
  const ofCourse = async ({ courseId }: CoursePath) => {
    const [courses, topics] = await Promise.all([
      learnerCoursePagesCollection(db()).where('course_id', '==', courseId).get(),
      learnerTopicPagesCollection(db()).where('course_id', '==', courseId).get(),
    ]);
    return [...courses.docs, ...topics.docs];
  };

  return {
    /** The course page of a live slug; null when there is none (unknown, unpublished). */
    async readCoursePage(slug: string): Promise<CoursePageDocument | null> {
      const parsed = coursePageDocumentSchema.safeParse(
        (await learnerCoursePageRef(db(), slug).get()).data(),
      );
      return parsed.success ? parsed.data : null;
    },

    /** One topic's page of a live slug; null when the slug or the topic has none. */
    async readTopicPage(slug: string, topicId: string): Promise<TopicPageDocument | null> {
      const parsed = topicPageDocumentSchema.safeParse(
        (await learnerTopicPageRef(db(), { slug, topicId }).get()).data(),
      );
      return parsed.success ? parsed.data : null;
    },

    /**
     * Writes a snapshot's pages (replacing what was there), then deletes the course's pages that
     * are not among them: topics gone since the last publish, or pages of an older slug.
     */
    async replacePages(
      path: CoursePath,
      coursePage: CoursePageDocument,
      topicPages: TopicPageDocument[],
    ): Promise<void> {
      const writes: [DocumentReference, object][] = [
        [learnerCoursePageRef(db(), coursePage.slug), coursePage],
        ...topicPages.map((page): [DocumentReference, object] => [
          learnerTopicPageRef(db(), { slug: page.slug, topicId: page.topic_id }),
          page,
        ]),
      ];
      let batch = db().batch();
      let count = 0;
      let bytes = 0;
      for (const [ref, data] of writes) {
        const size = documentBytes(data);
        if (count > 0 && (count >= BATCH_LIMIT || bytes + size > BATCH_MAX_BYTES)) {
          await batch.commit();
          batch = db().batch();
          count = 0;
          bytes = 0;
        }
        batch.set(ref, data);
        count += 1;
        bytes += size;
      }
      if (count > 0) await batch.commit();
      const kept = new Set(writes.map(([ref]) => ref.path));
      const stale = (await ofCourse(path)).filter((doc) => !kept.has(doc.ref.path));
      await deleteInBatches(
        db(),
        stale.map((doc) => doc.ref),
      );
    },

    /** Deletes every page of the course (Unpublish, course deletion). */
    async deletePages(path: CoursePath): Promise<void> {
      await deleteInBatches(
        db(),
        (await ofCourse(path)).map((doc) => doc.ref),
      );
    },

    /** Sets "List in search engines" on every page of the course. */
    async setListed(path: CoursePath, listed: boolean): Promise<void> {
      const refs = (await ofCourse(path)).map((doc) => doc.ref);
      for (let start = 0; start < refs.length; start += BATCH_LIMIT) {
        const batch = db().batch();
        for (const ref of refs.slice(start, start + BATCH_LIMIT)) batch.update(ref, { listed });
        await batch.commit();
      }
    },

    /** The course pages of every listed course (the sitemap). */
    async listedCoursePages(): Promise<CoursePageDocument[]> {
      const found = await learnerCoursePagesCollection(db()).where('listed', '==', true).get();
      return found.docs.flatMap((doc) => {
        const parsed = coursePageDocumentSchema.safeParse(doc.data());
        return parsed.success ? [parsed.data] : [];
      });
    },

    /**
     * The stored drawings of the given diagram keys of a course (one read for all). The
     * diagrams module owns these documents; this reader stands in for its lookup port.
     */
    async readDrawings(path: CoursePath, keys: string[]): Promise<Map<string, DiagramDrawing>> {
      const found = new Map<string, DiagramDrawing>();
      if (keys.length === 0) return found;
      const snapshots = await db().getAll(...keys.map((key) => diagramDrawingRef(db(), path, key)));
      snapshots.forEach((snapshot, index) => {
        const light: unknown = snapshot.get('light');
        const dark: unknown = snapshot.get('dark');
        const key = keys[index];
        if (key && typeof light === 'string' && typeof dark === 'string') {
          found.set(key, { light, dark });
        }
      });
      return found;
    },
  };
}

export type LearnerPagesRepository = ReturnType<typeof learnerPagesRepository>;
