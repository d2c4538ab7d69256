import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { fakeOutlineApi } from '../../testing/fake-outline-api';
import { testCourse } from '../../testing/test-course';
import { renderWithRouter } from '../../testing/test-session';
import { CreateCoursePage } from './courses/components/CreateCoursePage';
import { CourseOutlinePage } from './outline/components/CourseOutlinePage';
import { CourseTreeSlotsProvider, type CourseTreeSlots } from './slots';
import { SubjectsPage } from './subjects/components/SubjectsPage';
import { TopicContentPage } from './topic/components/TopicContentPage';

// jsdom has no Web Audio; Create Course's recorder is not used here.
vi.mock('./courses/voice/pcm-capture', () => ({ createPcmCapture: vi.fn() }));

afterEach(() => vi.unstubAllGlobals());

const TOPIC = { courseId: 'c1', subjectId: 's1', chapterId: 'ch1', topicId: 't1' };

function stubOutline() {
  fakeOutlineApi([
    {
      id: 'ch1',
      name: 'Basics',
      topics: [{ id: 't1', name: 'Intro', has_content: true, content: '# Welcome' }],
    },
  ]);
}

/**
 * Waits for the lesson's heading (the renderer is a lazy chunk, whose first import may take over
 * a second). The lesson is drawn again shortly after it shows, so the element found may already
 * be detached: look it up again rather than holding it.
 */
const findLessonHeading = () =>
  screen.findByRole('heading', { name: 'Welcome' }, { timeout: 15_000 });

function renderAt(pattern: string, path: string, page: ReactNode, slots?: CourseTreeSlots) {
  const element = slots ? (
    <CourseTreeSlotsProvider slots={slots}>{page}</CourseTreeSlotsProvider>
  ) : (
    page
  );
  renderWithRouter([{ path: pattern, element }], { session: 'user', path });
}

const topicSection: CourseTreeSlots = {
  topicSection: (topic, { hasLesson }) => (
    <section aria-label="Extra">{`${topic.courseId}/${topic.subjectId}/${topic.chapterId}/${topic.topicId} lesson:${hasLesson}`}</section>
  ),
};

const pages = {
  subjects: (slots?: CourseTreeSlots) => {
    stubFetch((url) => Response.json(url.endsWith('/subjects') ? [] : testCourse()));
    renderAt('/courses/:courseId/subjects', '/courses/c1/subjects', <SubjectsPage />, slots);
  },
  outline: (slots?: CourseTreeSlots) => {
    stubOutline();
    renderAt(
      'courses/:courseId/subjects/:subjectId/content/:topicId?',
      '/courses/c1/subjects/s1/content/t1',
      <CourseOutlinePage />,
      slots,
    );
  },
  topic: (slots?: CourseTreeSlots) => {
    stubOutline();
    renderAt(
      '/courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/content',
      '/courses/c1/subjects/s1/chapters/ch1/topics/t1/content',
      <TopicContentPage />,
      slots,
    );
  },
  createCourse: (slots?: CourseTreeSlots) => {
    stubFetch(() => Response.json({}));
    renderAt('/create-course', '/create-course', <CreateCoursePage />, slots);
  },
};

