import type { AnswerResult, LearnerAnswersInput } from '@coursecraft/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECKS_VERSION, renderChecks } from '../../../testing/checks-fixture';
import { stubFetch } from '../../../testing/fetch-stub';
import {
  FIXTURE_SLUG,
  fakeSession,
  renderLearnerPage,
} from '../../../testing/learner-page-fixture';
import { enhanceLearnerPage, type LearnerDeps } from '../enhance';
import { LEARN_TEXT } from '../learn-messages';
import type { Learner } from '../learner-session';
import { enhanceChecks } from './topic-checks';

const ANSWERS_URL = `/api/learn/${FIXTURE_SLUG}/topics/t2/answers`;

type Grade = (answer: LearnerAnswersInput['answers'][number]) => Partial<AnswerResult> | Response;

/** The answers API: `grade` answers each question; every body sent is kept. */
function fakeAnswersApi(grade: Grade) {
  const sent: LearnerAnswersInput[] = [];
  const spy = stubFetch(async (url, init) => {
    if (url.endsWith('/progress')) return Response.json({ completed_topic_ids: [] });
    expect(url).toBe(ANSWERS_URL);
    expect(init.method).toBe('POST');
    const body = JSON.parse(String(init.body)) as LearnerAnswersInput;
    sent.push(body);
    const answer = body.answers[0];
    if (!answer) throw new Error('No answer sent');
    const graded = grade(answer);
    if (graded instanceof Response) return graded;
    return Response.json({
      results: [
        {
          question_id: answer.question_id,
          correct: null,
          explanation_html: '',
          feedback_html: [],
          answer: null,
          ...graded,
        },
      ],
    });
  });
  return { sent, spy };
}

async function setUp(learner: Learner | null = null) {
  renderLearnerPage('t2');
  renderChecks();
  const { session } = fakeSession(learner);
  const loadChecks = vi.fn(async () => enhanceChecks);
  const deps = {
    sessionLikely: vi.fn(async () => learner !== null),
    loadSession: vi.fn(async () => session),
    loadSaveDialog: vi.fn(async () => () => undefined),
    navigate: vi.fn(),
    loadChecks,
  } satisfies LearnerDeps;
  await enhanceLearnerPage(document, deps);
  return { deps, session, loadChecks, user: userEvent.setup() };
}

const question = (id: string) => {
  const form = document.querySelector<HTMLFormElement>(`form[data-question-id="${id}"]`);
  if (!form) throw new Error(`No form ${id}`);
  return within(form);
};
const resultOf = (id: string) =>
  document.querySelector(`form[data-question-id="${id}"] .check-result`);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  for (const name of Object.keys(document.body.dataset)) delete document.body.dataset[name];
  document.getElementById('learn-script-styles')?.remove();
});

