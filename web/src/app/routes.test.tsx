import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../testing/fetch-stub';
import { renderWithRouter, type SessionKind } from '../testing/test-session';
import { routes } from './routes';

function renderApp(path: string, session: SessionKind = 'visitor') {
  const view = renderWithRouter(routes, { path, session });
  const url = () => view.router.state.location.pathname + view.router.state.location.search;
  return { ...view, url };
}

/** Lazy pages load their chunk first, which can take seconds on a busy machine. */
async function expectPage(h1: string) {
  expect(
    await screen.findByRole('heading', { level: 1, name: h1 }, { timeout: 5000 }),
  ).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
}

const GUARDED: Array<[string, string]> = [
  ['/create-course', 'Create Course'],
  ['/courses', 'My Courses'],
  ['/courses/c1/subjects', 'Subjects'],
  ['/courses/c1/subjects-chapters', 'Subjects and Chapters'],
  ['/courses/c1/subjects/s1/content', 'Select a Topic'],
  ['/courses/c1/subjects/s1/content/t1', 'Select a Topic'],
  ['/courses/c1/subjects/s1/chapters/ch1/topics/t1/content', 'Topic Content'],
  ['/write-review', 'My Testimonial'],
  ['/courses/c1/analytics', 'Analytics'],
];

const PUBLIC: Array<[string, string]> = [
  ['/home', 'Turn what you know into a complete course'],
  ['/auth?mode=login', 'Login'],
  ['/auth?mode=signup', 'Sign Up'],
  ['/forgot-password', 'Forgot Password'],
  ['/reset-password', 'Invalid Reset Link'],
  ['/verify-email', 'Invalid Verification Link'],
  ['/terms', 'Terms of Service'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/coming-soon', 'Coming Soon'],
];

afterEach(() => vi.unstubAllGlobals());

describe('route table', () => {
  it('sends the empty path to /home', async () => {
    const { url } = renderApp('/');
    await waitFor(() => expect(url()).toBe('/home'));
    await expectPage('Turn what you know into a complete course');
  });

  it('sends an unknown path to /home', async () => {
    const { url } = renderApp('/no/such/page');
    await waitFor(() => expect(url()).toBe('/home'));
  });

  it('replaces the history entry when redirecting to /home', async () => {
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it.each(PUBLIC)('shows a visitor the public page %s', async (path, h1) => {
    const { url } = renderApp(path);
    await expectPage(h1);
    expect(url()).toBe(path);
  });

  it.each(['/learn/AbCdEfGhIjKlMnOp', '/learn/AbCdEfGhIjKlMnOp/t1'])(
    'has no route for the server-rendered learner page %s (an unknown path goes to /home)',
    async (path) => {
      const { url } = renderApp(path);
      await waitFor(() => expect(url()).toBe('/home'));
    },
  );

  it('lays every page out with banner, navigation, main and footer landmarks', async () => {
    renderApp('/terms');
    await expectPage('Terms of Service');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main-content',
    );
  });

  it.each(GUARDED)(
    'sends a visitor from %s to /auth with the wanted URL as returnUrl',
    async (path) => {
      const { url, router } = renderApp(path);
      await waitFor(() => expect(url()).toBe(`/auth?returnUrl=${encodeURIComponent(path)}`));
      expect(router.state.historyAction).toBe('REPLACE');
      await expectPage('Login');
    },
  );

  it('tells a visitor on /profile to log in, then sends them to /auth after 2 s', async () => {
    const { url } = renderApp('/profile');
    expect(await screen.findByText('You need to log in first')).toBeInTheDocument();
    expect(url()).toBe('/profile');
    await waitFor(() => expect(url()).toBe(`/auth?returnUrl=${encodeURIComponent('/profile')}`), {
      timeout: 3000,
    });
  });

  it('shows a signed-in user /profile', async () => {
    const { url } = renderApp('/profile', 'user');
    await expectPage('Profile');
    expect(url()).toBe('/profile');
  });

  it('keeps the query string of the wanted URL in returnUrl', async () => {
    const { url } = renderApp('/courses/c1/subjects?tab=2');
    await waitFor(() =>
      expect(url()).toBe(`/auth?returnUrl=${encodeURIComponent('/courses/c1/subjects?tab=2')}`),
    );
  });

  it('shows a spinner, not a redirect, while the auth state is loading', async () => {
    const { url } = renderApp('/courses', 'loading');
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(url()).toBe('/courses');
  });

  it.each(GUARDED)('shows a signed-in user %s', async (path, h1) => {
    const { url } = renderApp(path, 'user');
    await expectPage(h1);
    expect(url()).toBe(path);
    expect(document.title).toBe(`${h1} | Coursecraft`);
  });

  it('sends a visitor from the print edition to /auth with it as returnUrl', async () => {
    const { url } = renderApp('/courses/c1/print');
    await waitFor(() =>
      expect(url()).toBe(`/auth?returnUrl=${encodeURIComponent('/courses/c1/print')}`),
    );
  });

  it('shows a signed-in user the print edition without navigation bar or footer', async () => {
    stubFetch(() => Response.json({ error: 'Not found' }, { status: 404 }));
    renderApp('/courses/c1/print', 'user');
    expect(await screen.findByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('sends a signed-in user from the chapter topics route to the subject content route', async () => {
    const { url, router } = renderApp('/courses/c1/subjects/s1/chapters/ch1/topics', 'user');
    await waitFor(() => expect(url()).toBe('/courses/c1/subjects/s1/content'));
    expect(router.state.historyAction).toBe('REPLACE');
    await expectPage('Select a Topic');
  });

  it('composes the publishing panel into the subjects screen', async () => {
    renderApp('/courses/c1/subjects', 'user');
    expect(await screen.findByRole('region', { name: 'Publishing' })).toBeInTheDocument();
  });

  it('guards the chapter topics route too', async () => {
    const path = '/courses/c1/subjects/s1/chapters/ch1/topics';
    const { url } = renderApp(path);
    await waitFor(() => expect(url()).toBe(`/auth?returnUrl=${encodeURIComponent(path)}`));
  });

  it('sends a signed-in user from /auth to /courses', async () => {
    const { url } = renderApp('/auth?mode=login', 'user');
    await waitFor(() => expect(url()).toBe('/courses'));
    await expectPage('My Courses');
  });

  it('sends a user who has just signed in on /auth back to the returnUrl', async () => {
    const { url } = renderApp(`/auth?returnUrl=${encodeURIComponent('/create-course')}`, 'user');
    await waitFor(() => expect(url()).toBe('/create-course'));
  });

  it('does not follow a returnUrl that leaves the site', async () => {
    const { url } = renderApp(`/auth?returnUrl=${encodeURIComponent('//evil.example')}`, 'user');
    await waitFor(() => expect(url()).toBe('/courses'));
  });

  it.each<SessionKind>(['visitor', 'user'])('sends a %s from /admin to /home', async (session) => {
    const { url } = renderApp('/admin', session);
    await waitFor(() => expect(url()).toBe('/home'));
  });

  it('shows an admin the Admin Dashboard', async () => {
    const { url } = renderApp('/admin', 'admin');
    await expectPage('Admin Dashboard');
    expect(url()).toBe('/admin');
  });

  it('waits for the auth state before deciding on /admin', async () => {
    const { url } = renderApp('/admin', 'loading');
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(url()).toBe('/admin');
  });
});
