import type { NotFoundPageModel } from '../page-model';
import { htmlDocument } from './document';
import { escapeHtml } from './escape';
import { courseUrl } from './outline';

/**
 * A learner 404: the message, and a way back to the course when the course itself is live.
 * Never indexed, no learner script; `canonicalUrl` and `previewImageUrl` as for any page.
 */
export function notFoundPage(
  { message, course }: NotFoundPageModel,
  { canonicalUrl, previewImageUrl }: { canonicalUrl: string; previewImageUrl: string },
): string {
  const back = course
    ? `<p><a class="button" href="${courseUrl(course.slug)}">Back to the course</a></p>`
    : '<p><a class="button" href="/home">Coursecraft home</a></p>';
  return htmlDocument({
    head: {
      title: course ? `${message} · ${course.name}` : message,
      description: message,
      canonicalUrl,
      previewImageUrl,
      ogType: 'website',
      lang: course?.lang ?? 'en',
      indexable: false,
      hasMath: false,
    },
    bodyAttributes: {},
    content: `<div class="page"><main id="main" class="not-found"><h1>${escapeHtml(message)}</h1>${back}</main></div>`,
    script: false,
  });
}