describe('loading the checking script', () => {
  it('loads it only on the first move inside the checks, once', async () => {
    const { loadChecks, user } = await setUp();
    fakeAnswersApi(() => ({}));
    await user.click(screen.getByRole('button', { name: 'Mark as complete' }));
    expect(loadChecks).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: /^Move/ })).toBeNull();
    await user.click(question('qSingle').getByLabelText('Four'));
    await user.click(question('qMulti').getByLabelText('Right'));
    expect(loadChecks).toHaveBeenCalledTimes(1);
    expect(question('qOrder').getByRole('button', { name: 'Move Cut up' })).toBeDisabled();
  });

  it('checks an answer submitted while the script was loading, once it has loaded', async () => {
    renderLearnerPage('t2');
    const section = renderChecks();
    const { session } = fakeSession(null);
    let arrive: (enhance: typeof enhanceChecks) => void = () => undefined;
    const loadChecks = vi.fn(() => new Promise<typeof enhanceChecks>((r) => (arrive = r)));
    await enhanceLearnerPage(document, {
      sessionLikely: async () => false,
      loadSession: async () => session,
      loadSaveDialog: async () => () => undefined,
      navigate: vi.fn(),
      loadChecks,
    });
    const { sent } = fakeAnswersApi(() => ({ correct: true }));
    const form = section.querySelector<HTMLFormElement>('form[data-question-id="qTrue"]');
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    (document.getElementById('q-qTrue-true') as HTMLInputElement).checked = true;
    form?.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(loadChecks).toHaveBeenCalledTimes(1);
    expect(sent).toEqual([]);
    arrive(enhanceChecks);
    await waitFor(() => expect(resultOf('qTrue')).toHaveTextContent('Correct'));
    expect(sent).toEqual([
      { version: CHECKS_VERSION, answers: [{ question_id: 'qTrue', response: { value: true } }] },
    ]);
  });

  it('says a held answer could not be checked when the script fails to load, and tries again', async () => {
    renderLearnerPage('t2');
    const section = renderChecks();
    const { session } = fakeSession(null);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const loadChecks = vi
      .fn<() => Promise<typeof enhanceChecks>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(enhanceChecks);
    await enhanceLearnerPage(document, {
      sessionLikely: async () => false,
      loadSession: async () => session,
      loadSaveDialog: async () => () => undefined,
      navigate: vi.fn(),
      loadChecks,
    });
    const form = section.querySelector<HTMLFormElement>('form[data-question-id="qTrue"]');
    form?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await waitFor(() => expect(resultOf('qTrue')).toHaveTextContent(LEARN_TEXT.checkFailed));
    const user = userEvent.setup();
    await user.click(question('qTrue').getByLabelText('True'));
    await waitFor(() => expect(loadChecks).toHaveBeenCalledTimes(2));
    expect(
      await question('qOrder').findByRole('button', { name: 'Move Measure up' }),
    ).toBeEnabled();
  });
});

