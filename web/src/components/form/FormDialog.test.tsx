import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { useZodForm } from '../../lib/use-zod-form';
import { FormDialog } from './FormDialog';
import { FormTextField } from './FormTextField';

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  note: z.string().trim(),
});

function Harness({
  busy = false,
  error,
  onClose,
  onValid,
}: {
  busy?: boolean;
  error?: string;
  onClose: () => void;
  onValid: (values: z.infer<typeof schema>) => void;
}) {
  const {
    control,
    handleSubmit,
    formState: { isDirty },
  } = useZodForm(schema, { defaultValues: { name: 'Angles', note: '' } });
  return (
    <FormDialog
      title="Rename"
      submitLabel="Save"
      busyLabel="Saving..."
      busy={busy}
      dirty={isDirty}
      error={error}
      onClose={onClose}
      onSubmit={handleSubmit(onValid)}
    >
      <FormTextField control={control} name="name" label="Name" autoFocus fullWidth />
      <FormTextField control={control} name="note" label="Note" fullWidth />
    </FormDialog>
  );
}

function renderDialog(props: { busy?: boolean; error?: string } = {}) {
  const onClose = vi.fn();
  const onValid = vi.fn();
  const view = render(<Harness {...props} onClose={onClose} onValid={onValid} />);
  return { onClose, onValid, view, user: userEvent.setup() };
}

describe('FormDialog', () => {
  it('is named by its title and shows the fields, Cancel and the submit button', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Rename' });
    expect(dialog).toContainElement(screen.getByLabelText('Name'));
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reads the busy label with both buttons disabled while busy, and stays open on Escape', async () => {
    const { onClose, user } = renderDialog({ busy: true });
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the error above the fields', () => {
    renderDialog({ error: 'Failed to save. Please try again.' });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to save. Please try again.');
  });

  it('closes on Cancel without submitting', async () => {
    const { onClose, onValid, user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onValid).not.toHaveBeenCalled();
  });

  // Two fields, so that Enter submits only through the submit button (a lone field would anyway).
  it('submits the validated fields on Enter in a field', async () => {
    const { onValid, user } = renderDialog();
    await user.type(screen.getByLabelText('Name'), ' and sides {Enter}');
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid).toHaveBeenCalledWith({ name: 'Angles and sides', note: '' }, expect.anything());
  });

  it('does not submit fields the schema refuses', async () => {
    const { onValid, user } = renderDialog();
    await user.clear(screen.getByLabelText('Name'));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(onValid).not.toHaveBeenCalled();
  });
});