describe('the course tree slots', () => {
  it('shows the subjects actions app/ passes, for the course', async () => {
    pages.subjects({
      subjectsActions: (courseId) => <button type="button">{`Share ${courseId}`}</button>,
    });
    expect(await screen.findByRole('button', { name: 'Share c1' })).toBeInTheDocument();
  });

  it("hands the subjects actions the screen's generate action: with no subjects it generates them", async () => {
    const spy = stubFetch((url) =>
      Response.json(
        url.endsWith('/generate_subjects') ? [] : url.endsWith('/subjects') ? [] : testCourse(),
      ),
    );
    renderAt('/courses/:courseId/subjects', '/courses/c1/subjects', <SubjectsPage />, {
      subjectsActions: (_courseId, actions) => (
        <button type="button" onClick={actions.generateSubjects}>
          {`From sources ${actions.generatingSubjects ? 'busy' : 'idle'}`}
        </button>
      ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'From sources idle' }));
    await waitFor(() =>
      expect(spy.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`)).toContain(
        'POST /api/courses/c1/generate_subjects',
      ),
    );
  });

  it('shows the topic section under the lesson on the outline page, for the selected topic', async () => {
    pages.outline(topicSection);
    await findLessonHeading();
    expect(screen.getByRole('region', { name: 'Extra' })).toHaveTextContent(
      'c1/s1/ch1/t1 lesson:true',
    );
  });

  it('shows the chapter section in the expanded chapter of the outline page, for that chapter', async () => {
    pages.outline({
      chapterSection: (chapter, { chapterName }) => (
        <button type="button">{`Quiz ${chapter.courseId}/${chapter.subjectId}/${chapter.chapterId} ${chapterName}`}</button>
      ),
    });
    await findLessonHeading();
    const nav = screen.getByRole('navigation', { name: 'Course outline' });
    expect(within(nav).getByRole('button', { name: 'Quiz c1/s1/ch1 Basics' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /^Basics$/ }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Quiz c1/s1/ch1 Basics' })).toBeNull(),
    );
  });

  it('shows the topic section under the lesson on the topic page, for its topic', async () => {
    pages.topic(topicSection);
    await findLessonHeading();
    expect(screen.getByRole('region', { name: 'Extra' })).toHaveTextContent(
      `${Object.values(TOPIC).join('/')} lesson:true`,
    );
  });

  it.each(['outline', 'topic'] as const)(
    "shows the lesson notice above the lesson on the %s page, whose regenerate generates the topic's lesson",
    async (page) => {
      pages[page]({
        lessonNotice: (topic, { regenerate, generating }) => (
          <button type="button" onClick={regenerate} disabled={generating}>
            {`Notice ${topic.courseId}/${topic.subjectId}/${topic.chapterId}/${topic.topicId}`}
          </button>
        ),
      });
      const heading = await findLessonHeading();
      const notice = screen.getByRole('button', { name: 'Notice c1/s1/ch1/t1' });
      expect(
        notice.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
      await userEvent.click(notice);
      await screen.findByRole('heading', { level: 2, name: 'Intro' }, { timeout: 15_000 });
      const requests = vi
        .mocked(fetch)
        .mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);
      expect(requests).toContain(
        'POST /api/courses/c1/subjects/s1/chapters/ch1/topics/t1/generate_content',
      );
    },
  );

  it('shows no lesson notice for a topic without a lesson', async () => {
    fakeOutlineApi([
      { id: 'ch1', name: 'Basics', topics: [{ id: 't1', name: 'Intro', has_content: false }] },
    ]);
    renderAt(
      '/courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/content',
      '/courses/c1/subjects/s1/chapters/ch1/topics/t1/content',
      <TopicContentPage />,
      { lessonNotice: () => <button type="button">Notice</button> },
    );
    expect(await screen.findByText('No content available for this topic yet.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Notice' })).toBeNull();
  });

  it('shows the actions app/ passes on Create New Course', async () => {
    pages.createCourse({
      createCourseActions: () => <button type="button">Use a template</button>,
    });
    expect(await screen.findByRole('button', { name: 'Use a template' })).toBeInTheDocument();
  });

  it.each([
    ['subjects', 'heading', 'Algebra Subjects'],
    ['outline', 'heading', 'Welcome'],
    ['topic', 'heading', 'Welcome'],
    ['createCourse', 'button', 'Create Course'],
  ] as const)(
    'renders nothing in the %s page slots when app/ fills none',
    async (page, role, name) => {
      pages[page]();
      await screen.findByRole(role, { name }, { timeout: 15_000 });
      expect(screen.queryByRole('region', { name: 'Extra' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Share c1' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Use a template' })).toBeNull();
    },
  );

  it('renders nothing when app/ passes an empty set of slots', async () => {
    pages.outline({});
    await findLessonHeading();
    expect(screen.queryByRole('region', { name: 'Extra' })).toBeNull();
  });
});
