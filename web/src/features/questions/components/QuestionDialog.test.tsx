import { QUESTION_MESSAGES, type QuestionInput } from '@coursecraft/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '../../../testing/test-session';
import { blankForm, type QuestionForm } from '../question-form';
import { QuestionDialog } from './QuestionDialog';

function renderDialog(initial: QuestionForm = blankForm()) {
  const onSave = vi.fn(async (_input: QuestionInput) => {});
  const onClose = vi.fn();
  renderInRouter(
    <QuestionDialog
      title="Add Question"
      initial={initial}
      failureMessage={(error) => error.message}
      onSave={onSave}
      onClose={onClose}
    />,
    { session: 'user' },
  );
  return { onSave, onClose, user: userEvent.setup() };
}

const field = (name: string) => screen.getByRole('textbox', { name });

/** Types `text` into the field `name` at once (one change, not one per key: the preview redraws on each). */
async function fill(user: ReturnType<typeof userEvent.setup>, name: string, text: string) {
  await user.click(field(name));
  await user.paste(text);
}
const save = () => screen.getByRole('button', { name: 'Save' });
const preview = () => screen.getByRole('region', { name: 'Preview' });
const PART_ID = /^[A-Za-z0-9]{1,20}$/;

async function chooseType(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(screen.getByRole('combobox', { name: 'Type' }));
  await user.click(await screen.findByRole('option', { name: label }));
}

