import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '../../testing/test-session';
import { RegenerateWithInstructions } from './RegenerateWithInstructions';

describe('RegenerateWithInstructions', () => {
  it('asks what should change, hands the trimmed instruction on and closes once done', async () => {
    const onRegenerate = vi.fn(async (_instructions: string) => {});
    renderInRouter(
      <RegenerateWithInstructions
        what="topics of Limits"
        failureMessage={() => 'Failed'}
        onRegenerate={onRegenerate}
      />,
    );
    const user = userEvent.setup();
    await user.click(
      screen.getByRole('button', { name: 'Regenerate with instructions: topics of Limits' }),
    );
    const dialog = screen.getByRole('dialog', {
      name: 'Regenerate topics of Limits with instructions',
    });
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByText('Say what should change.')).toBeVisible();
    expect(onRegenerate).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('What should change?'), '  fewer topics, more practice ');
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(onRegenerate.mock.calls[0]?.[0]).toBe('fewer topics, more practice');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('keeps the dialog and the instruction when the regeneration fails, with its message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderInRouter(
      <RegenerateWithInstructions
        what="the lesson Slopes"
        failureMessage={(error) => `Failed: ${error.message}`}
        onRegenerate={() => Promise.reject(new Error('quota used up'))}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Regenerate with instructions/ }));
    await user.type(screen.getByLabelText('What should change?'), 'Use a cooking analogy');
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByText('Failed: quota used up')).toBeVisible();
    expect(screen.getByLabelText('What should change?')).toHaveValue('Use a cooking analogy');
  });
});
