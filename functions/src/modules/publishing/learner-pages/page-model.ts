/**
 * What the server-rendered learner pages show: built by the learner-pages service from one stored
 * page document, turned into HTML by the views. Every string here is plain text (the views
 * escape it) except `lessonHtml`, which the shared renderer already sanitised.
 */

import type { LearnerQuestion } from '@coursecraft/contracts';

/** A published cover at the sizes the pages use (WebP or JPEG), with its intrinsic size. */
export interface PageImage {
  /** The default (smallest sufficient) rendition's URL. */
  src: string;
  /** `url widthw, …` over every rendition. */
  srcset: string;
  width: number;
  height: number;
}

/** `<head>`: title, description, canonical URL, Open Graph and Twitter card, robots. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL of the page without any query. */
  canonicalUrl: string;
  /** Absolute URL of the 1200 × 630 preview image (the course's, or the default one). */
  previewImageUrl: string;
  ogType: 'website' | 'article';
  /** BCP 47 tag for `<html lang>`, from the course's language. */
  lang: string;
  /** False: `noindex` (every page of a course not listed in search engines, and every 404). */
  indexable: boolean;
  /** The page's math needs KaTeX's stylesheet and fonts. */
  hasMath: boolean;
}

export interface OutlineTopic {
  id: string;
  name: string;
  hasContent: boolean;
}
/** What a chapter's quiz page and links show of its quiz; `attempts` null is unlimited. */
export interface OutlineChapterQuiz {
  questionCount: number;
  passMark: number;
  attempts: number | null;
}
export interface OutlineChapter {
  id: string;
  name: string;
  topics: OutlineTopic[];
  /** The chapter's quiz in the snapshot; null when it has none. */
  quiz: OutlineChapterQuiz | null;
}
export interface OutlineSubject {
  id: string;
  name: string;
  description: string | null;
  cover: PageImage | null;
  chapters: OutlineChapter[];
}

export interface PageCourse {
  slug: string;
  name: string;
  description: string;
  cover: PageImage | null;
  subjects: OutlineSubject[];
}

/** `/learn/{slug}`: the course's card and its whole outline. */
export interface CoursePageModel {
  head: PageHead;
  course: PageCourse;
}

export interface TopicLink {
  id: string;
  name: string;
}

/** `/learn/{slug}/{topicId}`: one lesson, its place in the outline, Previous and Next. */
export interface LessonPageModel {
  head: PageHead;
  course: PageCourse;
  topic: { id: string; name: string; subjectName: string; chapterName: string };
  /** Sanitised HTML of the lesson; null when the topic was published without one. */
  lessonHtml: string | null;
  previous: TopicLink | null;
  next: TopicLink | null;
  /** The snapshot the page shows (answers name it). */
  version: number;
  /** The topic's checks, their HTML sanitised when published; [] for none. */
  checks: LearnerQuestion[];
}

/** `/learn/{slug}/chapters/{chapterId}/quiz`: what the quiz is and Start quiz (the script does the rest). */
export interface QuizPageModel {
  head: PageHead;
  course: PageCourse;
  chapter: { id: string; name: string; subjectName: string; quiz: OutlineChapterQuiz };
}

/** A 404: the course is not available, or the topic is not part of the course. */
export interface NotFoundPageModel {
  message: string;
  /** Set for an unknown topic of a live course: a link back to it. */
  course: { slug: string; name: string; lang: string } | null;
}
