import { createContext, useContext, type ReactNode } from 'react';
import type { ChapterRef, TopicRef } from './lib/keys';

/** What the subjects screen lets another feature start, as the screen's own buttons would. */
export interface SubjectsScreenActions {
  /** Generates the subjects (asking first when the course already has some). */
  generateSubjects: () => void;
  /** Whether the subjects are being generated. */
  generatingSubjects: boolean;
}

/** What a lesson's notice can start, as the lesson's own Update Content button would. */
export interface LessonActions {
  /** Generates the lesson again, in place of the one shown. */
  regenerate: () => void;
  /** Whether a lesson is being generated on the page. */
  generating: boolean;
}

/**
 * The places on the tree's pages where other features show their part, filled by app/ so that
 * the tree imports none of them. Each is a render function; an unfilled slot renders nothing.
 */
export interface CourseTreeSlots {
  /** Beside the course's own actions on the subjects screen, with what that screen can start. */
  subjectsActions?: (courseId: string, actions: SubjectsScreenActions) => ReactNode;
  /**
   * Under a topic's lesson, on the outline page and on the topic page; `hasLesson` is false while
   * the lesson loads and for a topic without one.
   */
  topicSection?: (topic: TopicRef, state: { hasLesson: boolean }) => ReactNode;
  /**
   * Above a topic's lesson, on the outline page and on the topic page, while the topic has a
   * lesson and none is being written.
   */
  lessonNotice?: (topic: TopicRef, actions: LessonActions) => ReactNode;
  /** In the outline page's expanded chapter, among the chapter's own buttons. */
  chapterSection?: (chapter: ChapterRef, state: { chapterName: string }) => ReactNode;
  /** Under the ways of creating a course on Create New Course. */
  createCourseActions?: () => ReactNode;
}

const CourseTreeSlotsContext = createContext<CourseTreeSlots>({});

/** Fills the tree's slots for the pages below it. */
export function CourseTreeSlotsProvider({
  slots,
  children,
}: {
  slots: CourseTreeSlots;
  children: ReactNode;
}) {
  return (
    <CourseTreeSlotsContext.Provider value={slots}>{children}</CourseTreeSlotsContext.Provider>
  );
}

/** The slots app/ filled (none outside a provider). */
export function useCourseTreeSlots(): CourseTreeSlots {
  return useContext(CourseTreeSlotsContext);
}
