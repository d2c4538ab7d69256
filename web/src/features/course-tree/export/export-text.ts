/** What the export menu says. */
export const EXPORT_TEXT = {
  button: 'Export',
  buttonLabel: (courseName: string) => `Export ${courseName}`,
  scorm: 'SCORM 1.2 package (.zip)',
  markdown: 'Markdown (.zip)',
  print: 'Print / PDF',
  readingCourse: 'Reading the course...',
  renderingLessons: (done: number, total: number) =>
    `Exporting SCORM package: ${done} of ${total} lessons`,
  packaging: 'Packing the files...',
  bundling: 'Exporting Markdown bundle...',
  done: 'Export ready: the download has started.',
  failed: 'The export failed. Please try again.',
  progressLabel: 'Export progress',
} as const;
