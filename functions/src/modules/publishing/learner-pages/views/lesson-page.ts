import { QUIZ_MESSAGES } from '@coursecraft/contracts';
import type { LessonPageModel, OutlineChapter, PageCourse } from '../page-model';
import { checksSection } from './checks';
import { htmlDocument } from './document';
import { escapeHtml } from './escape';
import { courseUrl, outlineLists, outlineTopicIds, quizUrl, topicUrl } from './outline';

const NO_LESSON =
  '<div class="empty-lesson"><p>There is no lesson for this topic yet.</p><p class="muted">Move on to the next topic; this one may be filled in later.</p></div>';

/** The chapter whose last topic is `topicId`, when that chapter has a quiz. */
function chapterQuizAfter(course: PageCourse, topicId: string): OutlineChapter | null {
  for (const subject of course.subjects) {
    for (const chapter of subject.chapters) {
      if (chapter.quiz && chapter.topics.at(-1)?.id === topicId) return chapter;
    }
  }
  return null;
}

/**
 * `/learn/{slug}/{topicId}`: breadcrumb, the lesson, its checks, its actions, Previous/Next as links, and the
 * outline: a `<details>` on a phone, an aside on wide screens (CSS shows one of the two).
 */
export function lessonPage({
  head,
  course,
  topic,
  lessonHtml,
  previous,
  next,
  version,
  checks,
}: LessonPageModel): string {
  const outline = outlineLists(course, { currentTopicId: topic.id, level: 2 });
  const quizChapter = chapterQuizAfter(course, topic.id);
  const pager = [
    quizChapter
      ? `<a class="chapter-quiz-link" href="${quizUrl(course.slug, quizChapter.id)}">${QUIZ_MESSAGES.chapterQuiz}: ${escapeHtml(quizChapter.name)}</a>`
      : '',
    previous
      ? `<a class="previous" rel="prev" href="${topicUrl(course.slug, previous.id)}">Previous: ${escapeHtml(previous.name)}</a>`
      : '',
    next
      ? `<a class="next" rel="next" href="${topicUrl(course.slug, next.id)}">Next: ${escapeHtml(next.name)}</a>`
      : '',
  ].join('');
  const content = [
    '<div class="page layout">',
    `<aside class="outline-aside"><nav aria-label="Course outline" class="outline">${outline}</nav></aside>`,
    '<main id="main">',
    `<nav aria-label="Breadcrumb" class="breadcrumb"><ol><li><a href="${courseUrl(course.slug)}">${escapeHtml(course.name)}</a></li><li><span aria-current="page">${escapeHtml(topic.name)}</span></li></ol></nav>`,
    '<p id="learn-progress" class="learn-progress"></p>',
    `<details class="outline-details"><summary>Course outline</summary><nav aria-label="Course outline" class="outline">${outline}</nav></details>`,
    '<article class="lesson" aria-labelledby="lesson-title">',
    `<p class="lesson-place">${escapeHtml(topic.subjectName)} › ${escapeHtml(topic.chapterName)}</p>`,
    `<h1 id="lesson-title">${escapeHtml(topic.name)}</h1>`,
    `<div class="lesson-body">${lessonHtml ?? NO_LESSON}</div>`,
    '</article>',
    checksSection(checks, version),
    '<div id="learn-actions" class="learn-actions"><button type="button" id="learn-complete" class="button" aria-pressed="false" disabled>Mark as complete</button></div>',
    '<div id="learn-messages" class="learn-messages" aria-live="polite"></div>',
    pager ? `<nav aria-label="Previous and next topics" class="pager">${pager}</nav>` : '',
    '</main>',
    '</div>',
  ].join('\n');
  return htmlDocument({
    head,
    bodyAttributes: {
      'data-slug': course.slug,
      'data-topic-ids': outlineTopicIds(course).join(' '),
      'data-topic-id': topic.id,
    },
    content,
    script: true,
  });
}
