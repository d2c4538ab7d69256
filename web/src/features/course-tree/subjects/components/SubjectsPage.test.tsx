import {
  COURSE_SETTINGS_MESSAGES,
  QUIZ_MESSAGES,
  type GenerationJob,
  type Subject,
} from '@coursecraft/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { stubFetch } from '../../../../testing/fetch-stub';
import { testProfile } from '../../../../testing/test-profile';
import { renderWithRouter } from '../../../../testing/test-session';
import { API_KEY_NEEDED } from '../../lib/generation-errors';
import { IMAGE_TEXT } from '../../lib/messages';
import { SUBJECT_TEXT } from '../subject-messages';
import { SubjectsPage } from './SubjectsPage';
import { testCourse } from '../../../../testing/test-course';
import { testJob } from '../../../../testing/test-generation-job';

const course = testCourse();
const equations: Subject = {
  id: 's1',
  name: 'Equations',
  description: 'Solving for x',
  image_url: null,
  has_chapters: false,
};

function stubApi(
  subjects: Subject[],
  write: () => Response | Promise<Response> = () => Response.json(equations),
) {
  const fetchSpy = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method && init.method !== 'GET') return write();
    return Response.json(url.endsWith('/subjects') ? subjects : course);
  });
  vi.stubGlobal('fetch', fetchSpy);
  return fetchSpy;
}

function renderPage(page = <SubjectsPage />) {
  renderWithRouter([{ path: '/courses/:courseId/subjects', element: page }], {
    session: 'user',
    path: '/courses/c1/subjects',
  });
  return userEvent.setup();
}

afterEach(() => vi.unstubAllGlobals());