describe('checking an answer', () => {
  it('signs a visitor in anonymously and sends the answer with the page’s version', async () => {
    const { session, user } = await setUp(null);
    const { sent, spy } = fakeAnswersApi(() => ({ correct: true }));
    await user.click(question('qMulti').getByLabelText('Right'));
    await user.click(question('qMulti').getByLabelText('Acute'));
    await user.click(question('qMulti').getByRole('button', { name: 'Check answer' }));
    await waitFor(() => expect(resultOf('qMulti')).toHaveTextContent('Correct'));
    expect(question('qMulti').queryByRole('button', { name: 'Show answer' })).toBeNull();
    expect(question('qMulti').getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(session.ensureLearner).toHaveBeenCalledTimes(1);
    const [, init] = spy.mock.calls.at(-1) ?? [];
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer token-anon-1');
    expect(sent).toEqual([
      {
        version: CHECKS_VERSION,
        answers: [{ question_id: 'qMulti', response: { option_ids: ['oRight', 'oAcute'] } }],
      },
    ]);
  });

  it('asks for an answer first instead of sending nothing', async () => {
    const { user } = await setUp();
    const { spy } = fakeAnswersApi(() => ({}));
    await user.click(question('qSingle').getByRole('button', { name: 'Check answer' }));
    expect(resultOf('qSingle')).toHaveTextContent('Choose an answer first.');
    expect(question('qSingle').getByLabelText('Three')).toHaveFocus();
    await user.click(question('qShort').getByRole('button', { name: 'Check answer' }));
    expect(resultOf('qShort')).toHaveTextContent('Type your answer first.');
    expect(spy.mock.calls.filter(([url]) => url === ANSWERS_URL)).toEqual([]);
  });

  it('shows Not quite with the feedback and the explanation, then Try again keeps the choice', async () => {
    const { user } = await setUp();
    fakeAnswersApi(() => ({
      correct: false,
      explanation_html: '<p>A triangle has <strong>three</strong> sides.</p>',
      feedback_html: ['<p>Four is a square.</p>'],
    }));
    await user.click(question('qSingle').getByLabelText('Four'));
    await user.click(question('qSingle').getByRole('button', { name: 'Check answer' }));
    const result = within(resultOf('qSingle') as HTMLElement);
    expect(await result.findByText('Not quite')).toBeVisible();
    expect(result.getByText('Four is a square.')).toBeVisible();
    expect(result.getByText('three').tagName).toBe('STRONG');
    expect(result.getByRole('button', { name: 'Show answer' })).toBeVisible();
    await user.click(result.getByRole('button', { name: 'Try again' }));
    expect(resultOf('qSingle')).toBeEmptyDOMElement();
    expect(question('qSingle').getByLabelText('Four')).toBeChecked();
    expect(question('qSingle').getByLabelText('Three')).toHaveFocus();
  });

  it('shows Correct without Show answer, and the accepted answers the server reveals', async () => {
    const { user } = await setUp();
    const { sent } = fakeAnswersApi(() => ({
      correct: true,
      explanation_html: '<p>The side facing the right angle.</p>',
      answer: { texts: ['hypotenuse', 'the hypotenuse'] },
    }));
    await user.type(question('qShort').getByLabelText('Your answer'), 'Hypotenuse{Enter}');
    const result = within(resultOf('qShort') as HTMLElement);
    expect(await result.findByText('Correct')).toBeVisible();
    expect(result.getByText('Accepted answers')).toBeVisible();
    expect(result.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'hypotenuse',
      'the hypotenuse',
    ]);
    expect(result.queryByRole('button', { name: 'Show answer' })).toBeNull();
    expect(sent[0]?.answers).toEqual([{ question_id: 'qShort', response: { text: 'Hypotenuse' } }]);
  });

  it('Show answer asks for the answer only and marks the right option', async () => {
    const { user } = await setUp();
    const { sent } = fakeAnswersApi((answer) =>
      answer.show
        ? { correct: null, explanation_html: '<p>Why.</p>', answer: { option_ids: ['oThree'] } }
        : { correct: false, explanation_html: '<p>Why.</p>' },
    );
    await user.click(question('qSingle').getByLabelText('Four'));
    await user.click(question('qSingle').getByRole('button', { name: 'Check answer' }));
    const result = within(resultOf('qSingle') as HTMLElement);
    await user.click(await result.findByRole('button', { name: 'Show answer' }));
    expect(await question('qSingle').findByLabelText('Three Right answer')).not.toBeChecked();
    expect(result.getByText('Not quite')).toBeVisible();
    expect(result.queryByRole('button', { name: 'Show answer' })).toBeNull();
    expect(sent[1]).toEqual({
      version: CHECKS_VERSION,
      answers: [{ question_id: 'qSingle', show: true }],
    });
    await user.click(result.getByRole('button', { name: 'Try again' }));
    expect(question('qSingle').queryByText('Right answer')).toBeNull();
  });

  it('marks the right one of true or false after Show answer', async () => {
    const { user } = await setUp();
    fakeAnswersApi((answer) =>
      answer.show ? { correct: null, answer: { value: true } } : { correct: false },
    );
    await user.click(question('qTrue').getByLabelText('False'));
    await user.click(question('qTrue').getByRole('button', { name: 'Check answer' }));
    await user.click(await question('qTrue').findByRole('button', { name: 'Show answer' }));
    expect(await question('qTrue').findByLabelText('True Right answer')).toBeInTheDocument();
    expect(question('qTrue').getByLabelText('False')).toBeChecked();
  });

  it('disables Check answer while sending', async () => {
    let reply: (response: Response) => void = () => undefined;
    stubFetch((url) =>
      url.endsWith('/progress')
        ? Response.json({ completed_topic_ids: [] })
        : new Promise<Response>((resolve) => (reply = resolve)),
    );
    const { user } = await setUp({ uid: 'u1', isAnonymous: false });
    await user.click(question('qTrue').getByLabelText('True'));
    const button = question('qTrue').getByRole('button', { name: 'Check answer' });
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    reply(
      Response.json({
        results: [
          {
            question_id: 'qTrue',
            correct: true,
            explanation_html: '',
            feedback_html: [],
            answer: { value: true },
          },
        ],
      }),
    );
    await waitFor(() => expect(button).toBeEnabled());
    expect(resultOf('qTrue')).toHaveTextContent('Correct');
  });
});

