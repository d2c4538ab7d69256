import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import {
  FIXTURE_SLUG,
  fakeSession,
  polyfillDialog,
  renderLearnerPage,
} from '../../testing/learner-page-fixture';
import { enhanceChecks } from './checks/topic-checks';
import { enhanceLearnerPage, type LearnerDeps } from './enhance';
import { LEARN_TEXT } from './learn-messages';
import type { Learner } from './learner-session';
import { openSaveDialog, type AccountLinks } from './save-progress-dialog';

const PROGRESS_URL = `/api/learn/${FIXTURE_SLUG}/progress`;

/** The learner API's progress: completed ids per uid; `failPut` answers the next PUTs with it. */
function fakeProgressApi(stored: Record<string, string[]> = {}) {
  const api = { stored, failPut: null as Response | null };
  const spy = stubFetch(async (url, init) => {
    expect(url).toBe(PROGRESS_URL);
    const uid = String(new Headers(init.headers).get('authorization')).replace('Bearer token-', '');
    if (init.method === 'PUT') {
      if (api.failPut) return api.failPut.clone();
      const body = JSON.parse(String(init.body)) as { completed_topic_ids: string[] };
      api.stored[uid] = body.completed_topic_ids;
    }
    return Response.json({ completed_topic_ids: api.stored[uid] ?? [] });
  });
  return { api, spy };
}

function setUp(
  learner: Learner | null,
  { sessionLikely = learner !== null, isAdmin = false } = {},
) {
  const { session, state } = fakeSession(learner, { isAdmin });
  const links: AccountLinks = {
    withEmail: vi.fn(async (_slug, _input, completed) => {
      state.learner = { uid: 'anon-1', isAnonymous: false };
      return { uid: 'anon-1', completedTopicIds: [...completed] };
    }),
    withGoogle: vi.fn(async (_slug, completed) => ({
      uid: 'google-1',
      completedTopicIds: [...completed, 't3'],
    })),
  };
  const deps = {
    sessionLikely: vi.fn(async () => sessionLikely),
    loadSession: vi.fn(async () => session),
    loadSaveDialog: vi.fn(
      async () => (doc: Document, options: Parameters<typeof openSaveDialog>[1]) =>
        openSaveDialog(doc, options, links),
    ),
    navigate: vi.fn(),
    loadChecks: vi.fn(async () => enhanceChecks),
  } satisfies LearnerDeps;
  return { deps, session, links };
}

const completeButton = () => screen.getByRole('button', { name: /Mark as complete|Completed/ });
const progressLine = () => document.getElementById('learn-progress')?.textContent;
const outlineLink = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Course outline' })).getByRole('link', {
    name: new RegExp(`^${name}`),
  });

beforeEach(() => polyfillDialog());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  for (const name of Object.keys(document.body.dataset)) delete document.body.dataset[name];
  document.getElementById('learn-script-styles')?.remove();
});

