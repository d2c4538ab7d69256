import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FirebaseError } from 'firebase/app';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { polyfillDialog } from '../../testing/learner-page-fixture';
import { LEARN_TEXT } from './learn-messages';
import { openSaveDialog, type AccountLinks } from './save-progress-dialog';

function open(links: Partial<AccountLinks> = {}) {
  const all: AccountLinks = {
    withEmail: vi.fn(async () => ({ uid: 'anon-1', completedTopicIds: ['t1'] })),
    withGoogle: vi.fn(async () => ({ uid: 'anon-1', completedTopicIds: ['t1'] })),
    ...links,
  };
  const onSaved = vi.fn();
  const onClosed = vi.fn();
  openSaveDialog(document, { slug: 'slug-1', completed: ['t1'], onSaved, onClosed }, all);
  const dialog = screen.getByRole('dialog', { name: 'Save your progress' });
  return { links: all, onSaved, onClosed, dialog, user: userEvent.setup() };
}

const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(new RegExp(`^${label}`));

async function fill(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(field(dialog, 'First Name'), ' Ada ');
  await user.type(field(dialog, 'Last Name'), 'Lovelace');
  await user.type(field(dialog, 'Email'), 'Ada@Example.com');
  await user.type(field(dialog, 'Password'), 'analytical-9');
}

beforeEach(() => polyfillDialog());
afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('Save your progress dialog', () => {
  it('checks the form with the sign-up rules before linking anything', async () => {
    const { dialog, links, user } = open();
    await user.type(field(dialog, 'Email'), 'not-an-email');
    await user.type(field(dialog, 'Password'), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));

    expect(within(dialog).getByText('First name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Last name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(dialog).getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(field(dialog, 'First Name')).toHaveAttribute('aria-invalid', 'true');
    expect(field(dialog, 'First Name')).toHaveAccessibleDescription('First name is required');
    expect(field(dialog, 'First Name')).toHaveFocus();
    expect(links.withEmail).not.toHaveBeenCalled();

    await user.type(field(dialog, 'First Name'), 'A');
    expect(field(dialog, 'First Name')).not.toHaveAttribute('aria-invalid');
  });

  it('links with the cleaned form values and closes', async () => {
    const { dialog, links, onSaved, onClosed, user } = open();
    await fill(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onClosed).toHaveBeenCalledOnce());
    expect(links.withEmail).toHaveBeenCalledWith(
      'slug-1',
      {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        password: 'analytical-9',
      },
      ['t1'],
    );
    expect(onSaved).toHaveBeenCalledWith({ uid: 'anon-1', completedTopicIds: ['t1'] });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so in the dialog when the e-mail already has an account', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { dialog, onSaved, user } = open({
      withEmail: vi.fn(async () => {
        throw new FirebaseError('auth/email-already-in-use', 'in use');
      }),
    });
    await fill(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(LEARN_TEXT.emailInUse);
    expect(onSaved).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Create account' })).toBeEnabled();
  });

  it('says nothing when the learner closes the Google popup', async () => {
    const { dialog, onSaved, user } = open({
      withGoogle: vi.fn(async () => {
        throw new FirebaseError('auth/popup-closed-by-user', 'closed');
      }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Continue with Google' })).toBeEnabled(),
    );
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('closes on Cancel, telling the page', async () => {
    const { dialog, onClosed, user } = open();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClosed).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