describe('a check that fails', () => {
  const refuse = (status: number, error: string) => () =>
    Response.json({ error, code: 'X' }, { status });

  it.each([
    [429, 'Too many answers. Please wait a minute and try again.'],
    [404, 'This question is not in this course any more. Reload the page.'],
  ])('shows the server’s message of a %i', async (status, message) => {
    const { user } = await setUp();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeAnswersApi(refuse(status, message));
    await user.click(question('qTrue').getByLabelText('True'));
    await user.click(question('qTrue').getByRole('button', { name: 'Check answer' }));
    await waitFor(() => expect(resultOf('qTrue')).toHaveTextContent(message));
    expect(question('qTrue').getByRole('button', { name: 'Check answer' })).toBeEnabled();
  });

  it('asks to try again after a server failure, and says when the network is down', async () => {
    const { user } = await setUp();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeAnswersApi(refuse(500, 'Internal details'));
    await user.click(question('qTrue').getByLabelText('True'));
    await user.click(question('qTrue').getByRole('button', { name: 'Check answer' }));
    await waitFor(() => expect(resultOf('qTrue')).toHaveTextContent(LEARN_TEXT.checkFailed));
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await user.click(question('qTrue').getByLabelText('False'));
    await user.click(question('qTrue').getByRole('button', { name: 'Check answer' }));
    await waitFor(() => expect(resultOf('qTrue')).toHaveTextContent(LEARN_TEXT.network));
  });

  it('asks to try again when the anonymous sign-in fails', async () => {
    const { session, user } = await setUp();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    session.ensureLearner.mockRejectedValueOnce(new Error('auth/network-request-failed'));
    const { spy } = fakeAnswersApi(() => ({ correct: true }));
    await user.click(question('qTrue').getByLabelText('True'));
    await user.click(question('qTrue').getByRole('button', { name: 'Check answer' }));
    await waitFor(() => expect(resultOf('qTrue')).toHaveTextContent(LEARN_TEXT.checkFailed));
    expect(spy.mock.calls.filter(([url]) => url === ANSWERS_URL)).toEqual([]);
  });
});

describe('ordering with the keyboard', () => {
  it('moves items with their buttons, keeps the focus on the item and announces the move', async () => {
    const { user } = await setUp();
    const order = question('qOrder');
    order.getByRole('button', { name: 'Check answer' }).focus();
    const items = () => order.getAllByRole('listitem').map((item) => item.dataset.itemId);
    expect(await order.findByRole('button', { name: 'Move Sand x down' })).toBeEnabled();
    expect(order.getByRole('button', { name: 'Move Measure down' })).toBeDisabled();

    order.getByRole('button', { name: 'Move Measure up' }).focus();
    await user.keyboard('{Enter}');
    expect(items()).toEqual(['iCut', 'iMeasure', 'iSand']);
    expect(order.getByRole('button', { name: 'Move Measure up' })).toHaveFocus();
    expect(document.querySelector('.check-order-status')).toHaveTextContent(
      'Moved Measure to position 2 of 3.',
    );
    await user.keyboard(' ');
    expect(items()).toEqual(['iMeasure', 'iCut', 'iSand']);
    // At the top, Move up is disabled: the focus stays on the item, on Move down.
    expect(order.getByRole('button', { name: 'Move Measure up' })).toBeDisabled();
    expect(order.getByRole('button', { name: 'Move Measure down' })).toHaveFocus();
    await user.tab();
    expect(order.getByRole('button', { name: 'Move Cut up' })).toHaveFocus();
  });

  it('sends the order on screen and puts the items in order after Show answer', async () => {
    const { user } = await setUp();
    const { sent } = fakeAnswersApi((answer) =>
      answer.show
        ? { correct: null, answer: { item_ids: ['iMeasure', 'iCut', 'iSand'] } }
        : { correct: false },
    );
    const order = question('qOrder');
    await user.click(order.getByRole('button', { name: 'Check answer' }));
    await user.click(await order.findByRole('button', { name: 'Show answer' }));
    await order.findByText('The steps are now in the right order.');
    expect(order.getAllByRole('listitem').map((item) => item.dataset.itemId)).toEqual([
      'iMeasure',
      'iCut',
      'iSand',
    ]);
    expect(order.getByRole('button', { name: 'Move Measure up' })).toBeDisabled();
    expect(order.getByRole('button', { name: 'Move Sand x down' })).toBeDisabled();
    expect(sent[0]?.answers[0]?.response).toEqual({ item_ids: ['iCut', 'iSand', 'iMeasure'] });
  });
});
