import type { Subject } from '@coursecraft/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../../testing/test-session';
import { SUBJECT_TEXT } from '../course-messages';
import { SubjectsPage } from './SubjectsPage';

const course = { id: 'c1', name: 'Algebra', description: '', image_url: null, has_subjects: true };
const equations: Subject = {
  id: 's1',
  name: 'Equations',
  description: 'Solving for x',
  image_url: null,
  has_chapters: false,
};

function stubApi(subjects: Subject[], write: () => Response = () => Response.json(equations)) {
  const fetchSpy = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method && init.method !== 'GET') return write();
    return Response.json(url.endsWith('/subjects') ? subjects : course);
  });
  vi.stubGlobal('fetch', fetchSpy);
  return fetchSpy;
}

function renderPage() {
  renderWithRouter([{ path: '/courses/:courseId/subjects', element: <SubjectsPage /> }], {
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

  it('reports failed edits and deletes with the spec messages', async () => {
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
