import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as FirebaseAuth from 'firebase/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '../../../testing/test-session';
import { AUTH_TEXT } from '../auth-messages';
import { AuthPage } from './AuthPage';
import { sentRequest, stubFetch } from '../../../testing/fetch-stub';

function renderAuth(path = '/auth?mode=login') {
  const view = renderInRouter(<AuthPage />, { path });
  const url = () => view.router.state.location.pathname + view.router.state.location.search;
  return { ...view, url, user: userEvent.setup() };
}

const firebase = vi.hoisted(() => ({
  signInWithEmailAndPassword: vi.fn(),
  setPersistence: vi.fn(async () => {}),
}));

vi.mock('firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof FirebaseAuth>()),
  ...firebase,
}));

afterEach(() => vi.unstubAllGlobals());

describe('AuthPage', () => {
  it('shows the login form with remember me, the forgot link and the Google button', () => {
    renderAuth();
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Need an account? Sign up' })).toBeInTheDocument();
  });

  it('asks for both email and password before logging in', async () => {
    const { user } = renderAuth();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_TEXT.missingCredentials);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_TEXT.missingCredentials);
  });

  it('switches to sign-up and back, keeping the returnUrl', async () => {
    const { user, url } = renderAuth('/auth?mode=login&returnUrl=%2Fcourses');
    await user.click(screen.getByRole('button', { name: 'Need an account? Sign up' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();
    expect(url()).toBe('/auth?mode=signup&returnUrl=%2Fcourses');
    for (const label of ['First Name', 'Last Name', 'Email', 'Password']) {
      expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeRequired();
    }
    expect(screen.getByLabelText('Email', { exact: false })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: 'Sign up with Google' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Already have an account? Login' }));
    expect(url()).toBe('/auth?mode=login&returnUrl=%2Fcourses');
  });

  it.each([
    [
      { first: '', last: 'Lovelace', email: 'ada@example.com', password: 'analytical-9' },
      'First name is required',
    ],
    [
      { first: 'Ada', last: '', email: 'ada@example.com', password: 'analytical-9' },
      'Last name is required',
    ],
    [
      { first: 'Ada', last: 'Lovelace', email: 'ada@', password: 'analytical-9' },
      'Please enter a valid email address',
    ],
    [
      { first: 'Ada', last: 'Lovelace', email: 'ada@example.com', password: 'short' },
      'Password must be at least 8 characters',
    ],
  ])('checks the sign-up fields before calling the API (%#)', async (values, message) => {
    const fetchSpy = vi.fn();
    const { user } = renderAuth('/auth?mode=signup');
    if (values.first)
      await user.type(screen.getByLabelText('First Name', { exact: false }), values.first);
    if (values.last)
      await user.type(screen.getByLabelText('Last Name', { exact: false }), values.last);
    await user.type(screen.getByLabelText('Email', { exact: false }), values.email);
    await user.type(screen.getByLabelText(/^Password/), values.password);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('after sign-up switches to login with the email prefilled and the success message', async () => {
    const fetchSpy = stubFetch(() =>
      Response.json(
        {
          message: 'Registration successful',
          user: {
            id: 'u1',
            first_name: 'Ada',
            last_name: 'Lovelace',
            email: 'ada@example.com',
            is_admin: false,
            is_active: true,
            created_at: '2025-05-01T00:00:00.000Z',
            has_api_key: false,
          },
        },
        { status: 201 },
      ),
    );
    const { user, url } = renderAuth('/auth?mode=signup');
    await user.type(screen.getByLabelText('First Name', { exact: false }), 'Ada');
    await user.type(screen.getByLabelText('Last Name', { exact: false }), 'Lovelace');
    await user.type(screen.getByLabelText('Email', { exact: false }), 'Ada@Example.com');
    await user.type(screen.getByLabelText(/^Password/), 'analytical-9');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(screen.getByText(AUTH_TEXT.registered)).toBeInTheDocument();
    expect(url()).toBe('/auth?mode=login');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    const sent = sentRequest(fetchSpy);
    expect(sent.url).toBe('/api/auth/register');
    expect(sent.body).toEqual({
      email: 'ada@example.com',
      password: 'analytical-9',
      first_name: 'Ada',
      last_name: 'Lovelace',
    });
  });

  it.each([
    [
      Response.json({ error: 'An account with this email already exists.' }, { status: 409 }),
      'An account with this email already exists.',
    ],
    [new Response('oops', { status: 500 }), AUTH_TEXT.unexpected],
  ])(
    'shows the server error of a failed sign-up, else the fallback (%#)',
    async (response, message) => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => response),
      );
      const { user } = renderAuth('/auth?mode=signup');
      await user.type(screen.getByLabelText('First Name', { exact: false }), 'Ada');
      await user.type(screen.getByLabelText('Last Name', { exact: false }), 'Lovelace');
      await user.type(screen.getByLabelText('Email', { exact: false }), 'ada@example.com');
      await user.type(screen.getByLabelText(/^Password/), 'analytical-9');
      await user.click(screen.getByRole('button', { name: 'Sign Up' }));
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(message));
      expect(screen.getByRole('button', { name: 'Sign Up' })).toBeEnabled();
    },
  );

  it('logs in with the remember-me choice, busy until it leaves for the returnUrl', async () => {
    let finish: () => void = () => {};
    firebase.signInWithEmailAndPassword.mockImplementation(
      () => new Promise<void>((resolve) => (finish = resolve)),
    );
    const { user, url } = renderAuth('/auth?mode=login&returnUrl=%2Fprofile');
    await user.type(screen.getByLabelText('Email'), ' ada@example.com ');
    await user.type(screen.getByLabelText('Password'), 'analytical-9');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeDisabled();
    expect(firebase.setPersistence).toHaveBeenCalledWith(
      expect.anything(),
      FirebaseAuth.browserLocalPersistence,
    );
    expect(firebase.signInWithEmailAndPassword).toHaveBeenCalledWith(
      expect.anything(),
      'ada@example.com',
      'analytical-9',
    );
    finish();
    await waitFor(() => expect(url()).toBe('/profile'));
  });

  it('shows why a login failed and frees the buttons again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    firebase.signInWithEmailAndPassword.mockRejectedValue({ code: 'auth/invalid-credential' });
    const { user } = renderAuth();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(AUTH_TEXT.invalidCredentials),
    );
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(firebase.setPersistence).toHaveBeenCalledWith(
      expect.anything(),
      FirebaseAuth.browserSessionPersistence,
    );
  });

  it('says Signing up... and disables every button while registering', async () => {
    stubFetch(() => new Promise<Response>(() => {}));
    const { user } = renderAuth('/auth?mode=signup');
    await user.type(screen.getByLabelText('First Name', { exact: false }), 'Ada');
    await user.type(screen.getByLabelText('Last Name', { exact: false }), 'Lovelace');
    await user.type(screen.getByLabelText('Email', { exact: false }), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'analytical-9');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('button', { name: 'Signing up...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign up with Google' })).toBeDisabled();
  });
});
