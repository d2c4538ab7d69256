/**
 * The one lesson renderer, shared by the app, the learner pages, the SCORM package and the print
 * edition: markdown to sanitised HTML with KaTeX math and Mermaid diagram figures.
 */
export { renderLessonHtml, type RenderOptions } from './render-html';
export { diagramKey, diagramAlt, type DiagramDrawing } from './diagrams';
export { diagramSources, hasMath, lessonSummary } from './lesson-source';
export { lessonPlugins, type LessonPlugins } from './pipeline';
