import { COURSE_AUDIO_MISSING } from '@coursecraft/contracts';

/** User-visible texts of the course screens (spec §2, §5, §8). */
export const COURSE_TEXT = {
  loadFailed: 'Failed to load courses. Please try again later.',
  updateFailed: 'Failed to update course. Please try again.',
  deleteFailed: 'Failed to delete course. Please try again.',
  createFailed: 'Failed to create course. Please try again.',
  nameRequired: 'Course name is required',
  noDescription: 'No description available.',
  empty: 'No courses yet',
  generateSubjectsFailed: 'Failed to generate subjects. Please try again.',
  updateSubjectsFailed: 'Failed to update subjects. Please try again.',
  audioCreateFailed: 'Failed to create course from audio. Please try again.',
  audioMissing: COURSE_AUDIO_MISSING,
  microphoneDenied: 'Unable to access microphone. Please check permissions.',
  recording: 'Recording... Speak clearly about your course',
  recorded: 'Audio recorded successfully',
} as const;

export const SUBJECT_TEXT = {
  loadFailed: 'Failed to load subjects. Please try again.',
  createFailed: 'Failed to create subject. Please try again.',
  updateFailed: 'Failed to update subject. Please try again.',
  deleteFailed: 'Failed to delete subject. Please try again.',
  nameRequired: 'Subject name is required',
  empty: 'No subjects found',
  emptyHint: 'Generate subjects to get started with this course',
  courseLoadFailed: 'Failed to load the course. Please try again.',
} as const;

export const IMAGE_TEXT = {
  failed: 'Failed to generate image. Please try again.',
  bulkFailed: 'Failed to generate images. Please try again.',
  /** Some covers of a bulk generation failed (not given by the spec). */
  partlyFailed: (failed: number, total: number) =>
    `${failed} of ${total} subject images could not be generated. Please try again.`,
} as const;

/** Spec §9: skeleton cards while the courses load. */
export const COURSE_SKELETON_COUNT = 6;

export const OUTLINE_TEXT = {
  noChapters: 'No chapters found.',
  selectTopic: 'Select a Topic',
  selectTopicHint: 'Please select a topic from the sidebar to view its content.',
  firstGenerateHint:
    'First generate chapters, then topics, then select a topic to view/generate content.',
  noTopics: 'No topics yet.',
  noContent: 'No content available for this topic yet.',
  noContentHint: 'Click "Generate Content" to create content for this topic.',
  equationRefresh: 'Equations not rendering correctly? Click here to refresh.',
  chapterNameRequired: 'Chapter name is required',
  topicNameRequired: 'Topic name is required',
  contentRequired: 'Content is required',
  selectChapterFirst: 'Please select a chapter first',
  selectTopicFirst: 'Please select a topic first',
  chapterCreateFailed: 'Failed to create chapter. Please try again.',
  chapterUpdateFailed: 'Failed to update chapter. Please try again.',
  chapterDeleteFailed: 'Failed to delete chapter. Please try again.',
  topicCreateFailed: 'Failed to create topic. Please try again.',
  topicUpdateFailed: 'Failed to update topic. Please try again.',
  topicDeleteFailed: 'Failed to delete topic. Please try again.',
  contentCreateFailed: 'Failed to create content. Please try again.',
  contentUpdateFailed: 'Failed to update content. Please try again.',
  contentDeleteFailed: 'Failed to delete content. Please try again.',
  chaptersLoadFailed: 'Failed to load chapters. Please try again.',
  generateChaptersFailed: 'Failed to generate chapters. Please try again.',
  generateTopicsFailed: 'Failed to generate topics. Please try again.',
  generateContentFailed: 'Failed to generate content. Please try again.',
  topicsLoadFailed: 'Failed to load topics. Please try again.',
} as const;
