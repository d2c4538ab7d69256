import { DEFAULT_COURSE_SETTINGS, type Course } from '@coursecraft/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../../testing/fetch-stub';
import { testProfile } from '../../../../testing/test-profile';
import { renderInRouter, renderWithRouter } from '../../../../testing/test-session';
import { GENERATION_TEXT, IMAGE_TEXT } from '../../lib/messages';
import { COURSE_TEXT } from '../course-messages';
import { CoursesPage } from './CoursesPage';

const algebra: Course = {
  id: 'c1',
  name: 'Algebra',
  description: '',
  image_url: null,
  has_subjects: false,
  published: false,
  settings: DEFAULT_COURSE_SETTINGS,
};
const geometry: Course = {
  id: 'c2',
  name: 'Geometry',
  description: 'Shapes and proofs',
  image_url: null,
  has_subjects: true,
  published: false,
  settings: DEFAULT_COURSE_SETTINGS,
};

/** A fake API: GET answers `courses`, other methods answer `write` (default: success). */
const COUNTS = { subjects: 2, chapters: 5, topics: 0, lessons: 0 };

function stubApi(courses: Course[] | Response, write?: () => Response) {
  const fetchSpy = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/counts')) return Response.json(COUNTS);
    if (!init?.method || init.method === 'GET') {
      return courses instanceof Response ? courses.clone() : Response.json(courses);
    }
    return write ? write() : Response.json({ ...algebra, message: 'ok' });
  });
  vi.stubGlobal('fetch', fetchSpy);
  return fetchSpy;
}

function renderPage() {
  renderInRouter(<CoursesPage />, { session: 'user', path: '/courses' });
  return userEvent.setup();
}

afterEach(() => vi.unstubAllGlobals());

