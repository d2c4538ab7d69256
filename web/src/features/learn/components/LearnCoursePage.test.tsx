import { screen, within } from '@testing-library/react';
import type * as FirebaseAuth from 'firebase/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeLearnApi, LEARN_SLUG } from '../../../testing/fake-learn-api';
import { fakeUser, setFakeUser } from '../../../testing/fake-learner-auth';
import { renderWithRouter, type SessionKind } from '../../../testing/test-session';
import { LearnCoursePage } from './LearnCoursePage';

vi.mock('../../../lib/firebase', async () => ({
  auth: (await import('../../../testing/fake-learner-auth')).fakeAuth,
}));
vi.mock('firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof FirebaseAuth>()),
  ...(await import('../../../testing/fake-learner-auth')).fakeAuthSdk,
}));

function renderCourse(session: SessionKind = 'visitor') {
  return renderWithRouter([{ path: 'learn/:slug', element: <LearnCoursePage /> }], {
    session,
    path: `/learn/${LEARN_SLUG}`,
  });
}

const topicLink = (name: string | RegExp) => screen.getByRole('link', { name });

afterEach(() => {
  vi.unstubAllGlobals();
  setFakeUser(null);
});

describe('LearnCoursePage', () => {
  it('shows a visitor the course with no progress and Start on the first topic, without signing in', async () => {
    const api = fakeLearnApi();
    renderCourse();
    expect(await screen.findByRole('heading', { level: 1, name: 'Geometry' })).toBeInTheDocument();
    expect(screen.getByText('Shapes, angles and space.')).toBeInTheDocument();
    expect(screen.getByText('0 of 4 topics completed')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Course progress' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    expect(screen.getByRole('link', { name: 'Start' })).toHaveAttribute(
      'href',
      `/learn/${LEARN_SLUG}/t1`,
    );
    expect(screen.queryByRole('link', { name: 'Continue' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Completed' })).not.toBeInTheDocument();
    expect(api.calls().map((call) => call.path)).toEqual([`/learn/${LEARN_SLUG}`]);
    expect(api.calls()[0]?.token).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save your progress' })).not.toBeInTheDocument();
  });

  it('lays out the outline subject by subject with a link to every topic and no edit control', async () => {
    fakeLearnApi();
    renderCourse();
    const outline = await screen.findByRole('navigation', { name: 'Course outline' });
    expect(
      within(outline)
        .getAllByRole('heading')
        .map((h) => [h.tagName, h.textContent]),
    ).toEqual([
      ['H2', 'Course outline'],
      ['H3', 'Plane'],
      ['H4', 'Triangles'],
      ['H4', 'Circles'],
      ['H3', 'Space'],
      ['H4', 'Vectors'],
    ]);
    expect(
      within(outline)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['t1', 't2', 't3', 't4'].map((id) => `/learn/${LEARN_SLUG}/${id}`));
    expect(screen.queryByRole('button', { name: /edit|delete|generate|add/i })).toBeNull();
  });

  it("shows an anonymous learner's progress: count, bar, check marks and Continue at the first topic not completed", async () => {
    setFakeUser(fakeUser('anon-1', true));
    fakeLearnApi({ progress: { 'anon-1': ['t1', 't3'] } });
    renderCourse();
    expect(await screen.findByText('2 of 4 topics completed')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Course progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      `/learn/${LEARN_SLUG}/t2`,
    );
    expect(topicLink('Angles Completed')).toBeInTheDocument();
    expect(topicLink('Sides')).toBeInTheDocument();
    expect(topicLink('Radius Completed')).toBeInTheDocument();
    expect(topicLink('Arrows')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'Completed' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Save your progress' })).toBeInTheDocument();
  });

  it('reads a signed-in account’s own progress with its token, and offers no saving', async () => {
    setFakeUser(fakeUser('user-1'));
    const api = fakeLearnApi({ progress: { 'user-1': ['t1', 't2', 't3', 't4'] } });
    renderCourse('user');
    expect(await screen.findByText('4 of 4 topics completed')).toBeInTheDocument();
    expect(api.calls().find((call) => call.path.endsWith('/progress'))?.token).toBe(
      'Bearer token-user-1',
    );
    // Everything done: Continue goes back to the beginning.
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      `/learn/${LEARN_SLUG}/t1`,
    );
    expect(screen.queryByRole('button', { name: 'Save your progress' })).not.toBeInTheDocument();
  });

  it('says only that the course is not available when the link is unknown or unpublished', async () => {
    fakeLearnApi({ available: false });
    renderCourse();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This course is not available.' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Geometry')).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Start' })).not.toBeInTheDocument();
  });
});
