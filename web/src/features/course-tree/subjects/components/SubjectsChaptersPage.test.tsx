import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeOutlineApi, type FakeChapter } from '../../../../testing/fake-outline-api';
import { renderWithRouter } from '../../../../testing/test-session';
import { SubjectsChaptersPage } from './SubjectsChaptersPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PATH = '/courses/c1/subjects-chapters';

function renderScreen(chapters: FakeChapter[], options: Parameters<typeof fakeOutlineApi>[1] = {}) {
  const api = fakeOutlineApi(chapters, options);
  const view = renderWithRouter(
    [
      { path: 'courses/:courseId/subjects-chapters', element: <SubjectsChaptersPage /> },
      { path: 'courses/:courseId/subjects/:subjectId/content/:topicId', element: <p>Outline</p> },
    ],
    { session: 'user', path: PATH },
  );
  const generated = () => api.requests().filter((request) => request.includes('/generate_'));
  return { api, generated, ...view, user: userEvent.setup() };
}

/** Holds every generation request until `release` is called, to see the busy labels. */
function holdGenerations(api: ReturnType<typeof fakeOutlineApi>) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const answer = api.spy.getMockImplementation();
  api.spy.mockImplementation(async (url, init) => {
    if (url.includes('/generate_')) await gate;
    return answer ? answer(url, init) : Response.error();
  });
  return () => release();
}

const points: FakeChapter = { id: 'ch1', name: 'Points', topics: [] };
const triangles: FakeChapter = {
  id: 'ch2',
  name: 'Triangles',
  topics: [{ id: 't1', name: 'Angles', has_content: false }],
};

