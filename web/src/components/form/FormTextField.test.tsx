import { courseInputSchema } from '@coursecraft/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useZodForm } from '../../lib/use-zod-form';
import { FormTextField } from './FormTextField';

function CourseNameForm({ onSave }: { onSave: (input: { name: string }) => void }) {
  const { control, handleSubmit } = useZodForm(courseInputSchema, {
    defaultValues: { name: '', description: '' },
  });
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSave)(event)}>
      <FormTextField control={control} name="name" label="Course Name" />
      <button type="submit">Save</button>
    </form>
  );
}

describe('FormTextField with useZodForm', () => {
  it('shows the schema’s message under the field and does not submit a blank name', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<CourseNameForm onSave={onSave} />);
    await user.type(screen.getByLabelText('Course Name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Course name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Course Name')).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('submits the schema’s output: trimmed and defaulted', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<CourseNameForm onSave={onSave} />);
    await user.type(screen.getByLabelText('Course Name'), '  Algebra  ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toEqual({ name: 'Algebra', description: '' });
  });
});
