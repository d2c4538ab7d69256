import { answersShown, gradingModule, quizPassed, quizScore } from '@coursecraft/contracts';
import { runScormPlayer, type PlayerCourse } from './player-runtime';
import { playerTextSource } from './player-text';
import { courseResult, decodeStandings, encodeStandings } from './quiz-standing';
import { decodeVisited, encodeVisited } from './suspend-data';

/** The SCO the manifest launches. It loads only files of the package. */
export const PLAYER_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Course</title>
    <link rel="stylesheet" href="katex/katex.min.css" />
    <link rel="stylesheet" href="player/player.css" />
  </head>
  <body>
    <header class="course-header">
      <img id="course-image" class="course-image" alt="" hidden />
      <div>
        <h1 id="course-title"></h1>
        <p id="course-description" class="course-description"></p>
      </div>
    </header>
    <div class="layout">
      <nav aria-label="Outline">
        <details id="outline-panel" open>
          <summary>Outline</summary>
          <ol id="outline" class="outline"></ol>
        </details>
      </nav>
      <main>
        <p id="breadcrumb" class="breadcrumb"></p>
        <h2 id="topic-title" class="topic-title"></h2>
        <article id="lesson" class="markdown-body" aria-live="polite"></article>
        <section id="checks" class="markdown-body checks"></section>
        <div class="pager">
          <button id="previous" type="button">Previous</button>
          <span id="position"></span>
          <button id="next" type="button">Next</button>
        </div>
      </main>
    </div>
    <script src="player/course.js"></script>
    <script src="player/player.js"></script>
  </body>
