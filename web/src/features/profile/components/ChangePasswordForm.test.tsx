import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInRouter, TEST_USER } from '../../../testing/test-session';
import { PROFILE_TEXT } from '../profile-messages';
import { ChangePasswordForm } from './ChangePasswordForm';

function renderForm(change = vi.fn(async () => {})) {
  renderInRouter(<ChangePasswordForm user={TEST_USER} change={change} />);
  return { change, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(label);

describe('ChangePasswordForm', () => {
  it('shows each rule once its field is touched and keeps submit disabled while invalid', async () => {
    const { user } = renderForm();
    const submit = screen.getByRole('button', { name: 'Change Password' });
    expect(submit).toBeDisabled();
    expect(screen.queryByText(PROFILE_TEXT.currentRequired)).not.toBeInTheDocument();

    await user.click(field('Current Password'));
    await user.click(field('New Password'));
    expect(screen.getByText(PROFILE_TEXT.currentRequired)).toBeInTheDocument();
    await user.click(field('Confirm Password'));
    expect(screen.getByText(PROFILE_TEXT.newRequired)).toBeInTheDocument();
    await user.tab();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();

    await user.type(field('New Password'), '1234567');
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    await user.type(field('New Password'), '8');
    await user.type(field('Confirm Password'), '1234567X');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(submit).toBeDisabled();
  });

  it('toggles each field between hidden and shown', async () => {
    const { user } = renderForm();
    expect(field('Current Password')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show Current Password' }));
    expect(field('Current Password')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide Current Password' }));
    expect(field('Current Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show New Password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show Confirm Password' })).toBeInTheDocument();
  });

  it('changes the password, clears the form and shows a dismissible success banner', async () => {
    const { user, change } = renderForm();
    await user.type(field('Current Password'), 'old-password');
    await user.type(field('New Password'), 'new-password-1');
    await user.type(field('Confirm Password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(PROFILE_TEXT.passwordChanged)).toBeInTheDocument();
    expect(change).toHaveBeenCalledWith(TEST_USER, 'old-password', 'new-password-1');
    expect(field('Current Password')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText(PROFILE_TEXT.passwordChanged)).not.toBeInTheDocument();
  });

  it.each([
    [{ code: 'auth/invalid-credential' }, PROFILE_TEXT.wrongCurrentPassword],
    [new Error('anything else'), PROFILE_TEXT.changeFailed],
  ])('shows why a change failed (%#)', async (error, message) => {
    const { user } = renderForm(vi.fn(() => Promise.reject(error)));
    await user.type(field('Current Password'), 'old-password');
    await user.type(field('New Password'), 'new-password-1');
    await user.type(field('Confirm Password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('says Changing... and keeps submit disabled while the change runs', async () => {
    const { user } = renderForm(vi.fn(() => new Promise<void>(() => {})));
    await user.type(field('Current Password'), 'old-password');
    await user.type(field('New Password'), 'new-password-1');
    await user.type(field('Confirm Password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('button', { name: 'Changing...' })).toBeDisabled();
  });
});
