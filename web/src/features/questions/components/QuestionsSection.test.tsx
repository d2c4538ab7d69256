import {
  QUESTION_MESSAGES,
  QUESTIONS_PER_TOPIC_MAX,
  type Question,
  type QuestionGenerationResult,
} from '@coursecraft/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderInRouter } from '../../../testing/test-session';
import { QuestionsSection } from './QuestionsSection';

const TOPIC = { courseId: 'c1', subjectId: 's1', chapterId: 'ch1', topicId: 't1' };
const BASE = '/api/courses/c1/subjects/s1/chapters/ch1/topics/t1';

const trueFalse = (id: string, text: string, extra: Partial<Question> = {}): Question =>
  ({
    id,
    origin: 'generated',
    type: 'true_false',
    text,
    explanation: '',
    quiz_only: false,
    answer: true,
    ...extra,
  }) as Question;

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/**
 * A stand-in for the questions API over `questions`; `generated` answers a generation (or a
 * Response for a failure). Records what was sent.
 */
function fakeQuestionsApi(
  questions: Question[],
  generated: QuestionGenerationResult | Response = {
    questions,
    added: 0,
    discarded: 0,
    message: '',
  },
) {
  let list = [...questions];
  const sent: Sent[] = [];
  stubFetch(async (url, init) => {
    const method = init.method ?? 'GET';
    const body = init.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown);
    sent.push({ method, url, body });
    if (url === `${BASE}/questions` && method === 'GET') return Response.json({ questions: list });
    if (url === `${BASE}/questions/order` && method === 'PUT') {
      const { ids } = body as { ids: string[] };
      list = ids.map((id) => list.find((question) => question.id === id) as Question);
      return Response.json({ questions: list });
    }
    if (url === `${BASE}/generate_questions`) {
      if (generated instanceof Response) return generated.clone();
      list = generated.questions;
      return Response.json(generated);
    }
    const one = url.match(/\/questions\/([^/]+)$/);
    if (one && method === 'DELETE') {
      list = list.filter((question) => question.id !== one[1]);
      return new Response(null, { status: 204 });
    }
    return Response.json({ error: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
  });
  return { sent };
}

function renderSection(hasLesson = true) {
  renderInRouter(<QuestionsSection topic={TOPIC} hasLesson={hasLesson} />, { session: 'user' });
  return userEvent.setup();
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const list = () => screen.getByRole('list', { name: 'Questions of this topic' });
const handles = () =>
  within(list())
    .getAllByRole('button', { name: /^Reorder / })
    .map((handle) => handle.getAttribute('aria-label'));

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('QuestionsSection', { timeout: 20_000 }, () => {
  it('lists the questions with their type, text and Quiz only mark', async () => {
    fakeQuestionsApi([
      trueFalse('q1', 'The sky is **blue**.'),
      trueFalse('q2', 'Water is dry.', { quiz_only: true }),
    ]);
    renderSection();
    expect(await screen.findByRole('heading', { name: QUESTION_MESSAGES.section })).toBeVisible();
    const items = await within(await screen.findByRole('list')).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('True or false');
    expect(items[0]).toHaveTextContent('The sky is blue.');
    expect(items[0]).not.toHaveTextContent(QUESTION_MESSAGES.quizOnly);
    expect(items[1]).toHaveTextContent(QUESTION_MESSAGES.quizOnly);
    expect(
      within(items[1] as HTMLElement).getByRole('button', { name: 'Edit Water is dry.' }),
    ).toBeVisible();
    expect(handles()).toEqual(['Reorder The sky is blue.', 'Reorder Water is dry.']);
  });

  it('disables Generate Questions for a topic without a lesson, and says why', async () => {
    fakeQuestionsApi([]);
    renderSection(false);
    expect(await screen.findByText(/No questions yet/)).toBeVisible();
    expect(button(QUESTION_MESSAGES.generate)).toBeDisabled();
    expect(button(QUESTION_MESSAGES.add)).toBeEnabled();
    expect(screen.getByText(QUESTION_MESSAGES.noLesson)).toBeVisible();
  });

  it('disables Generate Questions and Add Question at the limit, and says why', async () => {
    fakeQuestionsApi(
      Array.from({ length: QUESTIONS_PER_TOPIC_MAX }, (_, n) => trueFalse(`q${n}`, `Claim ${n}`)),
    );
    renderSection();
    expect(await screen.findByText(QUESTION_MESSAGES.atLimit)).toBeVisible();
    expect(button(QUESTION_MESSAGES.generate)).toBeDisabled();
    expect(button(QUESTION_MESSAGES.add)).toBeDisabled();
  });

  it('generates questions and shows the message as the server words it, with the new list', async () => {
    const made = [trueFalse('q1', 'One'), trueFalse('q2', 'Two')];
    const api = fakeQuestionsApi([], {
      questions: made,
      added: 2,
      discarded: 1,
      message: 'Generated 2 questions (1 discarded as invalid).',
    });
    const user = renderSection();
    await screen.findByText(/No questions yet/);
    await user.click(button(QUESTION_MESSAGES.generate));
    expect(
      await screen.findByText('Generated 2 questions (1 discarded as invalid).'),
    ).toBeVisible();
    expect(handles()).toEqual(['Reorder One', 'Reorder Two']);
    expect(api.sent.find((request) => request.url.endsWith('/generate_questions'))?.body).toEqual(
      {},
    );
    // The message leaves when a dialog opens: on a phone it would cover the dialog's buttons.
    await user.click(button(QUESTION_MESSAGES.add));
    await waitFor(() =>
      expect(screen.queryByText('Generated 2 questions (1 discarded as invalid).')).toBeNull(),
    );
  });

  it('shows a failed generation with the server’s words', async () => {
    fakeQuestionsApi(
      [],
      Response.json(
        { error: QUESTION_MESSAGES.noneValid, code: 'GEMINI_UNAVAILABLE' },
        { status: 502 },
      ),
    );
    const user = renderSection();
    await screen.findByText(/No questions yet/);
    await user.click(button(QUESTION_MESSAGES.generate));
    expect(await screen.findByText(QUESTION_MESSAGES.noneValid)).toBeVisible();
    expect(button(QUESTION_MESSAGES.generate)).toBeEnabled();
  });

  it('regenerates with instructions after the confirmation, in replace mode', async () => {
    const api = fakeQuestionsApi([trueFalse('q1', 'Old')], {
      questions: [trueFalse('q9', 'New')],
      added: 1,
      discarded: 0,
      message: 'Generated 1 question.',
    });
    const user = renderSection();
    await screen.findByText('Old');
    await user.click(button(QUESTION_MESSAGES.regenerate));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(QUESTION_MESSAGES.regenerateConfirm);
    await user.type(within(dialog).getByRole('textbox'), 'Harder ones');
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByText('Generated 1 question.')).toBeVisible();
    expect(api.sent.find((request) => request.url.endsWith('/generate_questions'))?.body).toEqual({
      mode: 'replace',
      instructions: 'Harder ones',
    });
    expect(handles()).toEqual(['Reorder New']);
  });

  it('deletes a question after the confirmation', async () => {
    const api = fakeQuestionsApi([trueFalse('q1', 'Keep'), trueFalse('q2', 'Drop')]);
    const user = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Delete Drop' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete question?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(handles()).toEqual(['Reorder Keep']));
    expect(
      api.sent.some((request) => request.method === 'DELETE' && request.url.endsWith('/q2')),
    ).toBe(true);
  });

  it('reorders a question with the keyboard and saves the whole order', async () => {
    const api = fakeQuestionsApi([
      trueFalse('q1', 'First'),
      trueFalse('q2', 'Second'),
      trueFalse('q3', 'Third'),
    ]);
    renderSection();
    const handle = await screen.findByRole('button', { name: 'Reorder First' });
    // jsdom lays nothing out: each question gets its own row, so the arrow keys find the next one.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      const item = this.closest('li');
      const row = item ? Array.from(item.parentElement?.children ?? []).indexOf(item) : 0;
      return DOMRect.fromRect({ x: 0, y: row * 60, width: 400, height: 50 });
    });
    act(() => handle.focus());
    fireEvent.keyDown(handle, { key: ' ', code: 'Space' });
    await waitFor(() => expect(handle).toHaveAttribute('aria-pressed', 'true'));
    fireEvent.keyDown(document, { key: 'ArrowDown', code: 'ArrowDown' });
    expect(await screen.findByText('Question First is at position 2 of 3.')).toBeInTheDocument();
    fireEvent.keyDown(document, { key: ' ', code: 'Space' });
    await waitFor(() =>
      expect(handles()).toEqual(['Reorder Second', 'Reorder First', 'Reorder Third']),
    );
    await waitFor(() =>
      expect(api.sent.find((request) => request.url.endsWith('/order'))?.body).toEqual({
        ids: ['q2', 'q1', 'q3'],
      }),
    );
  });
});
