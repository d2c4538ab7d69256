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

describe('CreateCoursePage, from text', () => {
  it('is disabled while the text is blank, then drafts the course and goes to /courses', async () => {
    let answer!: (response: Response) => void;
    const fetchSpy = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { router } = renderInRouter(<CreateCoursePage />, {
      session: 'user',
      path: '/create-course',
    });
    const user = userEvent.setup();
    const generate = screen.getByRole('button', { name: 'Generate Course from Text' });
    expect(generate).toBeDisabled();
    await user.type(screen.getByLabelText('Course Description'), ' Linear algebra for engineers ');
    await user.click(generate);
    expect(await screen.findByRole('button', { name: 'Generating...' })).toBeDisabled();
    answer(
      Response.json(
        {
          id: 'c9',
          name: 'Linear Algebra',
          description: 'x',
          image_url: null,
          has_subjects: false,
        },
        { status: 201 },
      ),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses'));
    const { url, body } = sentRequest(fetchSpy);
    expect(url).toBe('/api/courses/add_course');
    expect(body).toEqual({ name: 'Linear algebra for engineers' });
  });

  it('shows the server’s error, with a way to the profile when the key is missing', async () => {
    stubFetch(() =>
      Response.json(
        { error: 'You need to set your Google API key in your profile first.' },
        { status: 403 },
      ),
    );
    renderInRouter(<CreateCoursePage />, { session: 'user', path: '/create-course' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Course Description'), 'Geometry');
    await user.click(screen.getByRole('button', { name: 'Generate Course from Text' }));
    expect(
      await screen.findByText('You need to set your Google API key in your profile first.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
  });
});
