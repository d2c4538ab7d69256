import { SOURCE_MESSAGES } from '@coursecraft/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userKey } from '../../../../lib/user-query';
import { fakeOutlineApi } from '../../../../testing/fake-outline-api';
import { TEST_USER, renderWithRouter } from '../../../../testing/test-session';
import { courseTreeKeys } from '../../lib/keys';
import { TopicContentPage } from './TopicContentPage';

function stubApi(introContent = '# Welcome\n\nThe area is $\\pi r^2$.') {
  fakeOutlineApi([
    {
      id: 'ch1',
      name: 'Basics',
      topics: [
        {
          id: 't1',
          name: 'Intro',
          has_content: true,
          content: introContent,
        },
        { id: 't2', name: 'Middle', has_content: false },
        { id: 't3', name: 'End', has_content: false },
      ],
    },
  ]);
}

const BASE = '/courses/c1/subjects/s1/chapters/ch1/topics';
const renderAt = (topicId: string) =>
  renderWithRouter(
    [
      {
        path: '/courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/content',
        element: <TopicContentPage />,
      },
    ],
    { session: 'user', path: `${BASE}/${topicId}/content` },
  );

afterEach(() => vi.unstubAllGlobals());

describe('TopicContentPage', () => {
  it('renders the lesson with breadcrumb, disabled Previous at the start and numbered chips', async () => {
    stubApi();
    const { container } = renderAt('t1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Intro' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(container.querySelector('.katex')).not.toBeNull();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'Home/Courses/Geometry/Basics/Intro',
    );
    expect(screen.getByRole('link', { name: 'All Topics' })).toHaveAttribute(
      'href',
      '/courses/c1/subjects/s1/content',
    );
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute(
      'href',
      '/courses/c1/subjects/s1/content/t2',
    );
    const chips = screen.getAllByRole('link', { name: /^\d\. / });
    expect(chips.map((chip) => chip.textContent)).toEqual(['1', '2', '3']);
    expect(chips[0]).toHaveAttribute('aria-current', 'page');
  });

  it('offers History for a lesson, not for a topic that never had one', async () => {
    stubApi();
    const user = userEvent.setup();
    const { unmount } = renderAt('t1');
    await screen.findByRole('heading', { name: 'Welcome' });
    await user.click(screen.getByRole('button', { name: 'History' }));
    const history = await screen.findByRole('dialog', { name: /^History\s*Intro$/ });
    const versions = await within(history).findByRole('list', { name: 'Versions' });
    expect(within(versions).getAllByRole('button')).toHaveLength(1);
    expect(within(versions).getByRole('button')).toHaveTextContent(/Edited.*Current/);
    expect(within(history).getByRole('button', { name: 'Restore' })).toBeDisabled();
    unmount();

    stubApi();
    renderAt('t3');
    expect(await screen.findByText('No content available for this topic yet.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'History' })).toBeNull());
  });

  it('shows the empty state and disables Next at the end', async () => {
    stubApi();
    renderAt('t3');
    expect(await screen.findByText('No content available for this topic yet.')).toBeInTheDocument();
    expect(
      screen.getByText('Click "Generate Content" to create content for this topic.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute(
      'href',
      '/courses/c1/subjects/s1/content/t2',
    );
  });

  it('generates a lesson for a topic without one, reading Processing... while it works', async () => {
    stubApi();
    const { queryClient } = renderAt('t3');
    const versionsKey = userKey(
      TEST_USER.uid,
      courseTreeKeys.lessonVersions({
        courseId: 'c1',
        subjectId: 's1',
        chapterId: 'ch1',
        topicId: 't3',
      }),
    );
    const user = userEvent.setup();
    expect(await screen.findByText('No content available for this topic yet.')).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryData(versionsKey)).toEqual([]));
    await user.click(screen.getByRole('button', { name: 'Generate Content' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'End' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Update Content' })).toBeEnabled();
    // The generated lesson is a new version: History shows it.
    await waitFor(() => {
      const state = queryClient.getQueryState<unknown[]>(versionsKey);
      expect(state?.isInvalidated || (state?.data?.length ?? 0) > 0).toBe(true);
    });
    await user.click(screen.getByRole('button', { name: 'History' }));
    const history = await screen.findByRole('dialog', { name: /^History\s*End$/ });
    const versions = await within(history).findByRole('list', { name: 'Versions' });
    expect(within(versions).getByRole('button')).toHaveTextContent(/Generated.*Current/);
  });

  it('discards the streamed text when the stream ends with an error, showing the lesson it had', async () => {
    let endStream = () => {};
    const after = new Promise<void>((resolve) => (endStream = resolve));
    const cutOff =
      'The lesson was cut off before it ended. Please try again or shorten the lesson length.';
    fakeOutlineApi(
      [
        {
          id: 'ch1',
          name: 'Basics',
          topics: [{ id: 't1', name: 'Intro', has_content: true, content: '# Welcome' }],
        },
      ],
      { streamFailure: { status: 502, error: cutOff, code: 'GEMINI_CUT_OFF', after } },
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('t1');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Welcome' });
    await user.click(screen.getByRole('button', { name: 'Update Content' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Intro' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome' })).toBeNull();

    endStream();
    expect(await screen.findByText(cutOff)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Intro' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Update Content' })).toBeEnabled();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it('shows the checked lesson in place of the streamed one and says how many citations were removed', async () => {
    fakeOutlineApi(
      [{ id: 'ch1', name: 'Basics', topics: [{ id: 't1', name: 'Intro', has_content: false }] }],
      {
        checked: {
          content: '# Checked lesson\n\nKept what the sources say.',
          removed_citations: 2,
        },
      },
    );
    renderAt('t1');
    const user = userEvent.setup();
    await screen.findByText('No content available for this topic yet.');
    await user.click(screen.getByRole('button', { name: 'Generate Content' }));
    await screen.findByRole('heading', { name: 'Checked lesson' });
    expect(screen.queryByRole('heading', { level: 2, name: 'Intro' })).toBeNull();
    const message = screen
      .getAllByRole('status')
      .find((item) => item.textContent?.includes('citations'));
    expect(message).toHaveTextContent(
      '2 citations could not be checked against your sources and were removed.',
    );
    await user.click(within(message as HTMLElement).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText(/could not be checked/)).toBeNull();
  });

  it("reads again what other features derive from the course's lessons once a lesson is stored", async () => {
    stubApi();
    const { queryClient } = renderAt('t3');
    const derived = userKey(TEST_USER.uid, [...courseTreeKeys.fromLessons('c1'), 'changed']);
    queryClient.setQueryData(derived, { lessons: [] });
    const user = userEvent.setup();
    await screen.findByText('No content available for this topic yet.');
    expect(queryClient.getQueryState(derived)?.isInvalidated).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Generate Content' }));
    await screen.findByRole('button', { name: 'Update Content' });
    await waitFor(() => expect(queryClient.getQueryState(derived)?.isInvalidated).toBe(true));
  });

  it('says nothing about citations when the check removed none', async () => {
    fakeOutlineApi(
      [{ id: 'ch1', name: 'Basics', topics: [{ id: 't1', name: 'Intro', has_content: false }] }],
      { checked: { content: '# All cited\n\nEvery quote was found.', removed_citations: 0 } },
    );
    renderAt('t1');
    const user = userEvent.setup();
    await screen.findByText('No content available for this topic yet.');
    await user.click(screen.getByRole('button', { name: 'Generate Content' }));
    await screen.findByRole('heading', { name: 'All cited' });
    expect(await screen.findByRole('button', { name: 'Update Content' })).toBeEnabled();
    expect(screen.queryByText(/could not be checked/)).toBeNull();
  });

  it("shows the server's words when generation waits for the sources to be read (409)", async () => {
    fakeOutlineApi(
      [{ id: 'ch1', name: 'Basics', topics: [{ id: 't1', name: 'Intro', has_content: false }] }],
      {
        generationFailure: {
          status: 409,
          error: SOURCE_MESSAGES.stillReading,
          code: 'SOURCES_READING',
        },
      },
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('t1');
    const user = userEvent.setup();
    await screen.findByText('No content available for this topic yet.');
    await user.click(screen.getByRole('button', { name: 'Generate Content' }));
    expect(
      await screen.findByText(
        'Your sources are still being read. Please wait until they are Ready.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('No content available for this topic yet.')).toBeInTheDocument();
    logged.mockRestore();
  });

  it('redraws the lesson 100 ms and 500 ms after it shows, and offers the refresh link for cases', async () => {
    stubApi('# Welcome\n\n$$\nf(x) = \\begin{cases} 1 & x > 0 \\\\ 0 & x \\le 0 \\end{cases}\n$$');
    const { container } = renderAt('t1');
    const user = userEvent.setup();
    const heading = await screen.findByRole('heading', { name: 'Welcome' }, { timeout: 5000 });
    expect(container.querySelector('.katex-display')).not.toBeNull();
    // Each refresh pass remounts the lesson, so the first heading element is replaced.
    await waitFor(() => expect(heading).not.toBeInTheDocument());
    const redrawn = screen.getByRole('heading', { name: 'Welcome' });
    const link = screen.getByRole('button', {
      name: 'Equations not rendering correctly? Click here to refresh.',
    });
    await waitFor(() => expect(redrawn).not.toBeInTheDocument());
    const settled = screen.getByRole('heading', { name: 'Welcome' });
    await user.click(link);
    expect(settled).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
  });

  it('offers no refresh link without a cases equation', async () => {
    stubApi();
    renderAt('t1');
    expect(
      await screen.findByRole('heading', { name: 'Welcome' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /Equations not rendering/ })).toBeNull();
  });
});
