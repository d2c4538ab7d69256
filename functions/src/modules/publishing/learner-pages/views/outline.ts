import { QUIZ_MESSAGES } from '@coursecraft/contracts';
import type { PageCourse } from '../page-model';
import { escapeHtml } from './escape';

export const topicUrl = (slug: string, topicId: string): string =>
  `/learn/${encodeURIComponent(slug)}/${encodeURIComponent(topicId)}`;
export const courseUrl = (slug: string): string => `/learn/${encodeURIComponent(slug)}`;
export const quizUrl = (slug: string, chapterId: string): string =>
  `${courseUrl(slug)}/chapters/${encodeURIComponent(chapterId)}/quiz`;

/** Every topic id of the outline, in order (the body's `data-topic-ids`). */
export const outlineTopicIds = (course: PageCourse): string[] =>
  course.subjects.flatMap((subject) =>
    subject.chapters.flatMap((chapter) => chapter.topics.map((topic) => topic.id)),
  );

/**
 * The outline as nested lists of topic links (the current topic marked), headed by subject and
 * chapter names at `level` and `level + 1`. `withSubjectDetails` adds each subject's cover and
 * description (the course page); `withQuizzes` adds each chapter's quiz link and the empty slot
 * the learner script fills with the learner's result (the course page).
 */
export function outlineLists(
  course: PageCourse,
  {
    currentTopicId = null,
    level = 2,
    withSubjectDetails = false,
    withQuizzes = false,
  }: {
    currentTopicId?: string | null;
    level?: number;
    withSubjectDetails?: boolean;
    withQuizzes?: boolean;
  } = {},
): string {
  if (course.subjects.length === 0) return '<p class="muted">This course has no topics yet.</p>';
  return course.subjects
    .map((subject) => {
      const cover =
        withSubjectDetails && subject.cover
          ? `<img class="subject-cover" src="${escapeHtml(subject.cover.src)}"${
              subject.cover.srcset
                ? ` srcset="${escapeHtml(subject.cover.srcset)}" sizes="160px"`
                : ''
            } width="${subject.cover.width}" height="${subject.cover.height}" alt="" loading="lazy" decoding="async">`
          : '';
      const description =
        withSubjectDetails && subject.description
          ? `<p class="muted">${escapeHtml(subject.description)}</p>`
          : '';
      const chapters = subject.chapters
        .map((chapter) => {
          const topics = chapter.topics
            .map((topic) => {
              const current = topic.id === currentTopicId ? ' aria-current="page"' : '';
              return `<li><a href="${topicUrl(course.slug, topic.id)}" data-topic-id="${escapeHtml(topic.id)}"${current}>${escapeHtml(topic.name)}</a></li>`;
            })
            .join('');
          const quiz =
            withQuizzes && chapter.quiz
              ? `<p class="chapter-quiz"><a href="${quizUrl(course.slug, chapter.id)}" data-quiz-chapter-id="${escapeHtml(chapter.id)}" aria-label="${QUIZ_MESSAGES.chapterQuiz}: ${escapeHtml(chapter.name)}">${QUIZ_MESSAGES.chapterQuiz}</a> <span class="quiz-result" data-quiz-result="${escapeHtml(chapter.id)}"></span></p>`
              : '';
          return `<h${level + 1}>${escapeHtml(chapter.name)}</h${level + 1}><ul>${topics}</ul>${quiz}`;
        })
        .join('');
      return `<section class="subject">${cover}<h${level}>${escapeHtml(subject.name)}</h${level}>${description}${chapters}</section>`;
    })
    .join('');
}
