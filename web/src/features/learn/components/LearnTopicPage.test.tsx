import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as FirebaseAuth from 'firebase/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeLearnApi, LEARN_SLUG } from '../../../testing/fake-learn-api';
import { fakeAuthSdk, fakeUser, setFakeUser } from '../../../testing/fake-learner-auth';
import { renderWithRouter } from '../../../testing/test-session';
import { LearnCoursePage } from './LearnCoursePage';
import { LearnTopicPage } from './LearnTopicPage';

vi.mock('../../../lib/firebase', async () => ({
  auth: (await import('../../../testing/fake-learner-auth')).fakeAuth,
}));
vi.mock('firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof FirebaseAuth>()),
  ...(await import('../../../testing/fake-learner-auth')).fakeAuthSdk,
}));

function renderTopic(topicId: string) {
  const view = renderWithRouter(
    [
      { path: 'learn/:slug', element: <LearnCoursePage /> },
      { path: 'learn/:slug/:topicId', element: <LearnTopicPage /> },
    ],
    { path: `/learn/${LEARN_SLUG}/${topicId}` },
  );
  return { ...view, user: userEvent.setup() };
}

const topicUrl = (id: string) => `/learn/${LEARN_SLUG}/${id}`;
// The first render also loads the lazy lesson view (KaTeX), which can take over a second.
const title = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });
const completeButton = () => screen.getByRole('button', { name: /^(Mark as complete|Completed)$/ });

afterEach(() => {
  vi.unstubAllGlobals();
  setFakeUser(null);
});

