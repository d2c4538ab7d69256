import type { CoursePageModel, PageImage } from '../page-model';
import { htmlDocument } from './document';
import { escapeHtml } from './escape';
import { outlineLists, outlineTopicIds, topicUrl } from './outline';

/** The course's cover, the page's largest paint: fetched first, its box reserved. */
export const coverImage = (cover: PageImage, sizes: string): string =>
  `<img class="cover" src="${escapeHtml(cover.src)}"${
    cover.srcset ? ` srcset="${escapeHtml(cover.srcset)}" sizes="${sizes}"` : ''
  } width="${cover.width}" height="${cover.height}" alt="" fetchpriority="high" decoding="async">`;

/** `/learn/{slug}`: the course's card (cover, name, description, Start) and its whole outline. */
export function coursePage({ head, course }: CoursePageModel): string {
  const topicIds = outlineTopicIds(course);
  const first = topicIds[0];
  const start = first
    ? `<p><a id="learn-start" class="button button-primary" href="${topicUrl(course.slug, first)}">Start</a></p>`
    : '';
  const cover = course.cover ? coverImage(course.cover, '(min-width: 760px) 600px, 100vw') : '';
  const content = [
    '<div class="page">',
    '<main id="main">',
    '<div class="course-card">',
    `<div><h1>${escapeHtml(course.name)}</h1>`,
    course.description ? `<p>${escapeHtml(course.description)}</p>` : '',
    '<p id="learn-progress" class="learn-progress"></p>',
    '<p id="learn-course-completed" class="learn-course-completed"></p>',
    start,
    '</div>',
    cover ? `<div>${cover}</div>` : '',
    '</div>',
    '<nav aria-label="Course outline" class="outline">',
    '<h2 class="visually-hidden">Course outline</h2>',
    outlineLists(course, { level: 2, withSubjectDetails: true, withQuizzes: true }),
    '</nav>',
    '<div id="learn-messages" class="learn-messages" aria-live="polite"></div>',
    '</main>',
    '</div>',
  ].join('\n');
  return htmlDocument({
    head,
    bodyAttributes: { 'data-slug': course.slug, 'data-topic-ids': topicIds.join(' ') },
    content,
    script: true,
  });
}
