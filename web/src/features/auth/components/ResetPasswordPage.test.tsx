import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as FirebaseAuth from 'firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '../../../testing/test-session';
import { AUTH_TEXT } from '../auth-messages';
import { ResetPasswordPage } from './ResetPasswordPage';

const firebase = vi.hoisted(() => ({
  verifyPasswordResetCode: vi.fn(),
  confirmPasswordReset: vi.fn(),
}));

vi.mock('firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof FirebaseAuth>()),
  ...firebase,
}));

function renderPage(path: string) {
  const view = renderInRouter(<ResetPasswordPage />, { path });
  return { ...view, user: userEvent.setup() };
}

beforeEach(() => {
  firebase.verifyPasswordResetCode.mockReset();
  firebase.confirmPasswordReset.mockReset();
});

describe('ResetPasswordPage', () => {
  it('explains a missing token', () => {
    renderPage('/reset-password');
    expect(screen.getByRole('heading', { name: 'Invalid Reset Link' })).toBeInTheDocument();
    expect(screen.getByText(AUTH_TEXT.missingResetToken)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request New Reset Link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Back to Login' })).toBeInTheDocument();
  });

  it('shows the verifying state, then the invalid state for a bad code', async () => {
    firebase.verifyPasswordResetCode.mockRejectedValue({ code: 'auth/invalid-action-code' });
    renderPage('/reset-password?token=expired');
    expect(screen.getByText('Verifying your reset link...')).toBeInTheDocument();
    expect(await screen.findByText(AUTH_TEXT.invalidResetToken)).toBeInTheDocument();
    expect(firebase.verifyPasswordResetCode).toHaveBeenCalledWith(expect.anything(), 'expired');
  });

  it('validates the new password after each field is touched', async () => {
    firebase.verifyPasswordResetCode.mockResolvedValue('ada@example.com');
    const { user } = renderPage('/reset-password?oobCode=good');
    const password = await screen.findByLabelText('New Password');
    const confirmation = screen.getByLabelText('Confirm Password');
    const submit = screen.getByRole('button', { name: 'Reset Password' });
    expect(submit).toBeDisabled();
    expect(screen.queryByText(AUTH_TEXT.passwordRequired)).not.toBeInTheDocument();

    await user.click(password);
    await user.tab();
    expect(screen.getByText(AUTH_TEXT.passwordRequired)).toBeInTheDocument();
    await user.type(password, 'short');
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    await user.click(confirmation);
    await user.tab();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'new-password-1');
    await user.type(confirmation, 'new-password-2');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(submit).toBeDisabled();
  });

  it('resets, shows success and goes to /auth after 3 s', async () => {
    firebase.verifyPasswordResetCode.mockResolvedValue('ada@example.com');
    firebase.confirmPasswordReset.mockResolvedValue(undefined);
    const { user, router } = renderPage('/reset-password?oobCode=good');
    await user.type(await screen.findByLabelText('New Password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(
      await screen.findByRole('heading', { name: 'Password Reset Successful' }),
    ).toBeInTheDocument();
    expect(screen.getByText(AUTH_TEXT.resetDone)).toBeInTheDocument();
    expect(firebase.confirmPasswordReset).toHaveBeenCalledWith(
      expect.anything(),
      'good',
      'new-password-1',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'), { timeout: 4000 });
  });

  it('shows the failure message when the reset is refused', async () => {
    firebase.verifyPasswordResetCode.mockResolvedValue('ada@example.com');
    firebase.confirmPasswordReset.mockRejectedValue({ code: 'auth/internal-error' });
    const { user } = renderPage('/reset-password?oobCode=good');
    await user.type(await screen.findByLabelText('New Password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(AUTH_TEXT.resetFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeEnabled();
  });

  it('says Resetting... and keeps submit disabled while the reset runs', async () => {
    firebase.verifyPasswordResetCode.mockResolvedValue('ada@example.com');
    firebase.confirmPasswordReset.mockReturnValue(new Promise(() => {}));
    const { user } = renderPage('/reset-password?oobCode=good');
    await user.type(await screen.findByLabelText('New Password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('button', { name: 'Resetting...' })).toBeDisabled();
  });

  it('shows a mismatch when the new password changes after a matching confirmation', async () => {
    firebase.verifyPasswordResetCode.mockResolvedValue('ada@example.com');
    const { user } = renderPage('/reset-password?oobCode=good');
    const password = await screen.findByLabelText('New Password');
    await user.type(password, 'new-password-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'new-password-1');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeEnabled();
    await user.type(password, '2');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeDisabled();
  });
});
