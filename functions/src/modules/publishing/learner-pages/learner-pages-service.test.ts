import { describe, expect, it, vi } from 'vitest';
import type { CoursePageDocument } from './page-documents';
import { QUIZ_NOT_FOUND, learnerPagesService } from './learner-pages-service';

const SLUG = 'AAAAAAAAAAAAAAAA';
/** Chapter ids are Firestore's 20-character ids. */
const CH1 = 'ch1xxxxxxxxxxxxxxxxx';
const CH2 = 'ch2xxxxxxxxxxxxxxxxx';

const COURSE_PAGE: CoursePageDocument = {
  course_id: 'c1',
  slug: SLUG,
  version: 2,
  listed: false,
  course: {
    name: 'Tides',
    description: 'The sea',
    language: 'English',
    cover: null,
    preview_image_url: null,
    subjects: [
      {
        id: 's1',
        name: 'Moon',
        description: null,
        cover: null,
        chapters: [
          {
            id: CH1,
            name: 'Orbits',
            topics: [{ id: 't1', name: 'Intro', hasContent: true }],
            quiz: { questionCount: 3, passMark: 70, attempts: null },
          },
          {
            id: CH2,
            name: 'Pull',
            topics: [{ id: 't2', name: 'Force', hasContent: true }],
            quiz: null,
          },
        ],
      },
    ],
  },
};

function setUp() {
  const readCoursePage = vi.fn(async (slug: string) => (slug === SLUG ? COURSE_PAGE : null));
  const readTopicPage = vi.fn(async () => null);
  const service = learnerPagesService({
    pages: { readCoursePage, readTopicPage, listedCoursePages: async () => [] },
    appOrigins: () => ['https://app.example'],
  });
  return { service, readCoursePage, readTopicPage };
}

describe('the quiz page', () => {
  it('renders a chapter’s quiz from the course page document alone', async () => {
    const { service, readCoursePage, readTopicPage } = setUp();
    const page = await service.quizPage(SLUG, CH1);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<h1 id="quiz-title">Orbits</h1>');
    expect(page.html).toContain('<title>Orbits · Tides</title>');
    expect(page.html).toContain(
      `<link rel="canonical" href="https://app.example/learn/${SLUG}/chapters/${CH1}/quiz">`,
    );
    expect(page.html).toContain('3 questions · pass mark 70% · unlimited attempts');
    expect(readCoursePage).toHaveBeenCalledTimes(1);
    expect(readTopicPage).not.toHaveBeenCalled();
  });

  it('answers the course’s 404 for a chapter without a quiz, unknown or malformed', async () => {
    const { service } = setUp();
    for (const chapterId of [CH2, 'nopexxxxxxxxxxxxxxxx', 'a/b', '']) {
      const page = await service.quizPage(SLUG, chapterId);
      expect(page.status).toBe(404);
      expect(page.html).toContain(`<h1>${QUIZ_NOT_FOUND}</h1>`);
      expect(page.html).toContain(`<a class="button" href="/learn/${SLUG}">Back to the course</a>`);
      expect(page.html).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('answers the course-not-available 404 for an unknown or malformed slug', async () => {
    const { service, readCoursePage } = setUp();
    for (const slug of ['BBBBBBBBBBBBBBBB', 'short']) {
      const page = await service.quizPage(slug, CH1);
      expect(page.status).toBe(404);
      expect(page.html).toContain('<h1>This course is not available.</h1>');
    }
    expect(readCoursePage).toHaveBeenCalledTimes(1);
  });
});
