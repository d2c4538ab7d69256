import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';

function renderWithClient(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe('ConfirmDialog', () => {
  it('disables both buttons while the action runs, then closes on success', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onClose = vi.fn();
    renderWithClient(
      <ConfirmDialog
        title="Delete Topic"
        confirmLabel="Delete Topic"
        failureMessage="Failed to delete topic. Please try again."
        onClose={onClose}
        onConfirm={onConfirm}
      >
        Are you sure?
      </ConfirmDialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Delete Topic' })).toHaveAccessibleDescription(
      'Are you sure?',
    );
    await user.click(screen.getByRole('button', { name: 'Delete Topic' }));
    expect(screen.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    finish();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('stays open with the failure message when the action fails', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onClose = vi.fn();
    renderWithClient(
      <ConfirmDialog
        title="Delete Topic"
        confirmLabel="Delete Topic"
        failureMessage="Failed to delete topic. Please try again."
        onClose={onClose}
        onConfirm={() => Promise.reject(new Error('boom'))}
      >
        Are you sure?
      </ConfirmDialog>,
    );
    await user.click(screen.getByRole('button', { name: 'Delete Topic' }));
    expect(
      await screen.findByText('Failed to delete topic. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Topic' })).toBeEnabled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('can draw its failure message from the error', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithClient(
      <ConfirmDialog
        title="Publish course"
        confirmLabel="Publish"
        confirmColor="primary"
        failureMessage={(error) => `Could not publish: ${error.message}`}
        onClose={() => {}}
        onConfirm={() => Promise.reject(new Error('busy'))}
      >
        Learners will see the course.
      </ConfirmDialog>,
    );
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Could not publish: busy')).toBeInTheDocument();
  });
});