</html>
`;

export const PLAYER_CSS = `*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2328; background: #fff; }
.course-header { display: flex; gap: 1rem; align-items: center; padding: 1rem; border-bottom: 1px solid #d0d7de; }
.course-header h1 { margin: 0; font-size: 1.5rem; line-height: 1.3; }
.course-description { margin: 0.25rem 0 0; color: #57606a; }
.course-description:empty { display: none; }
.course-image { width: 96px; height: 64px; object-fit: cover; border-radius: 6px; flex: none; }
.layout { display: grid; grid-template-columns: 1fr; }
nav { padding: 0.5rem 1rem; border-bottom: 1px solid #d0d7de; }
summary { cursor: pointer; font-weight: 600; padding: 0.5rem 0; }
.outline, .outline ol { list-style: none; margin: 0; padding: 0; }
.outline > li { margin: 0.75rem 0; font-weight: 600; }
.outline > li > ol > li { margin: 0.5rem 0 0 0.5rem; font-weight: 500; color: #57606a; }
.outline > li > ol > li > ol { margin-left: 0.5rem; }
.subject-image { display: block; width: 100%; max-width: 240px; height: 72px; object-fit: cover; border-radius: 6px; margin-bottom: 0.25rem; }
.outline button { display: block; width: 100%; text-align: left; font: inherit; font-weight: 400; color: #1f2328; background: none; border: 0; border-radius: 6px; padding: 0.4rem 0.5rem; cursor: pointer; }
.outline button:hover { background: #f3f4f6; }
.outline button.visited::after { content: " \\2713"; color: #1a7f37; }
.outline button[aria-current="page"] { background: #ddf4ff; font-weight: 600; }
main { padding: 1rem; min-width: 0; max-width: 48rem; }
.breadcrumb { margin: 0; color: #57606a; font-size: 0.875rem; }
.topic-title { margin: 0.25rem 0 1rem; font-size: 1.5rem; line-height: 1.3; }
.markdown-body { overflow-wrap: anywhere; }
.markdown-body table { border-collapse: collapse; display: block; overflow-x: auto; }
.markdown-body th, .markdown-body td { border: 1px solid #d0d7de; padding: 0.375rem 0.75rem; }
.markdown-body pre { overflow-x: auto; padding: 1rem; background: #f6f8fa; border-radius: 6px; }
.markdown-body .katex-display { overflow-x: auto; overflow-y: hidden; padding: 0.5rem 0; }
.markdown-body img { max-width: 100%; }
.markdown-body sup { line-height: 0; }
[data-footnote-ref] { padding: 0 2px; font-weight: 600; }
.footnotes { margin-top: 2rem; padding-top: 0.5rem; border-top: 1px solid #d0d7de; font-size: 0.875rem; }
.footnotes h2 { font-size: 1rem; margin: 0.5rem 0; }
.footnotes ol { margin: 0; padding-left: 1.5em; }
.footnotes li { margin: 0.25rem 0; overflow-wrap: anywhere; }
.footnotes li p { margin: 0; }
.footnotes li:target { background: #ddf4ff; }
.data-footnote-backref { padding: 0 0.375rem; }
.diagram { margin: 1rem 0; overflow-x: auto; }
.diagram svg { max-width: 100%; height: auto; }
.diagram-note { color: #9a6700; }
.diagram-dark { display: none; }
.diagram-text summary { color: #57606a; font-size: 0.875rem; cursor: pointer; }
.pager { display: flex; align-items: center; justify-content: space-between; gap: 1rem; margin: 2rem 0 1rem; padding-top: 1rem; border-top: 1px solid #d0d7de; }
.pager button { font: inherit; padding: 0.5rem 1.25rem; border-radius: 6px; border: 1px solid #0969da; background: #0969da; color: #fff; cursor: pointer; min-height: 44px; }
.pager button:disabled { background: #f6f8fa; color: #8c959f; border-color: #d0d7de; cursor: default; }
.checks:empty { display: none; }
.checks { margin-top: 2rem; padding-top: 1rem; border-top: 1px solid #d0d7de; }
.question { border: 1px solid #d0d7de; border-radius: 6px; margin: 1rem 0; padding: 0.75rem 1rem; }
.question legend { padding: 0 0.25rem; }
.question label { display: flex; gap: 0.5rem; align-items: baseline; margin: 0.375rem 0; }
.question button, .quiz-standing button, .quiz-result button, .quiz button { font: inherit; padding: 0.375rem 1rem; margin: 0.5rem 0.5rem 0 0; border-radius: 6px; border: 1px solid #0969da; background: #fff; color: #0969da; cursor: pointer; min-height: 44px; }
.steps button { min-height: 44px; min-width: 44px; padding: 0; margin: 0 0 0 0.25rem; }
button.primary { background: #0969da; color: #fff; }
button:disabled { opacity: 0.6; cursor: default; }
.result strong, .answer strong { display: block; margin-top: 0.5rem; }
button:focus-visible, summary:focus-visible { outline: 2px solid #0969da; outline-offset: 2px; }
@media (min-width: 800px) {
  .layout { grid-template-columns: 18rem 1fr; }
  nav { border-bottom: 0; border-right: 1px solid #d0d7de; min-height: calc(100vh - 6rem); }
  main { padding: 1.5rem 2rem; }
}
`;

/** `player/course.js`: the outline the player reads. JSON is valid JavaScript, escaped for it. */
export function courseScript(course: PlayerCourse): string {
  return `window.scormCourse = ${JSON.stringify(course)};\n`;
}

/** `lessons/<n>.js`: one rendered lesson, handed to the player when it asks for it. */
export function lessonScript(index: number, html: string): string {
  return `window.scormLesson(${index}, ${JSON.stringify(html)});\n`;
}

/** `player/player.js`: the player and its helpers (grading included), shipped as their own source text. */
export function playerScript(): string {
  return [
    '"use strict";',
    `(${runScormPlayer.toString()})(window, window.scormCourse, {`,
    `  encode: ${encodeVisited.toString()},`,
    `  decode: ${decodeVisited.toString()},`,
    `  encodeStandings: ${encodeStandings.toString()},`,
    `  decodeStandings: ${decodeStandings.toString()},`,
    `  courseResult: ${courseResult.toString()},`,
    `  grading: (${gradingModule.toString()})(),`,
    `  quizScore: ${quizScore.toString()},`,
    `  quizPassed: ${quizPassed.toString()},`,
    `  answersShown: ${answersShown.toString()},`,
    `  text: ${playerTextSource()},`,
    '});',
    '',
  ].join('\n');
}
