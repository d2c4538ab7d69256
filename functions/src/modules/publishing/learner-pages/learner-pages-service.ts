import {
  documentIdSchema,
  PUBLISHING_MESSAGES,
  QUIZ_MESSAGES,
  slugSchema,
  type LearnerQuestion,
} from '@coursecraft/contracts';
import { hasMath, lessonSummary, renderLessonHtml } from '@coursecraft/markdown';
import { languageTag } from './language-tag';
import type { PageCourseRecord } from './page-documents';
import type { PageCourse, PageHead } from './page-model';
import type { LearnerPagesRepository } from './learner-pages-repository';
import { coursePage } from './views/course-page';
import { lessonPage } from './views/lesson-page';
import { notFoundPage } from './views/not-found-page';
import { courseUrl, outlineTopicIds, quizUrl, topicUrl } from './views/outline';
import { quizPage } from './views/quiz-page';
import { robotsTxt, sitemapXml } from './views/sitemap';

export interface LearnerPagesDependencies {
  pages: Pick<LearnerPagesRepository, 'readCoursePage' | 'readTopicPage' | 'listedCoursePages'>;
  /** The app's main origin comes first: canonical URLs, previews and the sitemap use it. */
  appOrigins: () => string[];
}

/** A rendered page and its status. */
export interface RenderedPage {
  status: 200 | 404;
  html: string;
}

export const TOPIC_NOT_FOUND = 'This topic is not part of the course.';
export const QUIZ_NOT_FOUND = 'This chapter has no quiz.';
export const DEFAULT_PREVIEW_IMAGE = '/learn-assets/course-preview.png';
/** Whether any rendered check holds KaTeX output (its stylesheet is then needed). */
const checksHaveMath = (questions: LearnerQuestion[]): boolean =>
  questions.some((question) =>
    [question, ...(question.options ?? []), ...(question.items ?? [])].some((part) =>
      part.html.includes('class="katex'),
    ),
  );

/** How long a description in the head may be (search engines cut near 160 characters). */
const DESCRIPTION_MAX_LENGTH = 200;

/**
 * The server-rendered learner pages of live snapshots: each page from one page document (one
 * Firestore read), rendered on every request (nothing rendered is stored, so a renderer fix
 * reaches every snapshot), plus the sitemap of listed courses and robots.txt.
 */
