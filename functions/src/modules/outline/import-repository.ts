import type { Course, CourseSettings } from '@coursecraft/contracts';
import type { Firestore } from 'firebase-admin/firestore';
import { createInBatches, type DocumentWrite } from '../../lib/firestore/batches';
import { Timestamp } from '../../lib/firestore/sdk';
import {
  chaptersOf,
  contentOf,
  coursesCollection,
  lessonVersionOf,
  subjectsOf,
  topicsOf,
} from '../../lib/firestore/paths';
import { toCourse, versionData } from './outline-converters';

/** A whole course to create, in outline order; covers already stored. */
export interface NewCourseTree {
  name: string;
  description: string;
  settings: CourseSettings;
  image_url: string | null;
  subjects: {
    name: string;
    description: string | null;
    image_url: string | null;
    chapters: { name: string; topics: { name: string; lesson: string | null }[] }[];
  }[];
}

/** The ids a new course tree gets, drawn before anything is written (covers are named by them). */
export interface NewCourseIds {
  courseId: string;
  subjects: { subjectId: string; chapters: { chapterId: string; topicIds: string[] }[] }[];
}

type Shape = { chapters: { topics: unknown[] }[] }[];

/** Imports of whole courses: a new course tree written in batches. */
export function importRepository(db: () => Firestore) {
  return {
    /** Fresh document ids for a course of the given shape; nothing is read or written. */
    newCourseIds(subjects: Shape): NewCourseIds {
      const course = coursesCollection(db()).doc();
      return {
        courseId: course.id,
        subjects: subjects.map(({ chapters }) => {
          const subject = subjectsOf(course).doc();
          return {
            subjectId: subject.id,
            chapters: chapters.map(({ topics }) => {
              const chapter = chaptersOf(subject).doc();
              return {
                chapterId: chapter.id,
                topicIds: topics.map(() => topicsOf(chapter).doc().id),
              };
            }),
          };
        }),
      };
    },

    /**
     * Writes the course tree under `ids`, owned by `uid`, in batches: every subject, chapter and
     * topic with its `position` (the time plus its index, like a generated list) and its parent's
     * `has_*` flag; every lesson as a topic's first version ('edited', `history_next` 2), as a
     * lesson write records it. The course document goes last, so the course shows in no list
     * before its tree is complete. Not atomic: after a failure the caller deletes the course.
     */
    async writeCourseTree(uid: string, ids: NewCourseIds, tree: NewCourseTree): Promise<Course> {
      const now = Timestamp.now();
      const base = now.toMillis();
      const stamps = (index: number) => ({
        position: base + index,
        created_at: now,
        updated_at: now,
      });
      const writes: DocumentWrite[] = [];
      const course = coursesCollection(db()).doc(ids.courseId);
      tree.subjects.forEach((subject, s) => {
        const subjectIds = ids.subjects[s];
        if (!subjectIds) throw new Error('The ids do not match the course tree.');
        const subjectRef = subjectsOf(course).doc(subjectIds.subjectId);
        writes.push([
          subjectRef,
          {
            name: subject.name,
            description: subject.description,
            image_url: subject.image_url,
            has_chapters: subject.chapters.length > 0,
            ...stamps(s),
          },
        ]);
        subject.chapters.forEach((chapter, c) => {
          const chapterIds = subjectIds.chapters[c];
          if (!chapterIds) throw new Error('The ids do not match the course tree.');
          const chapterRef = chaptersOf(subjectRef).doc(chapterIds.chapterId);
          writes.push([
            chapterRef,
            { name: chapter.name, has_topics: chapter.topics.length > 0, ...stamps(c) },
          ]);
          chapter.topics.forEach((topic, t) => {
            const topicId = chapterIds.topicIds[t];
            if (!topicId) throw new Error('The ids do not match the course tree.');
            const topicRef = topicsOf(chapterRef).doc(topicId);
            const { lesson } = topic;
            writes.push([
              topicRef,
              {
                name: topic.name,
                has_content: lesson !== null,
                ...(lesson !== null && { history_next: 2 }),
                ...stamps(t),
              },
            ]);
            if (lesson !== null) {
              writes.push([contentOf(topicRef), { markdown: lesson, updated_at: now }]);
              writes.push([lessonVersionOf(topicRef, 1), versionData(lesson, 'edited', now)]);
            }
          });
        });
      });
      const fields = {
        owner_uid: uid,
        name: tree.name,
        description: tree.description,
        image_url: tree.image_url,
        has_subjects: tree.subjects.length > 0,
        settings: tree.settings,
      };
      writes.push([course, { ...fields, created_at: now, updated_at: now }]);
      await createInBatches(db(), writes);
      return toCourse(ids.courseId, fields);
    },
  };
}
