import { DEFAULT_CHAPTER_QUIZ_SETTINGS, type CourseExportTree } from '@coursecraft/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { testCourse } from '../../../testing/test-course';
import { renderWithRouter } from '../../../testing/test-session';
import { PRINT_TEXT } from '../print-messages';
import { PrintPage } from './PrintPage';

const topic = (id: string, name: string, content: string | null) => ({
  id,
  name,
  has_content: content !== null,
  content,
  questions: [],
});

const tree: CourseExportTree = {
  course: testCourse({
    name: 'Algebra',
    description: 'Numbers and letters.',
    image_url: '/covers/algebra.png',
  }),
  subjects: [
    {
      id: 's1',
      name: 'Equations',
      description: 'Solving for x.',
      image_url: null,
      has_chapters: true,
      chapters: [
        {
          id: 'ch1',
          name: 'Linear',
          has_topics: true,
          quiz: DEFAULT_CHAPTER_QUIZ_SETTINGS,
          topics: [
            topic('t1', 'One unknown', '## Balancing both sides\n\nWe solve $2x = 4$.'),
            topic('t2', 'Two unknowns', null),
          ],
        },
        {
          id: 'ch2',
          name: 'Quadratic',
          has_topics: true,
          quiz: DEFAULT_CHAPTER_QUIZ_SETTINGS,
          topics: [topic('t3', 'Completing the square', '## Squares\n\nA square.')],
        },
      ],
    },
    {
      id: 's2',
      name: 'Functions',
      description: null,
      image_url: null,
      has_chapters: true,
      chapters: [
        {
          id: 'ch3',
          name: 'Graphs',
          has_topics: true,
          quiz: DEFAULT_CHAPTER_QUIZ_SETTINGS,
          topics: [topic('t4', 'Slopes', '## Rise over run\n\nSteepness.')],
        },
      ],
    },
  ],
};

function renderPage(answer: () => Response = () => Response.json(tree)) {
  const fetchSpy = stubFetch((url) => {
    if (url === '/api/courses/c1/tree') return answer();
    return Response.json({ error: 'Not found' }, { status: 404 });
  });
  const view = renderWithRouter([{ path: '/courses/:courseId/print', element: <PrintPage /> }], {
    session: 'user',
    path: '/courses/c1/print',
  });
  return { ...view, fetchSpy, user: userEvent.setup() };
}

const headingNames = () => screen.getAllByRole('heading').map((heading) => heading.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PrintPage', () => {
  it('renders the title page, the contents and every lesson in outline order', async () => {
    renderPage();
    const title = await screen.findByRole('heading', { level: 1, name: 'Algebra' });
    const header = title.closest('header');
    expect(header).not.toBeNull();
    expect(within(header!).getByText('Numbers and letters.')).toBeInTheDocument();
    expect(header!.querySelector('img')).toHaveAttribute('src', '/covers/algebra.png');

    const contents = screen.getByRole('navigation', { name: PRINT_TEXT.contents });
    expect(
      within(contents)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      '1 Equations',
      '1.1 Linear',
      '1.1.1 One unknown',
      '1.1.2 Two unknowns',
      '1.2 Quadratic',
      '1.2.1 Completing the square',
      '2 Functions',
      '2.1 Graphs',
      '2.1.1 Slopes',
    ]);
    expect(within(contents).getByRole('link', { name: /1\.1\.1\s*One unknown/ })).toHaveAttribute(
      'href',
      '#print-topic-t1',
    );

    await waitFor(() => expect(screen.queryAllByRole('progressbar')).toHaveLength(0));
    expect(headingNames()).toEqual([
      'Algebra',
      'Contents',
      '1 Equations',
      '1.1 Linear',
      '1.1.1 One unknown',
      'Balancing both sides',
      '1.1.2 Two unknowns',
      '1.2 Quadratic',
      '1.2.1 Completing the square',
      'Squares',
      '2 Functions',
      '2.1 Graphs',
      '2.1.1 Slopes',
      'Rise over run',
    ]);
    expect(screen.getByText('Solving for x.')).toBeInTheDocument();
    const firstLesson = screen.getByRole('region', { name: /1\.1\.1\s*One unknown/ });
    expect(firstLesson.querySelector('.katex')).not.toBeNull();
  });

  it('says "No lesson yet." for a topic without a lesson', async () => {
    renderPage();
    const empty = await screen.findByRole('region', { name: /1\.1\.2\s*Two unknowns/ });
    expect(within(empty).getByText(PRINT_TEXT.noLesson)).toBeInTheDocument();
    expect(screen.getAllByText(PRINT_TEXT.noLesson)).toHaveLength(1);
  });

  it('reports ready once drawn, names the tab after the course and prints on Print', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    // jsdom loads no images, so this course has no cover.
    const noCover = { ...tree, course: { ...tree.course, image_url: null } };
    const { container, user } = renderPage(() => Response.json(noCover));
    await screen.findByRole('heading', { level: 1, name: 'Algebra' });
    await waitFor(() =>
      expect(container.querySelector('[data-print-ready="true"]')).not.toBeNull(),
    );
    expect(document.title).toBe('Algebra — print edition | Coursecraft');
    await user.click(screen.getByRole('button', { name: PRINT_TEXT.print }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: PRINT_TEXT.backToCourse })).toHaveAttribute(
      'href',
      '/courses/c1/subjects',
    );
  });

  it('shows the failure with Retry when the course cannot be loaded, and is never ready', async () => {
    const { container } = renderPage(() =>
      Response.json({ error: 'Something broke' }, { status: 500 }),
    );
    expect(await screen.findByText(PRINT_TEXT.loadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(container.querySelector('[data-print-ready="true"]')).toBeNull();
    expect(screen.getByRole('button', { name: PRINT_TEXT.print })).toBeDisabled();
  });
});
