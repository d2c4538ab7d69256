import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FirebaseError } from 'firebase/app';
import * as FirebaseAuth from 'firebase/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeLearnApi, LEARN_SLUG } from '../../../testing/fake-learn-api';
import { fakeAuthSdk, fakeUser, setFakeUser } from '../../../testing/fake-learner-auth';
import { renderWithRouter } from '../../../testing/test-session';
import { LEARN_TEXT } from '../learn-messages';
import { LearnCoursePage } from './LearnCoursePage';

vi.mock('../../../lib/firebase', async () => ({
  auth: (await import('../../../testing/fake-learner-auth')).fakeAuth,
}));
vi.mock('firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof FirebaseAuth>()),
  ...(await import('../../../testing/fake-learner-auth')).fakeAuthSdk,
}));

async function openPrompt(progress: Record<string, string[]>) {
  const anonymous = fakeUser('anon-1', true);
  setFakeUser(anonymous);
  const api = fakeLearnApi({ progress });
  renderWithRouter([{ path: 'learn/:slug', element: <LearnCoursePage /> }], {
    path: `/learn/${LEARN_SLUG}`,
  });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Save your progress' }));
  const dialog = screen.getByRole('dialog', { name: 'Save your progress' });
  return { api, anonymous, user, dialog };
}

async function fillSignUp(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  const field = (label: string) => within(dialog).getByLabelText(new RegExp(`^${label}`));
  await user.type(field('First Name'), 'Ada');
  await user.type(field('Last Name'), 'Lovelace');
  await user.type(field('Email'), 'ada@example.com');
  await user.type(field('Password'), 'analytical-9');
  await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setFakeUser(null);
});

describe('SaveProgressPrompt', () => {
  it('links the anonymous learner to a new e-mail account, keeping the uid and the progress', async () => {
    const { api, anonymous, user, dialog } = await openPrompt({ 'anon-1': ['t1'] });
    await fillSignUp(user, dialog);

    expect(await screen.findByText(LEARN_TEXT.saved)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save your progress' })).not.toBeInTheDocument();
    const [linked, credential] = fakeAuthSdk.linkWithCredential.mock.calls[0] ?? [];
    expect(linked).toBe(anonymous);
    expect(credential).toMatchObject({ signInMethod: 'password' });
    expect(fakeAuthSdk.updateProfile).toHaveBeenCalledWith(anonymous, {
      displayName: 'Ada Lovelace',
    });
    expect(api.calls().find((call) => call.path === '/auth/me')?.token).toBe('Bearer token-anon-1');
    expect(anonymous).toMatchObject({ uid: 'anon-1', isAnonymous: false });
    expect(screen.getByText('1 of 4 topics completed')).toBeInTheDocument();
  });

  it('checks the form with the sign-up rules before linking anything', async () => {
    const { user, dialog } = await openPrompt({ 'anon-1': ['t1'] });
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(await within(dialog).findByText('First name is required')).toBeInTheDocument();
    expect(fakeAuthSdk.linkWithCredential).not.toHaveBeenCalled();
  });

  it('says so in the dialog when the e-mail already has an account', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeAuthSdk.linkWithCredential.mockRejectedValueOnce(
      new FirebaseError('auth/email-already-in-use', 'in use'),
    );
    const { user, dialog } = await openPrompt({ 'anon-1': ['t1'] });
    await fillSignUp(user, dialog);
    expect(await within(dialog).findByText(LEARN_TEXT.emailInUse)).toBeInTheDocument();
    expect(fakeAuthSdk.updateProfile).not.toHaveBeenCalled();
  });

  it('links a Google account, the progress staying with the same uid', async () => {
    const { anonymous, user, dialog } = await openPrompt({ 'anon-1': ['t1', 't2'] });
    await user.click(within(dialog).getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText(LEARN_TEXT.saved)).toBeInTheDocument();
    expect(fakeAuthSdk.linkWithPopup.mock.calls[0]?.[0]).toBe(anonymous);
    expect(screen.getByText('2 of 4 topics completed')).toBeInTheDocument();
  });

  it('signs in to an existing Google account and merges both progresses there', async () => {
    const credential = FirebaseAuth.GoogleAuthProvider.credential('google-id-token');
    vi.spyOn(FirebaseAuth.GoogleAuthProvider, 'credentialFromError').mockReturnValue(credential);
    fakeAuthSdk.linkWithPopup.mockRejectedValueOnce(
      new FirebaseError('auth/credential-already-in-use', 'in use'),
    );
    const { api, user, dialog } = await openPrompt({
      'anon-1': ['t1', 't2'],
      'google-1': ['t2', 't4'],
    });
    await user.click(within(dialog).getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText(LEARN_TEXT.saved)).toBeInTheDocument();
    expect(fakeAuthSdk.signInWithCredential.mock.calls[0]?.[1]).toBe(credential);
    await waitFor(() => expect(api.stored['google-1']?.toSorted()).toEqual(['t1', 't2', 't4']));
    const put = api.calls().find((call) => call.method === 'PUT');
    expect(put?.token).toBe('Bearer token-google-1');
    expect(await screen.findByText('3 of 4 topics completed')).toBeInTheDocument();
  });
});