describe('CoursesPage', () => {
  it('shows six skeleton cards while loading', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderPage();
    expect(screen.getAllByTestId('course-skeleton')).toHaveLength(6);
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Home');
    expect(screen.getByRole('link', { name: 'Create New Course' })).toHaveAttribute(
      'href',
      '/create-course',
    );
  });

  it('shows the empty state', async () => {
    stubApi([]);
    renderPage();
    expect(await screen.findByText(COURSE_TEXT.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Your First Course' })).toHaveAttribute(
      'href',
      '/create-course',
    );
  });

  it('shows the load error with Retry', async () => {
    stubApi(Response.json({ error: 'x' }, { status: 500 }));
    renderPage();
    expect(await screen.findByText(COURSE_TEXT.loadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('lists the courses with the description fallback, and View only with subjects', async () => {
    stubApi([geometry, algebra]);
    renderPage();
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual(['Geometry', 'Algebra']);
    const cards = headings.map((heading) => heading.closest('li') as HTMLElement);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Shapes and proofs')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      '/courses/c2/subjects',
    );
    expect(within(second).getByText(COURSE_TEXT.noDescription)).toBeInTheDocument();
    expect(within(second).queryByRole('link', { name: 'View' })).not.toBeInTheDocument();
  });

  it('marks a published course with a Published chip', async () => {
    stubApi([{ ...geometry, published: true }, algebra]);
    renderPage();
    const [published, draft] = (await screen.findAllByRole('heading', { level: 2 })).map(
      (heading) => within(heading.closest('li') as HTMLElement),
    );
    expect(published?.getByText('Published')).toBeInTheDocument();
    expect(draft?.queryByText('Published')).not.toBeInTheDocument();
  });

  it('edits a course, refusing a blank name', async () => {
    const fetchSpy = stubApi([algebra]);
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Algebra' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Course' });
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(dialog).getByText(COURSE_TEXT.nameRequired)).toBeInTheDocument();

    await user.type(name, ' Algebra I ');
    await user.type(within(dialog).getByLabelText('Description (optional)'), 'Basics');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = fetchSpy.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/api/courses/c1');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      name: 'Algebra I',
      description: 'Basics',
    });
  });

  it('keeps the edit dialog open on a click beside changed fields', async () => {
    stubApi([algebra]);
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Algebra' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Course' });
    await user.type(within(dialog).getByLabelText('Description (optional)'), 'Basics');
    const container = document.querySelector('.MuiDialog-container');
    await user.click(container as HTMLElement);
    expect(screen.getByRole('dialog', { name: 'Edit Course' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the update failure message', async () => {
    stubApi([algebra], () => Response.json({ error: 'boom' }, { status: 500 }));
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Algebra' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(COURSE_TEXT.updateFailed)).toBeInTheDocument();
  });

  it('asks before deleting, and reports a failure', async () => {
    stubApi([algebra], () => Response.json({ error: 'boom' }, { status: 500 }));
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Algebra' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Course' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete Algebra?');
    expect(dialog).toHaveTextContent('This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Course' }));
    expect(await within(dialog).findByText(COURSE_TEXT.deleteFailed)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('generates subjects for a course without them and opens its subjects screen', async () => {
    const fetchSpy = stubApi([algebra, geometry], () => Response.json([]));
    const { router } = renderWithRouter(
      [
        { path: '/courses', element: <CoursesPage /> },
        { path: '/courses/:courseId/subjects', element: <p>Subjects screen</p> },
      ],
      { session: 'user', path: '/courses' },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Generate subjects of Algebra' }));
    expect(await screen.findByText('Subjects screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/courses/c1/subjects');
    const posted = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(posted?.[0]).toBe('/api/courses/c1/generate_subjects');
  });

  it('Generate Whole Course starts the job and opens the subjects screen, where it shows', async () => {
    const fetchSpy = stubApi([algebra, geometry], () =>
      Response.json({ job_id: 'j1' }, { status: 202 }),
    );
    const { router } = renderWithRouter(
      [
        { path: '/courses', element: <CoursesPage /> },
        { path: '/courses/:courseId/subjects', element: <p>Subjects screen</p> },
      ],
      { session: 'user', path: '/courses' },
    );
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Generate whole course of Geometry' }),
    );
    expect(await screen.findByText('Subjects screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/courses/c2/subjects');
    const posted = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(posted?.[0]).toBe('/api/courses/c2/generate_all');
  });

  it('regenerating stays on the list; a refusal shows the API key message', async () => {
    stubApi([algebra, geometry], () =>
      Response.json({ error: 'Forbidden', code: 'GEMINI_KEY_MISSING' }, { status: 403 }),
    );
    const user = renderPage();
    await user.click(
      await screen.findByRole('button', { name: 'Regenerate subjects of Geometry' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Regenerate subjects?' });
    expect(
      await within(dialog).findByText(
        'This replaces the 2 subjects of this course, with their 5 chapters. They cannot be restored.',
      ),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    expect(
      await within(dialog).findByText('You need to set your Google API key in your profile first.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Regenerate subjects of Geometry' })).toBeEnabled();
  });

  it('a failed regeneration says the update failed', async () => {
    stubApi([geometry], () => Response.json({ error: 'boom' }, { status: 500 }));
    const user = renderPage();
    await user.click(
      await screen.findByRole('button', { name: 'Regenerate subjects of Geometry' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Regenerate subjects?' });
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    expect(
      await within(dialog).findByText(GENERATION_TEXT.updateSubjectsFailed),
    ).toBeInTheDocument();
  });
});

describe('CoursesPage course images', () => {
  function stubImagesApi(hasApiKey: boolean, image: () => Response | Promise<Response>) {
    return stubFetch((url) => {
      if (url === '/api/auth/me') return Response.json(testProfile({ hasApiKey }));
      if (url.startsWith('/api/images/')) return image();
      return Response.json([algebra]);
    });
  }

  it('offers the cover button only with an API key', async () => {
    stubImagesApi(false, () => Response.json({ image_url: 'x' }));
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Algebra' })).toBeVisible();
    expect(
      screen.queryByRole('button', { name: 'Generate image for Algebra' }),
    ).not.toBeInTheDocument();
  });

  it('draws a cover with a busy button, then reports a failure', async () => {
    let answer: () => Response | Promise<Response> = () => new Promise(() => {});
    const fetchSpy = stubImagesApi(true, () => answer());
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Generate image for Algebra' }));
    expect(screen.getByRole('button', { name: 'Generate image for Algebra' })).toBeDisabled();
    expect(fetchSpy.mock.calls.map(([url]) => url)).toContain('/api/images/courses/c1/generate');

    cleanup();
    answer = () => Response.json({ error: 'boom' }, { status: 500 });
    const again = renderPage();
    await again.click(await screen.findByRole('button', { name: 'Generate image for Algebra' }));
    expect(await screen.findByText(IMAGE_TEXT.failed)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Generate image for Algebra' })).toBeEnabled();
  });
});
