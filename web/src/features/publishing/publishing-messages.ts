/** User-visible texts of publishing and analytics (see docs/product.md). */
export const PUBLISHING_TEXT = {
  statusLoadFailed: 'Failed to load the publishing status. Please try again.',
  publishFailed: 'Failed to publish the course. Please try again.',
  unpublishFailed: 'Failed to unpublish the course. Please try again.',
  notPublished: 'Not published: only you can see this course.',
  linkCopied: 'Link copied',
  copyFailed: 'Could not copy the link. Please copy it from the page.',
  analyticsLoadFailed: 'Failed to load the analytics. Please try again.',
  noLearners: 'No learners yet. Share the link to get started.',
  publishHint: 'Publish the course from its subjects screen to get a link to share.',
  unpublishedWithLearners:
    'This course is not published: learners cannot open it until you publish it again.',
  quizzesCaption: 'Attempts, average best score and pass rate of each chapter quiz',
  quizLearners: 'Learners who submitted',
  questionsCaption: 'Share of learners correct at their first try, per question',
  mostMissedCaption: 'Questions with the lowest share correct at the first try',
  firstTryHint:
    "A learner's first try is their first answer to a question, in a topic check or a chapter quiz.",
  noAnswersYet: 'No question has been answered yet.',
  quizOnly: 'Quiz only',
  topicCheck: 'Topic check',
  listInSearchEngines: 'List in search engines',
  listingFailed: 'Failed to change the search engine listing. Please try again.',
  publishing: 'Publishing...',
  drawingDiagrams: (drawn: number, total: number) => `Drawing diagrams ${drawn} of ${total}`,
  diagramsSkipped: (count: number) =>
    count === 1
      ? 'One diagram could not be drawn: learners see it as text.'
      : `${count} diagrams could not be drawn: learners see them as text.`,
} as const;
