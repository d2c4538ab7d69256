import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeOutlineApi } from '../../../testing/fake-outline-api';
import { renderWithRouter } from '../../../testing/test-session';
import { SubjectsChaptersPage } from './SubjectsChaptersPage';

afterEach(() => vi.unstubAllGlobals());

describe('SubjectsChaptersPage', () => {
  it('shows subjects, then the chosen subject’s chapters, then the chosen chapter’s topics', async () => {
    const user = userEvent.setup();
    fakeOutlineApi([
      { id: 'ch1', name: 'Points', topics: [] },
      {
        id: 'ch2',
        name: 'Triangles',
        topics: [{ id: 't1', name: 'Angles', has_content: false }],
      },
    ]);
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
});
