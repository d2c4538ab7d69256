/** User-visible texts of the course outline page (see docs/product.md). */
export const OUTLINE_TEXT = {
  selectTopic: 'Select a Topic',
  selectTopicHint: 'Please select a topic from the sidebar to view its content.',
  firstGenerateHint:
    'First generate chapters, then topics, then select a topic to view/generate content.',
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
} as const;