describe('LearnTopicPage', () => {
  it("renders the topic's lesson of the course's version, with its place in the outline", async () => {
    const api = fakeLearnApi();
    renderTopic('t2');
    expect(await title('Sides')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Lesson t2' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('v3')).toBeInTheDocument();
    expect(api.calls().map((call) => call.path)).toContain(`/learn/${LEARN_SLUG}/topics/t2?v=3`);
    expect(screen.getByText('Plane › Triangles')).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Geometry' })).toHaveAttribute(
      'href',
      `/learn/${LEARN_SLUG}`,
    );
    const outline = screen.getByRole('navigation', { name: 'Course outline' });
    expect(within(outline).getByRole('link', { current: 'page' })).toHaveAccessibleName('Sides');
  });

  it('reads the course again when the author has published since, and shows the new version', async () => {
    const api = fakeLearnApi();
    const { user } = renderTopic('t1');
    expect(await screen.findByText('v3', {}, { timeout: 5000 })).toBeInTheDocument();
    api.republish();
    await user.click(screen.getByRole('link', { name: 'Next: Sides' }));
    expect(await screen.findByText('v4')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Lesson t2' })).toBeInTheDocument();
    const lessons = api.calls().filter((call) => call.path.includes('/topics/'));
    expect(lessons.map((call) => call.path.replace(/.*\/topics\//, ''))).toEqual([
      't1?v=3',
      't2?v=3',
      't2?v=4',
    ]);
  });

  it('leads to the previous and next topics across chapters and subjects', async () => {
    fakeLearnApi();
    const { user, router } = renderTopic('t2');
    expect(await title('Sides')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Previous: Angles' })).toHaveAttribute(
      'href',
      topicUrl('t1'),
    );
    expect(screen.getByRole('link', { name: 'Next: Radius' })).toHaveAttribute(
      'href',
      topicUrl('t3'),
    );
    await user.click(screen.getByRole('link', { name: 'Next: Radius' }));
    expect(await title('Radius')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(topicUrl('t3'));
    expect(screen.getByRole('link', { name: 'Next: Arrows' })).toHaveAttribute(
      'href',
      topicUrl('t4'),
    );
  });

  it('has no Previous on the first topic and no Next on the last, where the lesson is missing', async () => {
    fakeLearnApi();
    const { user } = renderTopic('t1');
    expect(await title('Angles')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Previous/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Arrows' }));
    expect(await title('Arrows')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Next/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Previous: Radius' })).toBeInTheDocument();
    expect(screen.getByText('There is no lesson for this topic yet.')).toBeInTheDocument();
  });

  it('marks a topic complete for a visitor, signing them in anonymously, and undoes it', async () => {
    const api = fakeLearnApi();
    const { user } = renderTopic('t2');
    expect(await title('Sides')).toBeInTheDocument();
    expect(completeButton()).toHaveAccessibleName('Mark as complete');
    expect(completeButton()).toHaveAttribute('aria-pressed', 'false');
    expect(api.calls().some((call) => call.path.endsWith('/progress'))).toBe(false);

    await user.click(completeButton());
    await waitFor(() => expect(completeButton()).toHaveAccessibleName('Completed'));
    expect(completeButton()).toHaveAttribute('aria-pressed', 'true');
    expect(fakeAuthSdk.signInAnonymously).toHaveBeenCalledOnce();
    await waitFor(() => expect(api.stored['anon-1']).toEqual(['t2']));
    const put = api.calls().find((call) => call.method === 'PUT');
    expect(put).toMatchObject({
      path: `/learn/${LEARN_SLUG}/progress`,
      token: 'Bearer token-anon-1',
      body: { completed_topic_ids: ['t2'] },
    });
    const outline = screen.getByRole('navigation', { name: 'Course outline' });
    expect(within(outline).getByRole('link', { name: 'Sides Completed' })).toBeInTheDocument();

    await user.click(completeButton());
    await waitFor(() => expect(completeButton()).toHaveAccessibleName('Mark as complete'));
    await waitFor(() => expect(api.progressWrites()).toHaveLength(2));
    expect(api.progressWrites()[1]).toEqual({ completed_topic_ids: [] });
    expect(fakeAuthSdk.signInAnonymously).toHaveBeenCalledOnce();
  });

  it('keeps the topics completed before when completing another', async () => {
    setFakeUser(fakeUser('anon-1', true));
    const api = fakeLearnApi({ progress: { 'anon-1': ['t1'] } });
    const { user } = renderTopic('t3');
    expect(await title('Radius')).toBeInTheDocument();
    await waitFor(() => expect(completeButton()).toBeEnabled());
    await user.click(completeButton());
    await waitFor(() => expect(api.stored['anon-1']).toEqual(['t1', 't3']));
    expect(fakeAuthSdk.signInAnonymously).not.toHaveBeenCalled();
  });

  it('puts the topic back and says so when the progress cannot be saved', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeLearnApi({ failWrites: true });
    const { user } = renderTopic('t2');
    expect(await title('Sides')).toBeInTheDocument();
    await user.click(completeButton());
    expect(
      await screen.findByText('Could not save your progress. Please try again.'),
    ).toBeInTheDocument();
    expect(completeButton()).toHaveAccessibleName('Mark as complete');
    expect(completeButton()).toHaveAttribute('aria-pressed', 'false');
  });

  it('says when the topic is not part of the course, with a way back', async () => {
    fakeLearnApi();
    renderTopic('gone');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'This topic is not part of the course.',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the course' })).toHaveAttribute(
      'href',
      `/learn/${LEARN_SLUG}`,
    );
  });

  it('says only that the course is not available when it was unpublished', async () => {
    fakeLearnApi({ available: false });
    renderTopic('t1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This course is not available.' }),
    ).toBeInTheDocument();
  });

  it('folds the outline away on a phone behind Show course outline', async () => {
    fakeLearnApi();
    const view = renderWithRouter([{ path: 'learn/:slug/:topicId', element: <LearnTopicPage /> }], {
      path: topicUrl('t1'),
      viewport: 'phone',
    });
    expect(await title('Angles')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Course outline' })).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Show course outline' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(toggle);
    expect(screen.getByRole('navigation', { name: 'Course outline' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide course outline' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    view.unmount();
  });
});
