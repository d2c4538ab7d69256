import { screen } from '@testing-library/react';
import type * as FirebaseAuth from 'firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '../../../testing/test-session';
import { AUTH_TEXT } from '../auth-messages';
import { VerifyEmailPage } from './VerifyEmailPage';

const firebase = vi.hoisted(() => ({ applyActionCode: vi.fn() }));

vi.mock('firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof FirebaseAuth>()),
  ...firebase,
}));

beforeEach(() => firebase.applyActionCode.mockReset());

describe('VerifyEmailPage', () => {
  it('explains a missing code without asking Firebase', () => {
    renderInRouter(<VerifyEmailPage />, { path: '/verify-email' });
    expect(screen.getByRole('heading', { name: 'Invalid Verification Link' })).toBeInTheDocument();
    expect(screen.getByText(AUTH_TEXT.missingVerifyCode)).toBeInTheDocument();
    expect(firebase.applyActionCode).not.toHaveBeenCalled();
  });

  it('applies the code once and confirms; a visitor is offered the login', async () => {
    firebase.applyActionCode.mockResolvedValue(undefined);
    renderInRouter(<VerifyEmailPage />, {
      path: '/verify-email?oobCode=code-1',
      session: 'visitor',
    });
    expect(await screen.findByRole('heading', { name: 'E-mail Verified' })).toBeInTheDocument();
    expect(screen.getByText(AUTH_TEXT.emailVerified)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login Now' })).toHaveAttribute(
      'href',
      '/auth?mode=login',
    );
    expect(firebase.applyActionCode).toHaveBeenCalledOnce();
    expect(firebase.applyActionCode.mock.calls[0]?.[1]).toBe('code-1');
  });

  it('sends a signed-in user on to their courses', async () => {
    firebase.applyActionCode.mockResolvedValue(undefined);
    renderInRouter(<VerifyEmailPage />, { path: '/verify-email?oobCode=code-2', session: 'user' });
    expect(await screen.findByRole('link', { name: 'Go to My Courses' })).toHaveAttribute(
      'href',
      '/courses',
    );
  });
});
