import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORDER_TEXT } from '../../lib/messages';
import { sentRequest } from '../../../../testing/fetch-stub';
import { fakeOutlineApi, type FakeChapter } from '../../../../testing/fake-outline-api';
import { renderWithRouter } from '../../../../testing/test-session';
import { CourseOutlinePage } from './CourseOutlinePage';

const BASE = '/courses/c1/subjects/s1/content';
const SUBJECT = '/api/courses/c1/subjects/s1';

function course(): FakeChapter[] {
  return [
    {
      id: 'ch1',
      name: 'Limits',
      topics: [
        { id: 't1', name: 'Slopes', has_content: true, content: '## Slopes' },
        { id: 't2', name: 'Tangents', has_content: false },
        { id: 't3', name: 'Rates', has_content: false },
      ],
    },
    { id: 'ch2', name: 'Integrals', topics: [] },
  ];
}

function renderOutline(options: Parameters<typeof fakeOutlineApi>[1] = {}) {
  const api = fakeOutlineApi(course(), options);
  const view = renderWithRouter(
    [
      {
        path: 'courses/:courseId/subjects/:subjectId/content/:topicId?',
        element: <CourseOutlinePage />,
      },
    ],
    { session: 'user', path: BASE },
  );
  return { api, view, user: userEvent.setup() };
}

const topicNames = () =>
  within(screen.getByRole('list', { name: 'Topics of Limits' }))
    .getAllByRole('button', { name: /^Reorder / })
    .map((handle) => handle.getAttribute('aria-label')?.replace('Reorder ', ''));

/** The index of the first request `METHOD path` among those the page sent. */
function requestIndex(api: ReturnType<typeof fakeOutlineApi>, request: string) {
  return api.requests().indexOf(request);
}

afterEach(() => vi.unstubAllGlobals());

describe('CourseOutlinePage order', () => {
  it('gives every chapter and topic a named drag handle and More actions', async () => {
    renderOutline();
    expect(await screen.findByRole('button', { name: 'Reorder Tangents' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reorder Limits' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reorder Integrals' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'More actions for topic Tangents' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'More actions for chapter Limits' })).toBeVisible();
  });

  it('moves a topic down at once, saves the whole order, and Undo puts it back', async () => {
    const { api, user } = renderOutline();
    await user.click(await screen.findByRole('button', { name: 'More actions for topic Slopes' }));
    await user.click(screen.getByRole('menuitem', { name: 'Move down' }));
    expect(topicNames()).toEqual(['Tangents', 'Slopes', 'Rates']);
    expect(await screen.findByText(ORDER_TEXT.moved)).toBeVisible();
    await waitFor(() =>
      expect(
        requestIndex(api, '/courses/c1/subjects/s1/chapters/ch1/topics/order'.replace(/^/, 'PUT ')),
      ).toBeGreaterThan(-1),
    );
    const put = sentRequest(
      api.spy,
      requestIndex(api, 'PUT /courses/c1/subjects/s1/chapters/ch1/topics/order'),
    );
    expect(put.url).toBe(`${SUBJECT}/chapters/ch1/topics/order`);
    expect(put.body).toEqual({ ids: ['t2', 't1', 't3'] });

    await user.click(screen.getByRole('button', { name: ORDER_TEXT.undo }));
    expect(topicNames()).toEqual(['Slopes', 'Tangents', 'Rates']);
    expect(await screen.findByText(ORDER_TEXT.undone)).toBeVisible();
    await waitFor(() =>
      expect(api.chapters[0]?.topics.map((topic) => topic.id)).toEqual(['t1', 't2', 't3']),
    );
  });

  it('puts the order back and says why when saving fails', async () => {
    const error = 'The order must list exactly the current items; reload the page and try again.';
    const { user } = renderOutline({ orderFailure: { status: 400, error } });
    await user.click(await screen.findByRole('button', { name: 'More actions for topic Rates' }));
    await user.click(screen.getByRole('menuitem', { name: 'Move up' }));
    expect(await screen.findByText(error)).toBeVisible();
    expect(topicNames()).toEqual(['Slopes', 'Tangents', 'Rates']);
    expect(screen.queryByRole('button', { name: ORDER_TEXT.undo })).not.toBeInTheDocument();
  });

  it('offers no Move up for the first item and no Move down for the last', async () => {
    const { user } = renderOutline();
    await user.click(
      await screen.findByRole('button', { name: 'More actions for chapter Limits' }),
    );
    expect(screen.getByRole('menuitem', { name: 'Move up' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(screen.getByRole('menuitem', { name: 'Move down' }));
    const chapters = within(screen.getByRole('list', { name: 'Chapters' }));
    await waitFor(() =>
      expect(
        chapters
          .getAllByRole('button', { name: /^Reorder (Limits|Integrals)$/ })
          .map((handle) => handle.getAttribute('aria-label')),
      ).toEqual(['Reorder Integrals', 'Reorder Limits']),
    );
  });

  it('moves the selected topic to another chapter with Move to chapter…, and the lesson follows', async () => {
    const { api, view, user } = renderOutline();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Slopes' }, { timeout: 5000 }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'More actions for topic Slopes' }));
    await user.click(screen.getByRole('menuitem', { name: 'Move to chapter…' }));
    const dialog = screen.getByRole('dialog', { name: 'Move Slopes to chapter' });
    expect(within(dialog).getByRole('radio', { name: 'Limits (current)' })).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Integrals' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));

    expect(await screen.findByText(ORDER_TEXT.moved)).toBeVisible();
    await waitFor(() => expect(api.chapters[1]?.topics.map((topic) => topic.id)).toEqual(['t1']));
    const move = sentRequest(
      api.spy,
      requestIndex(api, 'POST /courses/c1/subjects/s1/chapters/ch1/topics/t1/move'),
    );
    expect(move.body).toMatchObject({ chapter_id: 'ch2' });
    // The page follows the topic into its new chapter and still shows its lesson.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Integrals$/ })).toHaveAttribute(
        'aria-expanded',
        'true',
      ),
    );
    expect(view.router.state.location.pathname).toBe(`${BASE}/t1`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Slopes' })).toBeVisible();
    expect(await screen.findByRole('heading', { level: 2, name: 'Slopes' })).toBeVisible();
  }, 15_000);
});
