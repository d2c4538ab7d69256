import { topicInputSchema } from '@coursecraft/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NameDialog } from './NameDialog';

afterEach(() => vi.restoreAllMocks());

function renderDialog(onSubmit: (text: string) => Promise<unknown>, initialValue = '') {
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <NameDialog
        title="Edit Topic"
        label="Topic Name"
        initialValue={initialValue}
        submitLabel="Save Changes"
        busyLabel="Saving..."
        fieldSchema={topicInputSchema.shape.name}
        failureMessage="Failed to update topic. Please try again."
        onClose={onClose}
        onSubmit={onSubmit}
      />
    </QueryClientProvider>,
  );
  const backdrop = () => {
    const container = document.querySelector('.MuiDialog-container');
    if (!(container instanceof HTMLElement)) throw new Error('No dialog container');
    return container;
  };
  return { onClose, backdrop, user: userEvent.setup() };
}

describe('NameDialog', () => {
  it('refuses a blank text with the schema’s message and sends the trimmed text', async () => {
    const onSubmit = vi.fn(async () => {});
    const { onClose, user } = renderDialog(onSubmit);
    await user.type(screen.getByLabelText('Topic Name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Topic name is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Topic Name'), 'Angles  ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith('Angles', expect.anything());
  });

  it('reads the busy label with both buttons disabled while saving', async () => {
    let finish: () => void = () => {};
    const { onClose, user } = renderDialog(
      () => new Promise<void>((resolve) => (finish = resolve)),
      'Angles',
    );
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    finish();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('keeps the dialog and its text open with the failure message when saving fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { onClose, user } = renderDialog(() => Promise.reject(new Error('boom')), 'Angles');
    await user.type(screen.getByLabelText('Topic Name'), ' and sides');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText('Failed to update topic. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Topic Name')).toHaveValue('Angles and sides');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    expect(onClose).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledWith(
      'Failed to update topic. Please try again.',
      expect.any(Error),
    );
  });

  it('ignores a click beside a changed text, and closes on one beside an unchanged text', async () => {
    const { onClose, backdrop, user } = renderDialog(async () => {}, 'Angles');
    await user.type(screen.getByLabelText('Topic Name'), '!');
    await user.click(backdrop());
    expect(onClose).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Topic Name'), '{Backspace}');
    await user.click(backdrop());
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