describe('SubjectsChaptersPage', () => {
  it('shows subjects, then the chosen subject’s chapters, then the chosen chapter’s topics', async () => {
    const user = userEvent.setup();
    // An author without a key: with one, viewing the empty chapter would generate its topics.
    fakeOutlineApi(
      [
        { id: 'ch1', name: 'Points', topics: [] },
        {
          id: 'ch2',
          name: 'Triangles',
          topics: [{ id: 't1', name: 'Angles', has_content: false }],
        },
      ],
      { hasApiKey: false },
    );
    const { router } = renderWithRouter(
      [
        { path: 'courses/:courseId/subjects-chapters', element: <SubjectsChaptersPage /> },
        { path: 'courses/:courseId/subjects/:subjectId/content/:topicId', element: <p>Outline</p> },
      ],
      { session: 'user', path: '/courses/c1/subjects-chapters' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Geometry' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'Home/Courses/Geometry/Subjects and Chapters',
    );
    expect(screen.getByText('Please select a subject to view its chapters.')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'View Chapters' }));
    const chapters = await screen.findByRole('region', { name: 'Chapters of Shapes' });
    expect(within(chapters).getByText('Points')).toBeInTheDocument();
    const viewTopics = within(chapters).getAllByRole('button', { name: 'View Topics' });
    expect(viewTopics).toHaveLength(2);

    await user.click(viewTopics[0]!);
    expect(
      await within(await screen.findByRole('region', { name: 'Topics of Points' })).findByText(
        'No topics yet.',
      ),
    ).toBeInTheDocument();

    await user.click(viewTopics[1]!);
    const topic = await screen.findByRole('link', { name: 'Angles' });
    expect(topic).toHaveAttribute('href', '/courses/c1/subjects/s1/content/t1');
    await user.click(topic);
    expect(await screen.findByText('Outline')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/courses/c1/subjects/s1/content/t1');
    expect(router.state.location.state).toEqual({ chapterId: 'ch2' });
  });

  it('offers Generate Chapters for a subject without chapters, then View Chapters and Update', async () => {
    const { user, generated } = renderScreen([]);
    const subjects = await screen.findByRole('region', { name: 'Subjects' });
    const generate = await within(subjects).findByRole('button', { name: 'Generate Chapters' });
    expect(within(subjects).queryByRole('button', { name: 'View Chapters' })).toBeNull();
    expect(generate).toHaveAccessibleDescription('Shapes');

    await user.click(generate);
    const chapters = await screen.findByRole('region', { name: 'Chapters of Shapes' });
    expect(await within(chapters).findByText('Generated chapter A')).toBeInTheDocument();
    expect(within(subjects).getByRole('button', { name: 'View Chapters' })).toBeEnabled();
    expect(within(subjects).getByRole('button', { name: 'Update' })).toBeEnabled();
    expect(within(chapters).getAllByRole('button', { name: 'Generate Topics' })).toHaveLength(2);
    expect(within(chapters).getAllByRole('button', { name: 'View Topics' })).toHaveLength(2);
    expect(generated()).toEqual(['POST /courses/c1/subjects/s1/generate_chapters']);
  });

  it('reads Generating... and Updating... with the buttons disabled while Gemini works', async () => {
    const { api, user } = renderScreen([]);
    let release = holdGenerations(api);
    await user.click(await screen.findByRole('button', { name: 'Generate Chapters' }));
    expect(await screen.findByRole('button', { name: 'Generating...' })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Update' })).toBeEnabled();
    release = holdGenerations(api);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const dialog = screen.getByRole('dialog', { name: 'Regenerate chapters?' });
    expect(
      await within(dialog).findByText(
        'This replaces the 2 chapters of Shapes. They cannot be restored.',
      ),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    expect(within(dialog).getByRole('button', { name: 'Regenerating...' })).toBeDisabled();
    // The page behind the open dialog is hidden from the accessibility tree.
    const hidden = { hidden: true };
    expect(screen.getByRole('button', { name: 'Updating...', ...hidden })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'View Chapters', ...hidden })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Update' })).toBeEnabled();
  });

  it('View Topics on a chapter without topics generates them first, then shows them', async () => {
    const { user, generated } = renderScreen([points, triangles]);
    await user.click(await screen.findByRole('button', { name: 'View Chapters' }));
    const chapters = await screen.findByRole('region', { name: 'Chapters of Shapes' });
    const [viewPoints] = within(chapters).getAllByRole('button', { name: 'View Topics' });
    await user.click(viewPoints!);
    const topics = await screen.findByRole('region', { name: 'Topics of Points' });
    expect(await within(topics).findByRole('link', { name: 'Generated topic 1' })).toBeVisible();
    expect(generated()).toEqual(['POST /courses/c1/subjects/s1/chapters/ch1/generate_topics']);
    await waitFor(() =>
      expect(within(chapters).getAllByRole('button', { name: 'Update Topics' })).toHaveLength(2),
    );
  });

  it('View Topics on a chapter with topics only shows them', async () => {
    const { user, generated } = renderScreen([points, triangles]);
    await user.click(await screen.findByRole('button', { name: 'View Chapters' }));
    const chapters = await screen.findByRole('region', { name: 'Chapters of Shapes' });
    await user.click(within(chapters).getAllByRole('button', { name: 'View Topics' })[1]!);
    expect(await screen.findByRole('link', { name: 'Angles' })).toBeVisible();
    expect(generated()).toEqual([]);
  });

  it('Update Topics re-lists a chapter’s topics and Generate Topics lists an empty one', async () => {
    const { api, user, generated } = renderScreen([points, triangles]);
    await user.click(await screen.findByRole('button', { name: 'View Chapters' }));
    const chapters = await screen.findByRole('region', { name: 'Chapters of Shapes' });
    const release = holdGenerations(api);
    await user.click(within(chapters).getByRole('button', { name: 'Update Topics' }));
    const dialog = screen.getByRole('dialog', { name: 'Regenerate topics?' });
    expect(
      await within(dialog).findByText(
        'This replaces the 1 topic of Triangles. It cannot be restored.',
      ),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    expect(within(dialog).getByRole('button', { name: 'Regenerating...' })).toBeDisabled();
    const hidden = { hidden: true };
    expect(within(chapters).getByRole('button', { name: 'Updating...', ...hidden })).toBeDisabled();
    expect(
      screen.getByRole('progressbar', { name: 'Generating topics', ...hidden }),
    ).toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const topics = await screen.findByRole('region', { name: 'Topics of Triangles' });
    expect(await within(topics).findByRole('link', { name: 'Generated topic 1' })).toBeVisible();
    expect(within(topics).queryByRole('link', { name: 'Angles' })).toBeNull();

    await user.click(within(chapters).getByRole('button', { name: 'Generate Topics' }));
    expect(
      await within(await screen.findByRole('region', { name: 'Topics of Points' })).findByRole(
        'link',
        { name: 'Generated topic 1' },
      ),
    ).toBeVisible();
    expect(generated()).toEqual([
      'POST /courses/c1/subjects/s1/chapters/ch2/generate_topics',
      'POST /courses/c1/subjects/s1/chapters/ch1/generate_topics',
    ]);
  });

  it('a topic opens its lesson on the outline page', async () => {
    const { user, router } = renderScreen([points, triangles]);
    await user.click(await screen.findByRole('button', { name: 'View Chapters' }));
    await user.click(
      within(await screen.findByRole('region', { name: 'Chapters of Shapes' })).getAllByRole(
        'button',
        { name: 'View Topics' },
      )[1]!,
    );
    await user.click(await screen.findByRole('link', { name: 'Angles' }));
    expect(await screen.findByText('Outline')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/courses/c1/subjects/s1/content/t1');
  });

  it('shows a failed chapter generation in an alert and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderScreen([], { generationFailure: { status: 500, error: 'boom' } });
    await user.click(await screen.findByRole('button', { name: 'Generate Chapters' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to generate chapters. Please try again.',
    );
    expect(logged).toHaveBeenCalledWith(
      'Failed to generate chapters. Please try again.',
      expect.anything(),
    );
    expect(screen.getByRole('button', { name: 'Generate Chapters' })).toBeEnabled();
  });

  it('shows the API key message when topic generation is refused', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderScreen([points], {
      generationFailure: { status: 403, error: 'Forbidden', code: 'GEMINI_KEY_MISSING' },
    });
    await user.click(await screen.findByRole('button', { name: 'View Chapters' }));
    await user.click(await screen.findByRole('button', { name: 'Generate Topics' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You need to set your Google API key in your profile first.',
    );
    expect(screen.getByRole('button', { name: 'Generate Topics' })).toBeEnabled();
  });

  it('shows a failed topic generation with its own message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderScreen([points], {
      generationFailure: { status: 500, error: 'boom' },
    });
    await user.click(await screen.findByRole('button', { name: 'View Chapters' }));
    await user.click(await screen.findByRole('button', { name: 'View Topics' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to generate topics. Please try again.',
    );
    expect(await screen.findByText('No topics yet.')).toBeInTheDocument();
  });

  it('does not generate topics when viewing an empty chapter without a key', async () => {
    const { user, generated } = renderScreen([points], { hasApiKey: false });
    await user.click(await screen.findByRole('button', { name: 'View Chapters' }));
    await user.click(await screen.findByRole('button', { name: 'View Topics' }));
    expect(await screen.findByText('No topics yet.')).toBeInTheDocument();
    expect(generated()).toEqual([]);
  });
});