describe('the learner page script', () => {
  it('shows a visitor their empty progress and an enabled button without loading Firebase', async () => {
    renderLearnerPage();
    const { spy } = fakeProgressApi();
    const { deps } = setUp(null);
    await enhanceLearnerPage(document, deps);

    expect(progressLine()).toBe('0 of 3 topics completed');
    expect(completeButton()).toBeEnabled();
    expect(completeButton()).toHaveTextContent('Mark as complete');
    expect(completeButton()).toHaveAttribute('aria-pressed', 'false');
    expect(deps.loadSession).not.toHaveBeenCalled();
    expect(spy).not.toHaveBeenCalled();
  });

  it("restores a returning learner's progress: the line, the outline's marks and Completed", async () => {
    renderLearnerPage();
    fakeProgressApi({ 'anon-1': ['t1', 't2', 'gone'] });
    const { deps } = setUp({ uid: 'anon-1', isAnonymous: true });
    await enhanceLearnerPage(document, deps);

    expect(progressLine()).toBe('2 of 3 topics completed');
    expect(outlineLink('Sides')).toHaveClass('is-completed');
    expect(outlineLink('Sides')).toHaveAccessibleName(/^Sides ?\(completed\)$/);
    expect(outlineLink('Area')).not.toHaveClass('is-completed');
    expect(outlineLink('Area')).toHaveAccessibleName('Area');
    expect(completeButton()).toHaveTextContent('Completed');
    expect(completeButton()).toHaveAttribute('aria-pressed', 'true');
    expect(completeButton()).toHaveClass('is-completed');
    expect(screen.getByRole('button', { name: 'Save your progress' })).toBeInTheDocument();
  });

  it('fills the course page: progress, marks, and Continue to the first topic not completed', async () => {
    renderLearnerPage(null);
    fakeProgressApi({ 'u-1': ['t1', 't3'] });
    const { deps } = setUp({ uid: 'u-1', isAnonymous: false });
    await enhanceLearnerPage(document, deps);
    expect(progressLine()).toBe('2 of 3 topics completed');
    expect(outlineLink('Area')).toHaveClass('is-completed');
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      `/learn/${FIXTURE_SLUG}/t2`,
    );
    expect(screen.queryByRole('button', { name: 'Mark as complete' })).not.toBeInTheDocument();
  });

  it('leaves Start to the first topic for a visitor', async () => {
    renderLearnerPage(null);
    fakeProgressApi({});
    const { deps } = setUp(null);
    await enhanceLearnerPage(document, deps);
    expect(progressLine()).toBe('0 of 3 topics completed');
    expect(screen.getByRole('link', { name: 'Start' })).toHaveAttribute(
      'href',
      `/learn/${FIXTURE_SLUG}/t1`,
    );
  });

  it('signs a visitor in anonymously on the first completion and saves the whole set', async () => {
    renderLearnerPage();
    const { api } = fakeProgressApi({ 'anon-1': ['t1'] });
    const { deps, session } = setUp(null);
    await enhanceLearnerPage(document, deps);

    await userEvent.click(completeButton());
    expect(completeButton()).toHaveTextContent('Completed');
    await waitFor(() => expect(api.stored['anon-1']).toEqual(['t1', 't2']));
    expect(session.ensureLearner).toHaveBeenCalledOnce();
    expect(progressLine()).toBe('2 of 3 topics completed');
    expect(outlineLink('Angles')).toHaveClass('is-completed');
    expect(await screen.findByText(LEARN_TEXT.savePrompt)).toBeInTheDocument();
  });

  it('holds Next, pressed right after Mark as complete, until the save is stored', async () => {
    renderLearnerPage();
    const stored: string[][] = [];
    const put: { release: (() => void) | null } = { release: null };
    stubFetch(async (_url, init) => {
      if (init.method === 'PUT') {
        await new Promise<void>((resolve) => (put.release = resolve));
        stored.push(
          (JSON.parse(String(init.body)) as { completed_topic_ids: string[] }).completed_topic_ids,
        );
      }
      return Response.json({ completed_topic_ids: stored.at(-1) ?? [] });
    });
    const { deps } = setUp(null);
    await enhanceLearnerPage(document, deps);

    await userEvent.click(completeButton());
    await userEvent.click(screen.getByRole('link', { name: 'Next: Area' }));
    await waitFor(() => expect(put.release).not.toBeNull());
    expect(deps.navigate).not.toHaveBeenCalled();
    put.release?.();
    await waitFor(() => expect(stored).toEqual([['t2']]));
    await waitFor(() =>
      expect(deps.navigate).toHaveBeenCalledWith(expect.stringMatching(/\/learn\/[^/]+\/t3$/)),
    );
  });

  it('marks a completed topic not complete again', async () => {
    renderLearnerPage();
    const { api } = fakeProgressApi({ 'u-1': ['t1', 't2'] });
    const { deps } = setUp({ uid: 'u-1', isAnonymous: false });
    await enhanceLearnerPage(document, deps);

    await userEvent.click(completeButton());
    await waitFor(() => expect(api.stored['u-1']).toEqual(['t1']));
    expect(completeButton()).toHaveTextContent('Mark as complete');
    expect(completeButton()).toHaveAttribute('aria-pressed', 'false');
    expect(progressLine()).toBe('1 of 3 topics completed');
    expect(outlineLink('Angles')).toHaveAccessibleName('Angles');
  });

  it('puts the previous state back and says so when the save fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderLearnerPage();
    const { api } = fakeProgressApi({ 'u-1': ['t1'] });
    api.failPut = Response.json({ error: 'Internal', code: 'INTERNAL' }, { status: 500 });
    const { deps } = setUp({ uid: 'u-1', isAnonymous: false });
    await enhanceLearnerPage(document, deps);

    await userEvent.click(completeButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(LEARN_TEXT.saveFailed);
    expect(completeButton()).toHaveTextContent('Mark as complete');
    expect(completeButton()).toHaveAttribute('aria-pressed', 'false');
    expect(progressLine()).toBe('1 of 3 topics completed');
    expect(outlineLink('Angles')).not.toHaveClass('is-completed');
  });

  it("shows the server's word when it refuses the save", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderLearnerPage();
    const { api } = fakeProgressApi({});
    api.failPut = Response.json(
      { error: 'Too many requests. Please try again later.', code: 'RATE_LIMITED' },
      { status: 429 },
    );
    const { deps } = setUp({ uid: 'u-1', isAnonymous: false });
    await enhanceLearnerPage(document, deps);
    await userEvent.click(completeButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please try again later.',
    );
  });

  it('offers a signed-in account the app entries, and logs out to /auth', async () => {
    renderLearnerPage();
    fakeProgressApi({});
    const { deps, session } = setUp({ uid: 'u-1', isAnonymous: false }, { isAdmin: true });
    await enhanceLearnerPage(document, deps);

    const nav = screen.getByRole('navigation', { name: 'Account' });
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'My Courses' })).toHaveAttribute(
        'href',
        '/courses',
      ),
    );
    expect(within(nav).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(within(nav).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(deps.navigate).toHaveBeenCalledWith('/auth'));
    expect(session.signOut).toHaveBeenCalledOnce();
  });

  it('keeps Login and Sign Up for an anonymous learner', async () => {
    renderLearnerPage();
    fakeProgressApi({});
    const { deps } = setUp({ uid: 'anon-1', isAnonymous: true });
    await enhanceLearnerPage(document, deps);
    const nav = screen.getByRole('navigation', { name: 'Account' });
    expect(within(nav).getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Sign Up' })).toBeInTheDocument();
  });

  it('says so, and leaves the button disabled, when the progress cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderLearnerPage();
    stubFetch(() => Response.json({ error: 'Internal', code: 'INTERNAL' }, { status: 500 }));
    const { deps } = setUp({ uid: 'u-1', isAnonymous: false });
    await enhanceLearnerPage(document, deps);
    expect(screen.getByRole('alert')).toHaveTextContent(LEARN_TEXT.progressLoadFailed);
    expect(completeButton()).toBeDisabled();
    expect(progressLine()).toBe('');
  });

  it('leaves a page without a course (a 404) alone', async () => {
    document.body.innerHTML = '<h1>This course is not available.</h1>';
    const { deps } = setUp(null);
    await enhanceLearnerPage(document, deps);
    expect(deps.sessionLikely).not.toHaveBeenCalled();
    expect(document.getElementById('learn-script-styles')).toBeNull();
  });

  it('saves the progress to a new account from the banner, then says so', async () => {
    renderLearnerPage();
    fakeProgressApi({ 'anon-1': ['t1'] });
    const { deps, links } = setUp({ uid: 'anon-1', isAnonymous: true });
    await enhanceLearnerPage(document, deps);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Save your progress' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save your progress' });
    expect(within(dialog).getByLabelText(/^First Name/)).toHaveFocus();
    await user.type(within(dialog).getByLabelText(/^First Name/), 'Ada');
    await user.type(within(dialog).getByLabelText(/^Last Name/), 'Lovelace');
    await user.type(within(dialog).getByLabelText(/^Email/), 'ada@example.com');
    await user.type(within(dialog).getByLabelText(/^Password/), 'analytical-9');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText(LEARN_TEXT.saved)).toBeInTheDocument();
    expect(links.withEmail).toHaveBeenCalledWith(
      FIXTURE_SLUG,
      {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        password: 'analytical-9',
      },
      ['t1'],
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save your progress' })).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Account' });
    await waitFor(() => expect(within(nav).getByRole('button', { name: 'Logout' })).toBeVisible());
    expect(progressLine()).toBe('1 of 3 topics completed');
  });

  it('shows the progress merged into an existing Google account', async () => {
    renderLearnerPage();
    fakeProgressApi({ 'anon-1': ['t1'] });
    const { deps } = setUp({ uid: 'anon-1', isAnonymous: true });
    await enhanceLearnerPage(document, deps);
    await userEvent.click(screen.getByRole('button', { name: 'Save your progress' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save your progress' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText(LEARN_TEXT.saved)).toBeInTheDocument();
    expect(progressLine()).toBe('2 of 3 topics completed');
    expect(outlineLink('Area')).toHaveClass('is-completed');
  });
});
