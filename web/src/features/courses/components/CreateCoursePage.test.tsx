import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '../../../testing/test-session';
import { COURSE_TEXT } from '../course-messages';
import { CreateCoursePage } from './CreateCoursePage';
import { sentRequest, stubFetch } from '../../../testing/fetch-stub';

afterEach(() => vi.unstubAllGlobals());

describe('CreateCoursePage, by hand', () => {
  it('requires a name, then creates the course and goes to /courses', async () => {
    const fetchSpy = stubFetch(() =>
      Response.json(
        { id: 'c1', name: 'Algebra', description: '', image_url: null, has_subjects: false },
        { status: 201 },
      ),
    );
    const { router } = renderInRouter(<CreateCoursePage />, {
      session: 'user',
      path: '/create-course',
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create Course' }));
    expect(screen.getByText(COURSE_TEXT.nameRequired)).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Course Name'), '  Algebra ');
    await user.click(screen.getByRole('button', { name: 'Create Course' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses'));
    const { url, body } = sentRequest(fetchSpy);
    expect(url).toBe('/api/courses/create-manual');
    expect(body).toEqual({ name: 'Algebra', description: '' });
  });

  it('shows the server error, else the fallback', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 500 })),
    );
    renderInRouter(<CreateCoursePage />, { session: 'user', path: '/create-course' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Course Name'), 'Algebra');
    await user.click(screen.getByRole('button', { name: 'Create Course' }));
    expect(await screen.findByText(COURSE_TEXT.createFailed)).toBeInTheDocument();
  });
});
