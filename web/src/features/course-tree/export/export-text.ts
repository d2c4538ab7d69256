/** What the export menu says. */
export const EXPORT_TEXT = {
  button: 'Export',
  buttonLabel: (courseName: string) => `Export ${courseName}`,
  scorm: 'SCORM 1.2 package (.zip)',
  markdown: 'Markdown (.zip)',
  print: 'Print / PDF',
  gift: 'Questions for Moodle (GIFT)',
  aiken: 'Questions (Aiken)',
  noQuestions: 'This course has no questions to export.',
  aikenLeftOut: (count: number) =>
    `${count === 1 ? '1 question was' : `${count} questions were`} left out: Aiken holds only single-choice questions.`,
  readingCourse: 'Reading the course...',
  renderingLessons: (done: number, total: number) =>
    `Exporting SCORM package: ${done} of ${total} lessons`,
  packaging: 'Packing the files...',
  bundling: 'Exporting Markdown bundle...',
  done: 'Export ready: the download has started.',
  failed: 'The export failed. Please try again.',
  progressLabel: 'Export progress',
} as const;
