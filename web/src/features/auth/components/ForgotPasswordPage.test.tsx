import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '../../../testing/test-session';
import { AUTH_TEXT } from '../auth-messages';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { sentRequest, stubFetch } from '../../../testing/fetch-stub';

afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  renderInRouter(<ForgotPasswordPage />, { path: '/forgot-password' });
  return userEvent.setup();
}

describe('ForgotPasswordPage', () => {
  it('validates the email only after a submit attempt', async () => {
    const fetchSpy = vi.fn();
    const user = renderPage();
    expect(screen.queryByText(AUTH_TEXT.emailRequired)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByText(AUTH_TEXT.emailRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(screen.getByText(AUTH_TEXT.invalidEmail)).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute(
      'href',
      '/auth?mode=login',
    );
  });

  it('shows the server message on success and sends the site origin', async () => {
    const fetchSpy = stubFetch(() => Response.json({ message: 'Check your inbox.' }));
    const user = renderPage();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Check your inbox.')).toBeInTheDocument();
    expect(sentRequest(fetchSpy).body).toEqual({
      email: 'ada@example.com',
      frontend_url: window.location.origin,
    });
  });

  it('still shows the neutral message when the request fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'boom' }, { status: 500 })),
    );
    const user = renderPage();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(AUTH_TEXT.resetRequested)).toBeInTheDocument();
  });

  it('says Sending... and disables the button while the request runs', async () => {
    stubFetch(() => new Promise<Response>(() => {}));
    const user = renderPage();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
  });
});
