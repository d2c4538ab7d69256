import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import { BATCH_LIMIT, deleteInBatches } from '../../../lib/firestore/batches';
import { db as defaultDb } from '../../../lib/firestore/db';
import {
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
     * Writes a snapshot's pages (replacing what was there), then deletes the pages of the
     * `previous` snapshot's topics that are not among them (found from its outline, so no read).
     */
    async replacePages(
      coursePage: CoursePageDocument,
      topicPages: TopicPageDocument[],
      previous: { slug: string; topicIds: string[] } | null,
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
      if (!previous) return;
      const kept = new Set(writes.map(([ref]) => ref.path));
      const stale = [
        learnerCoursePageRef(db(), previous.slug),
        ...previous.topicIds.map((topicId) =>
          learnerTopicPageRef(db(), { slug: previous.slug, topicId }),
        ),
      ].filter((ref) => !kept.has(ref.path));
      await deleteInBatches(db(), stale);
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
  };
}

export type LearnerPagesRepository = ReturnType<typeof learnerPagesRepository>;
