/**
 * Every address of the app, built in one place: route patterns for the router and functions
 * that build concrete links. Ids are encoded, so a link never breaks on an odd character.
 */
const id = encodeURIComponent;

/** The two modes of the /auth screen. */
export type AuthMode = 'login' | 'signup';

export const paths = {
  home: '/home',
  auth: (mode?: AuthMode) => (mode ? `/auth?mode=${mode}` : '/auth'),
  /** /auth that brings the visitor back to `returnUrl` (an in-app path) after signing in. */
  authReturningTo: (returnUrl: string) => `/auth?returnUrl=${id(returnUrl)}`,
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  profile: '/profile',
  createCourse: '/create-course',
  courses: '/courses',
  subjects: (courseId: string) => `/courses/${id(courseId)}/subjects`,
  subjectsChapters: (courseId: string) => `/courses/${id(courseId)}/subjects-chapters`,
  /** The course outline page of a subject, with a topic selected when given. */
  outline: (courseId: string, subjectId: string, topicId?: string) =>
    `/courses/${id(courseId)}/subjects/${id(subjectId)}/content${topicId ? `/${id(topicId)}` : ''}`,
  /** The topic content page (the full chapters/topics address). */
  topicContent: (courseId: string, subjectId: string, chapterId: string, topicId: string) =>
    `/courses/${id(courseId)}/subjects/${id(subjectId)}/chapters/${id(chapterId)}/topics/${id(topicId)}/content`,
  /** The whole course as one printable document (print to PDF). */
  print: (courseId: string) => `/courses/${id(courseId)}/print`,
  /** The author's learner analytics of a published course. */
  analytics: (courseId: string) => `/courses/${id(courseId)}/analytics`,
  /**
   * A published course as learners see it, and one of its lessons: server-rendered pages, not
   * routes of the app, so links to them are full page loads (`<a href>`).
   */
  learn: (slug: string) => `/learn/${id(slug)}`,
  learnTopic: (slug: string, topicId: string) => `/learn/${id(slug)}/${id(topicId)}`,
  writeReview: '/write-review',
  admin: '/admin',
  terms: '/terms',
  privacyPolicy: '/privacy-policy',
  comingSoon: '/coming-soon',
} as const;

/** The router's patterns, relative to the root route. */
export const routePatterns = {
  home: 'home',
  auth: 'auth',
  forgotPassword: 'forgot-password',
  resetPassword: 'reset-password',
  verifyEmail: 'verify-email',
  terms: 'terms',
  privacyPolicy: 'privacy-policy',
  comingSoon: 'coming-soon',
  profile: 'profile',
  createCourse: 'create-course',
  courses: 'courses',
  subjects: 'courses/:courseId/subjects',
  subjectsChapters: 'courses/:courseId/subjects-chapters',
  outline: 'courses/:courseId/subjects/:subjectId/content/:topicId?',
  chapterTopics: 'courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics',
  topicContent: 'courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/content',
  print: 'courses/:courseId/print',
  analytics: 'courses/:courseId/analytics',
  writeReview: 'write-review',
  admin: 'admin',
} as const;