describe('SubjectsPage', () => {
  it('titles the page after the course and shows the empty state', async () => {
    stubApi([]);
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Algebra Subjects' }),
    ).toBeVisible();
    expect(screen.getByText(SUBJECT_TEXT.empty)).toBeInTheDocument();
    expect(screen.getByText(SUBJECT_TEXT.emptyHint)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Courses' })).toHaveAttribute(
      'href',
      '/courses',
    );
  });

  it('links to the subjects and chapters screen', async () => {
    stubApi([equations]);
    renderPage();
    expect(await screen.findByRole('link', { name: 'Subjects and Chapters' })).toHaveAttribute(
      'href',
      '/courses/c1/subjects-chapters',
    );
  });

  it('lists subjects with View Content', async () => {
    stubApi([equations]);
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Equations' })).toBeVisible();
    expect(screen.getByText('Solving for x')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Content' })).toHaveAttribute(
      'href',
      '/courses/c1/subjects/s1/content',
    );
  });

  it('creates a subject, refusing a blank name', async () => {
    const fetchSpy = stubApi([]);
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Subject' }));
    const dialog = screen.getByRole('dialog', { name: 'Create New Subject' });
    await user.type(within(dialog).getByLabelText('Subject Name'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Subject' }));
    expect(within(dialog).getByText(SUBJECT_TEXT.nameRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Subject Name'), 'Equations ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Subject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/courses/c1/subjects');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: 'Equations' });
  });

  it('Generate Whole Course shows the progress of its job above the subjects', async () => {
    let latest: GenerationJob | null = null;
    const fetchSpy = stubFetch((url, init) => {
      if (url === '/api/courses/c1/generate_all' && init.method === 'POST') {
        latest = testJob();
        return Response.json({ job_id: 'j1' }, { status: 202 });
      }
      if (url === '/api/courses/c1/jobs') return Response.json({ job: latest });
      if (url === '/api/courses/c1/jobs/j1') return Response.json(latest);
      return Response.json(url.endsWith('/subjects') ? [equations] : course);
    });
    const user = renderPage();
    const subject = await screen.findByRole('heading', { level: 2, name: 'Equations' });
    expect(screen.queryByRole('region', { name: 'Course generation' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate Whole Course' }));
    const panel = await screen.findByRole('region', { name: 'Course generation' });
    expect(within(panel).getByRole('status')).toHaveTextContent(
      'Generating course: 37 of 120 steps',
    );
    expect(panel.compareDocumentPosition(subject) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate Whole Course' })).toBeDisabled();
    expect(fetchSpy.mock.calls.some(([url]) => url === '/api/courses/c1/generate_all')).toBe(true);
  });

  it('reports failed edits and deletes with their failure messages', async () => {
    stubApi([equations], () => Response.json({ error: 'x' }, { status: 500 }));
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Equations' }));
    const edit = screen.getByRole('dialog', { name: 'Edit Subject' });
    expect(within(edit).getByLabelText('Name')).toHaveValue('Equations');
    await user.click(within(edit).getByRole('button', { name: 'Save Changes' }));
    expect(await within(edit).findByText(SUBJECT_TEXT.updateFailed)).toBeInTheDocument();
    await user.click(within(edit).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Delete Equations' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Subject' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete Equations?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete Subject' }));
    expect(await within(confirm).findByText(SUBJECT_TEXT.deleteFailed)).toBeInTheDocument();
  });
});

describe('SubjectsPage images', () => {
  const fractions: Subject = { ...equations, id: 's2', name: 'Fractions' };

  /** The page's API with a profile; image requests answer `images(path)`. */
  function stubImagesApi({
    hasApiKey = true,
    images = () => Response.json({ image_url: '/api/files/cover.png?t=1' }),
  }: { hasApiKey?: boolean; images?: (path: string) => Response | Promise<Response> } = {}) {
    return stubFetch((url) => {
      const path = url.replace(/^\/api/, '');
      if (path === '/auth/me') return Response.json(testProfile({ hasApiKey }));
      if (path.startsWith('/images/')) return images(path);
      return Response.json(path.endsWith('/subjects') ? [equations, fractions] : course);
    });
  }

  describe('Update Subjects', () => {
    const geometry: Subject = { ...equations, id: 's2', name: 'Geometry' };
    const counts = { subjects: 2, chapters: 8, topics: 24, lessons: 20 };

    function stubRegeneration(generate: () => Response = () => Response.json([equations])) {
      return stubFetch((url, init) => {
        if (init.method === 'POST') return generate();
        if (url.endsWith('/counts')) return Response.json(counts);
        return Response.json(url.endsWith('/subjects') ? [equations, geometry] : course);
      });
    }
    const generateRequests = (spy: ReturnType<typeof stubFetch>) =>
      spy.mock.calls.filter(([url]) => url.endsWith('/generate_subjects'));

    it('asks first, saying how many subjects, chapters, topics and lessons it replaces; Cancel sends nothing', async () => {
      const fetchSpy = stubRegeneration();
      const user = renderPage();
      await user.click(await screen.findByRole('button', { name: 'Update Subjects' }));
      const dialog = screen.getByRole('dialog', { name: 'Regenerate subjects?' });
      expect(
        await within(dialog).findByText(
          'This replaces the 2 subjects of this course, with their 8 chapters, 24 topics and 20 lessons. They cannot be restored.',
        ),
      ).toBeVisible();
      expect(fetchSpy.mock.calls.some(([url]) => url.endsWith('/courses/c1/counts'))).toBe(true);
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(generateRequests(fetchSpy)).toHaveLength(0);
    });

    it('regenerates once confirmed and closes the confirmation', async () => {
      const fetchSpy = stubRegeneration();
      const user = renderPage();
      await user.click(await screen.findByRole('button', { name: 'Update Subjects' }));
      const dialog = screen.getByRole('dialog', { name: 'Regenerate subjects?' });
      await user.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(generateRequests(fetchSpy)).toHaveLength(1);
      expect(generateRequests(fetchSpy)[0]?.[1]?.method).toBe('POST');
    });

    it('keeps the confirmation open with the failure’s message', async () => {
      stubRegeneration(() =>
        Response.json({ error: 'This is already being generated.' }, { status: 409 }),
      );
      const user = renderPage();
      await user.click(await screen.findByRole('button', { name: 'Update Subjects' }));
      const dialog = screen.getByRole('dialog', { name: 'Regenerate subjects?' });
      await user.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
      expect(await within(dialog).findByText('This is already being generated.')).toBeVisible();
      expect(within(dialog).getByRole('button', { name: 'Regenerate' })).toBeEnabled();
    });
  });

  it('offers no image buttons without an API key', async () => {
    stubImagesApi({ hasApiKey: false });
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Fractions' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Generate Images' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Generate image for Equations' }),
    ).not.toBeInTheDocument();
  });

  it('draws one subject’s cover, and says which message when it fails', async () => {
    let answer = Response.json({ image_url: '/api/files/cover.png?t=1' });
    const fetchSpy = stubImagesApi({ images: () => answer });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Generate image for Equations' }));
    await waitFor(() =>
      expect(fetchSpy.mock.calls.map(([url]) => url)).toContain(
        '/api/images/courses/c1/subjects/s1/generate',
      ),
    );
    answer = Response.json({ error: 'no key', code: 'GEMINI_KEY_MISSING' }, { status: 403 });
    await user.click(screen.getByRole('button', { name: 'Generate image for Fractions' }));
    expect(await screen.findByText(API_KEY_NEEDED)).toBeVisible();
    answer = Response.json({ error: 'boom' }, { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Generate image for Fractions' }));
    expect(await screen.findByText(IMAGE_TEXT.failed)).toBeVisible();
  });

  it('draws every cover in bulk and reports the subjects that failed', async () => {
    let answer = Response.json({
      results: [{ id: 's1', image_url: '/api/files/a.png?t=1' }],
      failed: [{ id: 's2', error: 'Gemini is not available right now. Please try again.' }],
    });
    stubImagesApi({ images: () => answer });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Generate Images' }));
    expect(await screen.findByText(IMAGE_TEXT.partlyFailed(1, 2))).toBeVisible();
    expect(IMAGE_TEXT.partlyFailed(1, 2)).toBe(
      '1 of 2 subject images could not be generated. Please try again.',
    );
    answer = Response.json({ error: 'boom' }, { status: 502 });
    await user.click(screen.getByRole('button', { name: 'Generate Images' }));
    expect(await screen.findByText(IMAGE_TEXT.bulkFailed)).toBeVisible();
  });

  it('shows the busy label and disables the cover buttons while drawing in bulk', async () => {
    let finish: (response: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => (finish = resolve));
    stubImagesApi({ images: () => pending });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Generate Images' }));
    expect(await screen.findByRole('button', { name: 'Generating Images...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Generate image for Equations' })).toBeDisabled();
    finish(Response.json({ results: [] }));
    expect(await screen.findByRole('button', { name: 'Generate Images' })).toBeEnabled();
  });
});

describe('SubjectsPage order', () => {
  const geometry: Subject = { ...equations, id: 's2', name: 'Geometry', description: null };

  const cardTitles = () =>
    screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

  it('moves a subject with Move down at once, sends the whole order and offers Undo', async () => {
    let answer: (response: Response) => void = () => {};
    const saved = new Promise<Response>((resolve) => (answer = resolve));
    const fetchSpy = stubApi([equations, geometry], () => saved);
    const user = renderPage();
    expect(await screen.findByRole('button', { name: 'Reorder Equations' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'More actions for Equations' }));
    await user.click(screen.getByRole('menuitem', { name: 'Move down' }));
    // The new order shows while the server has not answered yet.
    await waitFor(() => expect(cardTitles()).toEqual(['Geometry', 'Equations']));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeVisible();
    answer(Response.json([geometry, equations]));
    await waitFor(() =>
      expect(fetchSpy).toHaveBeenCalledWith(
        '/api/courses/c1/subjects/order',
        expect.objectContaining({ method: 'PUT', body: JSON.stringify({ ids: ['s2', 's1'] }) }),
      ),
    );
  });

  it('puts the subjects back in their order when saving fails', async () => {
    stubApi([equations, geometry], () => Response.json({ error: 'boom' }, { status: 500 }));
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'More actions for Geometry' }));
    await user.click(screen.getByRole('menuitem', { name: 'Move up' }));
    expect(
      await screen.findByText('The new order could not be saved. Please try again.'),
    ).toBeVisible();
    expect(cardTitles()).toEqual(['Equations', 'Geometry']);
  });
});

describe('SubjectsPage, Course settings', () => {
  const stored = {
    audience: 'first-year engineering students',
    level: 'Advanced',
    language: 'Español',
    tone: 'Academic',
    lesson_length: 'Long',
    require_quiz_pass: true,
    pass_mark: 70,
  } as const;

  /** A course with `stored` settings; a PUT answers `write` (by default, what it was sent). */
  function stubSettingsApi(write?: () => Response | Promise<Response>) {
    return stubFetch(async (url, init) => {
      if (init.method === 'PUT') {
        if (write) return write();
        return Response.json({ ...course, settings: JSON.parse(String(init.body)) });
      }
      return Response.json(url.endsWith('/subjects') ? [] : { ...course, settings: stored });
    });
  }

  async function openDialog(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: 'Course settings' }));
    return screen.getByRole('dialog', { name: 'Course settings' });
  }

  it('shows the stored settings and saves the changed ones with one PUT', async () => {
    const fetchSpy = stubSettingsApi();
    const user = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Algebra Subjects' });
    const dialog = await openDialog(user);
    const field = (role: string, name: string) => within(dialog).getByRole(role, { name });
    expect(field('textbox', 'Audience')).toHaveValue(stored.audience);
    expect(field('combobox', 'Level')).toHaveValue('Advanced');
    expect(field('textbox', 'Language')).toHaveValue('Español');
    expect(field('combobox', 'Tone')).toHaveValue('Academic');
    expect(field('combobox', 'Lesson length')).toHaveValue('Long');
    expect(field('checkbox', QUIZ_MESSAGES.requireQuizPass)).toBeChecked();
    expect(field('spinbutton', 'Pass mark')).toHaveValue(70);

    await user.clear(field('spinbutton', 'Pass mark'));
    await user.type(field('spinbutton', 'Pass mark'), '100');
    await user.selectOptions(field('combobox', 'Level'), 'Intermediate');
    await user.click(field('checkbox', QUIZ_MESSAGES.requireQuizPass));
    await user.clear(field('combobox', 'Tone'));
    await user.type(field('combobox', 'Tone'), 'Warm');
    await user.click(within(dialog).getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = fetchSpy.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/api/courses/c1/settings');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      ...stored,
      level: 'Intermediate',
      tone: 'Warm',
      require_quiz_pass: false,
      pass_mark: 100,
    });
    // The cached course now holds the saved settings.
    const reopened = await openDialog(user);
    expect(within(reopened).getByRole('combobox', { name: 'Level' })).toHaveValue('Intermediate');
    expect(
      within(reopened).getByRole('checkbox', { name: QUIZ_MESSAGES.requireQuizPass }),
    ).not.toBeChecked();
    expect(within(reopened).getByRole('spinbutton', { name: 'Pass mark' })).toHaveValue(100);
  });

  it('reads Saving... with both buttons disabled, and keeps the dialog with the reason on failure', async () => {
    let answer: (response: Response) => void = () => {};
    stubSettingsApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    onTestFinished(() => logged.mockRestore());
    const user = renderPage();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save Settings' }));
    expect(within(dialog).getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    answer(
      Response.json(
        { error: 'level: Level must be Beginner, Intermediate or Advanced' },
        { status: 400 },
      ),
    );
    expect(
      await within(dialog).findByText('level: Level must be Beginner, Intermediate or Advanced'),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Save Settings' })).toBeEnabled();
    expect(within(dialog).getByRole('textbox', { name: 'Language' })).toHaveValue('Español');
  });

  it('checks the fields before sending, and Cancel closes without saving', async () => {
    const fetchSpy = stubSettingsApi();
    const user = renderPage();
    const dialog = await openDialog(user);
    await user.clear(within(dialog).getByRole('textbox', { name: 'Language' }));
    const passMark = within(dialog).getByRole('spinbutton', { name: 'Pass mark' });
    await user.clear(passMark);
    await user.type(passMark, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save Settings' }));
    expect(await within(dialog).findByText('Language is required')).toBeVisible();
    expect(passMark).toHaveAccessibleDescription(COURSE_SETTINGS_MESSAGES.passMark);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });
});
