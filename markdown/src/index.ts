/**
 * The one lesson renderer, shared by the app, the learner pages, the SCORM package and the print
 * edition: markdown to sanitised HTML with KaTeX math and Mermaid diagram figures. A renderer
 * that makes its own output (the app's React view) takes the same pipeline as plugin lists from
 * `@coursecraft/markdown/plugins`, and KaTeX from `@coursecraft/markdown/math`.
 */
export { renderLessonHtml, type RenderOptions } from './render-html';
export { diagramKey, diagramAlt, type DiagramDrawing } from './diagrams';
export {
  diagramSources,
  footnoteMarks,
  hasMath,
  lessonSummary,
  markdownPlainText,
  type FootnoteMarks,
  type FootnoteSpan,
} from './lesson-source';
