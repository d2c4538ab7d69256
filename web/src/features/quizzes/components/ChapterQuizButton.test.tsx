import {
  DEFAULT_CHAPTER_QUIZ_SETTINGS,
  QUIZ_MESSAGES,
  type ChapterQuiz,
  type ChapterQuizSettings,
} from '@coursecraft/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderInRouter } from '../../../testing/test-session';
import { ChapterQuizButton } from './ChapterQuizButton';

const CHAPTER = { courseId: 'c1', subjectId: 's1', chapterId: 'ch1' };
const URL = '/api/courses/c1/subjects/s1/chapters/ch1/quiz';

interface Sent {
  method: string;
  body: unknown;
}

/**
 * A stand-in for the chapter quiz API holding `quiz`; a PUT waits for `release()` when `hold` is
 * set, so the busy state can be seen. Records what was sent.
 */
function fakeQuizApi(quiz: ChapterQuiz, { hold = false } = {}) {
  let stored = quiz;
  const sent: Sent[] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  stubFetch(async (url, init) => {
    const method = init.method ?? 'GET';
    const body = init.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown);
    sent.push({ method, body });
    if (url !== URL)
      return Response.json({ error: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
    if (method === 'PUT') {
      if (hold) await held;
      stored = { ...stored, settings: body as ChapterQuizSettings };
    }
    return Response.json(stored);
  });
  return { sent, release, puts: () => sent.filter((request) => request.method === 'PUT') };
}

async function openDialog() {
  const user = userEvent.setup();
  renderInRouter(<ChapterQuizButton chapter={CHAPTER} chapterName="Measures of centre" />, {
    session: 'user',
  });
  await user.click(screen.getByRole('button', { name: QUIZ_MESSAGES.chapterQuiz }));
  const dialog = screen.getByRole('dialog', { name: QUIZ_MESSAGES.chapterQuiz });
  await within(dialog).findByLabelText(QUIZ_MESSAGES.passMark);
  return { user, dialog };
}

const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(label) as HTMLInputElement;

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Chapter quiz settings', { timeout: 20_000 }, () => {
  it('shows the defaults for a chapter never saved, with the pool size', async () => {
    fakeQuizApi({ settings: DEFAULT_CHAPTER_QUIZ_SETTINGS, pool_size: 6 });
    const { dialog } = await openDialog();
    expect(dialog).toHaveTextContent('Measures of centre');
    expect(dialog).toHaveTextContent(QUIZ_MESSAGES.poolSize(6));
    expect(within(dialog).getByRole('radio', { name: QUIZ_MESSAGES.allQuestions })).toBeChecked();
    expect(field(dialog, QUIZ_MESSAGES.questionCount)).toBeDisabled();
    expect(field(dialog, QUIZ_MESSAGES.passMark)).toHaveValue(70);
    expect(field(dialog, QUIZ_MESSAGES.attempts)).toHaveDisplayValue(QUIZ_MESSAGES.unlimited);
    expect(field(dialog, QUIZ_MESSAGES.shuffle)).not.toBeChecked();
    expect(field(dialog, QUIZ_MESSAGES.showAnswersAfter)).toHaveDisplayValue(
      'Passing or the last attempt',
    );
  });

  it('saves exactly the settings chosen, busy while saving, then says so', async () => {
    const api = fakeQuizApi(
      { settings: DEFAULT_CHAPTER_QUIZ_SETTINGS, pool_size: 6 },
      { hold: true },
    );
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: QUIZ_MESSAGES.randomQuestions }));
    await user.clear(field(dialog, QUIZ_MESSAGES.questionCount));
    await user.type(field(dialog, QUIZ_MESSAGES.questionCount), '4');
    await user.clear(field(dialog, QUIZ_MESSAGES.passMark));
    await user.type(field(dialog, QUIZ_MESSAGES.passMark), '80');
    await user.selectOptions(field(dialog, QUIZ_MESSAGES.attempts), '3');
    await user.click(field(dialog, QUIZ_MESSAGES.shuffle));
    await user.selectOptions(field(dialog, QUIZ_MESSAGES.showAnswersAfter), 'Never');
    await user.click(within(dialog).getByRole('button', { name: QUIZ_MESSAGES.saveSettings }));
    expect(await within(dialog).findByRole('button', { name: 'Saving...' })).toBeDisabled();
    api.release();
    expect(await within(dialog).findByText(QUIZ_MESSAGES.saved)).toBeVisible();
    expect(api.puts().map((request) => request.body)).toEqual([
      {
        questions_per_attempt: 4,
        pass_mark: 80,
        attempts: 3,
        shuffle: true,
        show_answers_after: 'never',
      },
    ]);
    expect(within(dialog).getByRole('button', { name: QUIZ_MESSAGES.saveSettings })).toBeEnabled();
  });

  it('shows the rules broken and sends nothing, and says when the chapter has no question', async () => {
    const api = fakeQuizApi({ settings: DEFAULT_CHAPTER_QUIZ_SETTINGS, pool_size: 0 });
    const { user, dialog } = await openDialog();
    expect(dialog).toHaveTextContent(QUIZ_MESSAGES.noQuestions);
    await user.clear(field(dialog, QUIZ_MESSAGES.passMark));
    await user.type(field(dialog, QUIZ_MESSAGES.passMark), '150');
    await user.click(within(dialog).getByRole('radio', { name: QUIZ_MESSAGES.randomQuestions }));
    await user.clear(field(dialog, QUIZ_MESSAGES.questionCount));
    await user.click(within(dialog).getByRole('button', { name: QUIZ_MESSAGES.saveSettings }));
    expect(await within(dialog).findByText(QUIZ_MESSAGES.passMarkRange)).toBeVisible();
    expect(within(dialog).getByText(QUIZ_MESSAGES.questionsRange)).toBeVisible();
    expect(field(dialog, QUIZ_MESSAGES.passMark)).toHaveAccessibleDescription(
      QUIZ_MESSAGES.passMarkRange,
    );
    await waitFor(() => expect(field(dialog, QUIZ_MESSAGES.questionCount)).toHaveFocus());
    expect(api.puts()).toEqual([]);
    expect(within(dialog).queryByText(QUIZ_MESSAGES.saved)).toBeNull();
  });

  it('keeps saved settings: opened again, it shows them', async () => {
    fakeQuizApi({
      settings: { ...DEFAULT_CHAPTER_QUIZ_SETTINGS, questions_per_attempt: 5, attempts: 2 },
      pool_size: 9,
    });
    const { dialog } = await openDialog();
    expect(
      within(dialog).getByRole('radio', { name: QUIZ_MESSAGES.randomQuestions }),
    ).toBeChecked();
    expect(field(dialog, QUIZ_MESSAGES.questionCount)).toHaveValue(5);
    expect(field(dialog, QUIZ_MESSAGES.attempts)).toHaveDisplayValue('2');
  });
});