// The preview redraws markdown on each change: on a busy machine a test takes seconds.
describe('QuestionDialog', { timeout: 20_000 }, () => {
  it('saves a single choice with its options, correct one, feedback and random part ids', async () => {
    const { onSave, onClose, user } = renderDialog();
    await fill(user, 'Question', 'What is 2 + 2?');
    await fill(user, 'Option 1', '3');
    await fill(user, 'Option 2', '4');
    await user.click(screen.getByRole('checkbox', { name: 'Option 2 is correct' }));
    await fill(user, 'Feedback for option 1', 'Count again.');
    await fill(user, 'Explanation', 'Two and two make four.');
    await user.click(save());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = onSave.mock.calls[0]?.[0];
    expect(sent).toMatchObject({
      type: 'single_choice',
      text: 'What is 2 + 2?',
      explanation: 'Two and two make four.',
      quiz_only: false,
      options: [
        { text: '3', correct: false, feedback: 'Count again.' },
        { text: '4', correct: true, feedback: '' },
      ],
    });
    if (sent?.type !== 'single_choice') throw new Error('not a single choice');
    for (const option of sent.options) expect(option.id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(sent.options[0]?.id).not.toBe(sent.options[1]?.id);
  });

  it('keeps one correct option in a single choice and several in a multiple choice', async () => {
    const { user } = renderDialog();
    const correct = (n: number) => screen.getByRole('checkbox', { name: `Option ${n} is correct` });
    await user.click(correct(1));
    await user.click(correct(2));
    expect(correct(1)).not.toBeChecked();
    await chooseType(user, 'Multiple choice');
    await user.click(correct(1));
    expect(correct(1)).toBeChecked();
    expect(correct(2)).toBeChecked();
  });

  it('adds and removes options within 2 to 8', async () => {
    const { user } = renderDialog();
    expect(screen.getByRole('button', { name: 'Remove option 1' })).toBeDisabled();
    const add = screen.getByRole('button', { name: 'Add option' });
    for (let n = 3; n <= 8; n += 1) await user.click(add);
    expect(field('Option 8')).toBeInTheDocument();
    expect(add).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove option 8' }));
    expect(screen.queryByRole('textbox', { name: 'Option 8' })).toBeNull();
    expect(add).toBeEnabled();
  });

  it('saves a true or false question with its answer, marked Quiz only', async () => {
    const { onSave, user } = renderDialog();
    await chooseType(user, 'True or false');
    await fill(user, 'Question', 'The sky is green.');
    await user.click(screen.getByRole('radio', { name: 'False' }));
    await user.click(screen.getByRole('checkbox', { name: QUESTION_MESSAGES.quizOnly }));
    await user.click(save());
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]?.[0]).toEqual({
      type: 'true_false',
      text: 'The sky is green.',
      explanation: '',
      quiz_only: true,
      answer: false,
    });
  });

  it('saves a short answer with its accepted answers and a numeric tolerance', async () => {
    const { onSave, user } = renderDialog();
    await chooseType(user, 'Short answer');
    await fill(user, 'Question', 'What is pi to two places?');
    await fill(user, 'Accepted answer 1', '3.14');
    await user.click(screen.getByRole('button', { name: 'Add accepted answer' }));
    await fill(user, 'Accepted answer 2', 'pi');
    await fill(user, 'Numeric tolerance', '0,01');
    await user.click(save());
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]?.[0]).toEqual({
      type: 'short_answer',
      text: 'What is pi to two places?',
      explanation: '',
      quiz_only: false,
      accepted_answers: ['3.14', 'pi'],
      tolerance: 0.01,
    });
  });

  it('saves an ordering question with its steps in the order set, moved by their buttons', async () => {
    const { onSave, user } = renderDialog();
    await chooseType(user, 'Order the steps');
    await fill(user, 'Question', 'Put the steps in order.');
    await fill(user, 'Step 1', 'Boil');
    await fill(user, 'Step 2', 'Fill the kettle');
    await user.click(screen.getByRole('button', { name: 'Add step' }));
    await fill(user, 'Step 3', 'Pour');
    await user.click(screen.getByRole('button', { name: 'Move step 2 up' }));
    expect(
      within(preview())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Fill the kettle', 'Boil', 'Pour']);
    await user.click(save());
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    const sent = onSave.mock.calls[0]?.[0];
    if (sent?.type !== 'ordering') throw new Error('not an ordering question');
    expect(sent.items.map((item) => item.text)).toEqual(['Fill the kettle', 'Boil', 'Pour']);
    for (const item of sent.items) expect(item.id).toMatch(PART_ID);
  });

  it('shows the schema messages by their fields and sends nothing while any remains', async () => {
    const { onSave, user } = renderDialog();
    await fill(user, 'Option 1', 'Same');
    await fill(user, 'Option 2', 'same');
    await user.click(save());
    expect(await screen.findByText('Question text is required')).toBeVisible();
    expect(screen.getByText(QUESTION_MESSAGES.singleNeedsOne, { exact: false })).toBeVisible();
    expect(screen.getByText(QUESTION_MESSAGES.duplicateOptions, { exact: false })).toBeVisible();
    expect(onSave).not.toHaveBeenCalled();
    await fill(user, 'Question', 'Pick one');
    expect(screen.queryByText('Question text is required')).toBeNull();
    await user.clear(field('Option 2'));
    await user.click(save());
    expect(await screen.findByText('Option text is required')).toBeVisible();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses a tolerance that is not a number', async () => {
    const { onSave, user } = renderDialog();
    await chooseType(user, 'Short answer');
    await fill(user, 'Question', 'How many?');
    await fill(user, 'Accepted answer 1', '12');
    await fill(user, 'Numeric tolerance', 'a few');
    await user.click(save());
    expect(field('Numeric tolerance')).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('previews the text as markdown with math, the options and the explanation', async () => {
    const { user } = renderDialog();
    await fill(user, 'Question', 'Solve **now**: $x^2$');
    await fill(user, 'Option 1', 'Zero');
    await fill(user, 'Explanation', 'Because.');
    const shown = preview();
    expect(await within(shown).findByText('now', {}, { timeout: 5000 })).toHaveProperty(
      'tagName',
      'STRONG',
    );
    await waitFor(() => expect(shown.querySelector('.katex')).not.toBeNull());
    expect(within(shown).getByText('Zero')).toBeVisible();
    expect(within(shown).getByText('Because.')).toBeVisible();
    expect(within(shown).getByText(QUESTION_MESSAGES.explanation)).toBeVisible();
  });

  it('shows the failure of a save and stays open with what was typed', async () => {
    const onSave = vi.fn(async () => {
      throw new Error('A topic can have at most 20 questions.');
    });
    const onClose = vi.fn();
    renderInRouter(
      <QuestionDialog
        title="Add Question"
        initial={{ ...blankForm(), type: 'true_false', text: 'Is it?' }}
        failureMessage={(error) => error.message}
        onSave={onSave}
        onClose={onClose}
      />,
      { session: 'user' },
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await userEvent.setup().click(save());
    expect(await screen.findByText('A topic can have at most 20 questions.')).toBeVisible();
    expect(field('Question')).toHaveValue('Is it?');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('is full screen on a phone', () => {
    renderInRouter(
      <QuestionDialog
        title="Add Question"
        initial={blankForm()}
        failureMessage={(error) => error.message}
        onSave={async () => {}}
        onClose={() => {}}
      />,
      { session: 'user', viewport: 'phone' },
    );
    expect(document.querySelector('.MuiDialog-paperFullScreen')).not.toBeNull();
  });
});