export function learnerPagesService({ pages, appOrigins }: LearnerPagesDependencies) {
  const origin = () => appOrigins()[0] ?? '';
  const absolute = (url: string) => new URL(url, `${origin()}/`).href;
  const pageCourse = (slug: string, course: PageCourseRecord): PageCourse => ({
    slug,
    name: course.name,
    description: course.description,
    cover: course.cover,
    subjects: course.subjects,
  });
  const headOf = (
    course: PageCourseRecord,
    listed: boolean,
    page: Pick<PageHead, 'title' | 'description' | 'canonicalUrl' | 'ogType' | 'hasMath'>,
  ): PageHead => ({
    ...page,
    previewImageUrl: absolute(course.preview_image_url ?? DEFAULT_PREVIEW_IMAGE),
    lang: languageTag(course.language),
    indexable: listed,
  });
  const notFound = (
    path: string,
    message: string,
    course: { slug: string; name: string; lang: string } | null = null,
  ): RenderedPage => ({
    status: 404,
    html: notFoundPage(
      { message, course },
      { canonicalUrl: absolute(path), previewImageUrl: absolute(DEFAULT_PREVIEW_IMAGE) },
    ),
  });
  const courseNotAvailable = (path: string) => notFound(path, PUBLISHING_MESSAGES.notAvailable);

  return {
    async coursePage(slug: string): Promise<RenderedPage> {
      const path = courseUrl(slug);
      if (!slugSchema.safeParse(slug).success) return courseNotAvailable(path);
      const found = await pages.readCoursePage(slug);
      if (!found) return courseNotAvailable(path);
      const { course, listed } = found;
      const head = headOf(course, listed, {
        title: course.name,
        description: (course.description.trim() || course.name).slice(0, DESCRIPTION_MAX_LENGTH),
        canonicalUrl: absolute(path),
        ogType: 'website',
        hasMath: false,
      });
      return { status: 200, html: coursePage({ head, course: pageCourse(slug, course) }) };
    },

    /**
     * A topic's page. Its document missing, a second read tells an unknown topic of a live
     * course (with a way back to it) from a course that is not available.
     */
    async lessonPage(slug: string, topicId: string): Promise<RenderedPage> {
      const path = `${courseUrl(slug)}/${encodeURIComponent(topicId)}`;
      if (!slugSchema.safeParse(slug).success) return courseNotAvailable(path);
      const found = documentIdSchema.safeParse(topicId).success
        ? await pages.readTopicPage(slug, topicId)
        : null;
      if (!found) {
        const live = await pages.readCoursePage(slug);
        if (!live) return courseNotAvailable(path);
        return notFound(path, TOPIC_NOT_FOUND, {
          slug,
          name: live.course.name,
          lang: languageTag(live.course.language),
        });
      }
      const { course, listed, content, topic } = found;
      const lessonHtml =
        content === null
          ? null
          : await renderLessonHtml(content, {
              drawings: new Map(Object.entries(found.drawings)),
              idPrefix: topicId,
            });
      const summary = content === null ? '' : lessonSummary(content, DESCRIPTION_MAX_LENGTH);
      const head = headOf(course, listed, {
        title: `${topic.name} · ${course.name}`,
        description: summary || `${topic.name}: ${course.name}`.slice(0, DESCRIPTION_MAX_LENGTH),
        canonicalUrl: absolute(topicUrl(slug, topicId)),
        ogType: 'article',
        hasMath: (content !== null && hasMath(content)) || checksHaveMath(found.questions),
      });
      return {
        status: 200,
        html: lessonPage({
          head,
          course: pageCourse(slug, course),
          topic: {
            id: topicId,
            name: topic.name,
            subjectName: topic.subject_name,
            chapterName: topic.chapter_name,
          },
          lessonHtml,
          previous: found.previous,
          next: found.next,
          version: found.version,
          checks: found.questions,
        }),
      };
    },

    /**
     * A chapter's quiz page, from the course page document alone (one read). A chapter that is
     * not in the snapshot, or has no quiz there, is a 404 with a way back to the course.
     */
    async quizPage(slug: string, chapterId: string): Promise<RenderedPage> {
      const path = `${courseUrl(slug)}/chapters/${encodeURIComponent(chapterId)}/quiz`;
      if (!slugSchema.safeParse(slug).success) return courseNotAvailable(path);
      const found = await pages.readCoursePage(slug);
      if (!found) return courseNotAvailable(path);
      const { course, listed } = found;
      const place = documentIdSchema.safeParse(chapterId).success
        ? course.subjects.flatMap((subject) =>
            subject.chapters
              .filter((chapter) => chapter.id === chapterId)
              .map((chapter) => ({ subject, chapter })),
          )[0]
        : undefined;
      const quiz = place?.chapter.quiz;
      if (!place || !quiz) {
        return notFound(path, QUIZ_NOT_FOUND, {
          slug,
          name: course.name,
          lang: languageTag(course.language),
        });
      }
      const title = `${place.chapter.name} · ${course.name}`;
      const head = headOf(course, listed, {
        title,
        description: `${QUIZ_MESSAGES.chapterQuiz}: ${title}`.slice(0, DESCRIPTION_MAX_LENGTH),
        canonicalUrl: absolute(quizUrl(slug, chapterId)),
        ogType: 'website',
        hasMath: false,
      });
      return {
        status: 200,
        html: quizPage({
          head,
          course: pageCourse(slug, course),
          chapter: {
            id: chapterId,
            name: place.chapter.name,
            subjectName: place.subject.name,
            quiz,
          },
        }),
      };
    },

    /** Any other path under /learn. */
    unknownPage: (path: string): RenderedPage => courseNotAvailable(path),

    /** Every page of every listed course, as absolute URLs on the main origin. */
    async sitemap(): Promise<string> {
      const listed = await pages.listedCoursePages();
      const urls = listed.flatMap(({ slug, course }) => [
        absolute(courseUrl(slug)),
        ...outlineTopicIds(pageCourse(slug, course)).map((id) => absolute(topicUrl(slug, id))),
      ]);
      return sitemapXml(urls);
    },

    robots: (): string => robotsTxt(origin()),
  };
}

export type LearnerPagesService = ReturnType<typeof learnerPagesService>;
