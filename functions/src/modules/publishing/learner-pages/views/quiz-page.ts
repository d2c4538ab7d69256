import { QUIZ_MESSAGES } from '@coursecraft/contracts';
import type { OutlineChapterQuiz, QuizPageModel } from '../page-model';
import { htmlDocument } from './document';
import { escapeHtml } from './escape';
import { courseUrl, outlineTopicIds } from './outline';

/** What the quiz is, in one line: its questions, pass mark and attempts. */
export function quizFacts({ questionCount, passMark, attempts }: OutlineChapterQuiz): string {
  const questions = `${questionCount} question${questionCount === 1 ? '' : 's'}`;
  const tries =
    attempts === null ? 'unlimited attempts' : `${attempts} attempt${attempts === 1 ? '' : 's'}`;
  return `${questions} · pass mark ${passMark}% · ${tries}`;
}

/**
 * `/learn/{slug}/chapters/{chapterId}/quiz`: the chapter's name, what its quiz is and Start quiz.
 * The learner script loads the quiz's own script on Start and fills `#quiz` with the questions
 * and the result; without JavaScript the page says the quiz needs it.
 */
export function quizPage({ head, course, chapter }: QuizPageModel): string {
  const chapterId = escapeHtml(chapter.id);
  const content = [
    '<div class="page">',
    '<main id="main" class="quiz-page">',
    `<nav aria-label="Breadcrumb" class="breadcrumb"><ol><li><a href="${courseUrl(course.slug)}">${escapeHtml(course.name)}</a></li><li><span aria-current="page">${QUIZ_MESSAGES.chapterQuiz}: ${escapeHtml(chapter.name)}</span></li></ol></nav>`,
    `<p class="lesson-place">${escapeHtml(chapter.subjectName)} › ${QUIZ_MESSAGES.chapterQuiz}</p>`,
    '<h1 id="quiz-title">' + escapeHtml(chapter.name) + '</h1>',
    `<section id="quiz" class="quiz" aria-labelledby="quiz-title" data-chapter-id="${chapterId}" data-pass-mark="${chapter.quiz.passMark}">`,
    `<p class="quiz-facts">${escapeHtml(quizFacts(chapter.quiz))}</p>`,
    `<noscript><p class="checks-noscript">${QUIZ_MESSAGES.noScript}</p></noscript>`,
    `<div id="quiz-actions" class="learn-actions"><button type="button" id="quiz-start" class="button button-primary">${QUIZ_MESSAGES.startQuiz}</button></div>`,
    '</section>',
    '<div id="learn-messages" class="learn-messages" aria-live="polite"></div>',
    '</main>',
    '</div>',
  ].join('\n');
  return htmlDocument({
    head,
    bodyAttributes: {
      'data-slug': course.slug,
      'data-topic-ids': outlineTopicIds(course).join(' '),
      'data-chapter-id': chapter.id,
    },
    content,
    script: true,
  });
}
