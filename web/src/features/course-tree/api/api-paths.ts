import type { ChapterRef, SubjectRef, TopicRef } from '../lib/keys';

const id = encodeURIComponent;

const course = (courseId: string) => `/courses/${id(courseId)}`;
const subject = ({ courseId, subjectId }: SubjectRef) =>
  `${course(courseId)}/subjects/${id(subjectId)}`;
const chapter = (ref: ChapterRef) => `${subject(ref)}/chapters/${id(ref.chapterId)}`;
const topic = (ref: TopicRef) => `${chapter(ref)}/topics/${id(ref.topicId)}`;
const courseImages = (courseId: string) => `/images/courses/${id(courseId)}`;

/** API paths (below /api) of the course tree and its covers; ids are encoded. */
export const courseTreeApi = {
  myCourses: '/courses/my-courses',
  course,
  courseCounts: (courseId: string) => `${course(courseId)}/counts`,
  courseTree: (courseId: string) => `${course(courseId)}/tree`,
  markdownExport: (courseId: string) => `${course(courseId)}/export/markdown`,
  subjects: (courseId: string) => `${course(courseId)}/subjects`,
  subject,
  subjectCounts: (ref: SubjectRef) => `${subject(ref)}/counts`,
  chapters: (ref: SubjectRef) => `${subject(ref)}/chapters`,
  chapter,
  topics: (ref: ChapterRef) => `${chapter(ref)}/topics`,
  topic,
  content: (ref: TopicRef) => `${topic(ref)}/content`,
  lessonVersions: (ref: TopicRef) => `${topic(ref)}/content/versions`,
  lessonVersion: (ref: TopicRef, versionId: string) =>
    `${topic(ref)}/content/versions/${id(versionId)}`,
  restoreLessonVersion: (ref: TopicRef, versionId: string) =>
    `${topic(ref)}/content/versions/${id(versionId)}/restore`,
  subjectsOrder: (courseId: string) => `${course(courseId)}/subjects/order`,
  chaptersOrder: (ref: SubjectRef) => `${subject(ref)}/chapters/order`,
  topicsOrder: (ref: ChapterRef) => `${chapter(ref)}/topics/order`,
  moveTopic: (ref: TopicRef) => `${topic(ref)}/move`,
  courseImage: (courseId: string) => `${courseImages(courseId)}/generate`,
  subjectImage: ({ courseId, subjectId }: SubjectRef) =>
    `${courseImages(courseId)}/subjects/${id(subjectId)}/generate`,
  subjectImages: (courseId: string) => `${courseImages(courseId)}/subjects/generate-all`,
};
