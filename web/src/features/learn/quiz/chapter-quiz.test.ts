import {
  QUIZ_MESSAGES,
  type LearnerQuestion,
  type QuizAttempt,
  type QuizResult,
  type QuizSubmission,
} from '@coursecraft/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { FIXTURE_SLUG, fakeSession, polyfillDialog } from '../../../testing/learner-page-fixture';
import { enhanceLearnerPage, type LearnerDeps } from '../enhance';
import { LEARN_TEXT } from '../learn-messages';
import { enhanceQuiz } from './chapter-quiz';
import { QUIZ_TEXT } from './quiz-messages';

const CHAPTER = 'ch1';
const ATTEMPTS_URL = `/api/learn/${FIXTURE_SLUG}/chapters/${CHAPTER}/attempts`;

const QUESTIONS: LearnerQuestion[] = [
  {
    id: 'q1',
    type: 'single_choice',
    html: '<p>Which moon?</p>',
    options: [
      { id: 'o1', html: 'Io' },
      { id: 'o2', html: 'Europa' },
    ],
  },
  { id: 'q2', type: 'short_answer', html: '<p>Name the force</p>' },
  {
    id: 'q3',
    type: 'true_false',
    html: '<p>Tides repeat?</p>',
    options: [
      { id: 'true', html: 'True' },
      { id: 'false', html: 'False' },
    ],
  },
];

const ATTEMPT: QuizAttempt = {
  attempt_id: 'a1',
  chapter_id: CHAPTER,
  number: 1,
  questions: QUESTIONS,
  pass_mark: 70,
  attempts_left: 2,
  started_at: '2026-01-01T00:00:00.000Z',
};

const RESULT: QuizResult = {
  attempt_id: 'a1',
  score: 33,
  correct: 1,
  total: 3,
  passed: false,
  pass_mark: 70,
  attempts_left: 2,
  answers_shown: true,
  best_score: 33,
  results: [
    {
      question_id: 'q1',
      correct: false,
      response: { option_ids: ['o2'] },
      explanation_html: '<p>Io is closest.</p>',
      feedback_html: [],
      answer: { option_ids: ['o1'] },
    },
    {
      question_id: 'q2',
      correct: false,
      response: null,
      explanation_html: null,
      feedback_html: [],
      answer: { texts: ['gravity'] },
    },
    {
      question_id: 'q3',
      correct: true,
      response: { value: true },
      explanation_html: null,
      feedback_html: [],
      answer: { value: true },
    },
  ],
};

function quizPageHtml(): string {
  return `<header><nav aria-label="Account" id="learn-account"></nav></header>
    <main id="main"><h1 id="quiz-title">Orbits</h1>
    <section id="quiz" aria-labelledby="quiz-title" data-chapter-id="${CHAPTER}" data-pass-mark="70">
      <p class="quiz-facts">3 questions · pass mark 70% · 3 attempts</p>
      <div id="quiz-actions"><button type="button" id="quiz-start">Start quiz</button></div>
    </section>
    <div id="learn-messages" aria-live="polite"></div></main>`;
}

function fakeQuizApi({
  start = () => Response.json(ATTEMPT, { status: 201 }),
  submit = () => Response.json(RESULT),
}: { start?: () => Response; submit?: () => Response } = {}) {
  const submitted: QuizSubmission[] = [];
  const spy = stubFetch(async (url, init) => {
    if (url.endsWith('/progress')) return Response.json({ completed_topic_ids: [] });
    expect(init.method).toBe('POST');
    if (url === ATTEMPTS_URL) return start();
    expect(url).toBe(`${ATTEMPTS_URL}/a1/submit`);
    submitted.push(JSON.parse(String(init.body)) as QuizSubmission);
    return submit();
  });
  return { spy, submitted };
}

async function setUp(loadQuiz: LearnerDeps['loadQuiz'] = async () => enhanceQuiz) {
  document.body.innerHTML = quizPageHtml();
  document.body.dataset.slug = FIXTURE_SLUG;
  document.body.dataset.topicIds = 't1';
  document.body.dataset.chapterId = CHAPTER;
  const { session } = fakeSession(null);
  await enhanceLearnerPage(document, {
    sessionLikely: vi.fn(async () => false),
    loadSession: vi.fn(async () => session),
    loadSaveDialog: vi.fn(async () => () => undefined),
    navigate: vi.fn(),
    loadChecks: vi.fn(),
    loadQuiz,
  });
  return { session, user: userEvent.setup() };
}

const heading = () => screen.getByRole('heading', { level: 2 });

beforeEach(() => polyfillDialog());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  for (const name of Object.keys(document.body.dataset)) delete document.body.dataset[name];
  document.getElementById('learn-script-styles')?.remove();
});

describe('the chapter quiz', () => {
  it('keeps the issue’s texts equal to the contract’s', () => {
    const { startQuiz, previousQuestion, nextQuestion, submitQuiz, passed, noAttemptsLeft } =
      QUIZ_MESSAGES;
    expect(QUIZ_TEXT).toMatchObject({
      startQuiz,
      previousQuestion,
      nextQuestion,
      submitQuiz,
      passed,
      noAttemptsLeft,
      alreadySubmitted: QUIZ_MESSAGES.alreadySubmitted,
      unknownAttempt: QUIZ_MESSAGES.unknownAttempt,
      yourAnswer: QUIZ_MESSAGES.yourAnswer,
      unanswered: QUIZ_MESSAGES.unanswered,
      rightAnswer: QUIZ_MESSAGES.rightAnswer,
    });
    for (const n of [1, 2, 10]) {
      expect(QUIZ_TEXT.questionOf(n, 10)).toBe(QUIZ_MESSAGES.questionOf(n, 10));
      expect(QUIZ_TEXT.unansweredConfirm(n)).toBe(QUIZ_MESSAGES.unansweredConfirm(n));
      expect(QUIZ_TEXT.attemptsLeft(n)).toBe(QUIZ_MESSAGES.attemptsLeft(n));
      expect(QUIZ_TEXT.notPassed(n)).toBe(QUIZ_MESSAGES.notPassed(n));
      expect(QUIZ_TEXT.scored(80, n, 10)).toBe(QUIZ_MESSAGES.scored(80, n, 10));
    }
    for (const passedNow of [true, false]) {
      expect(LEARN_TEXT.courseQuizResult(80, passedNow)).toBe(
        QUIZ_MESSAGES.courseQuizResult(80, passedNow),
      );
    }
    expect(LEARN_TEXT.notTaken).toBe(QUIZ_MESSAGES.notTaken);
    expect(LEARN_TEXT.courseCompleted).toBe(QUIZ_MESSAGES.courseCompleted);
  });

  it('starts an attempt, moves question by question with the focus on the heading', async () => {
    const { spy } = fakeQuizApi();
    const { session, user } = await setUp();
    await user.click(screen.getByRole('button', { name: 'Start quiz' }));
    await waitFor(() => expect(heading()).toHaveTextContent('Question 1 of 3'));
    expect(heading()).toHaveFocus();
    expect(session.ensureLearner).toHaveBeenCalled();
    expect(spy.mock.calls[0]?.[1]?.headers).toMatchObject({ authorization: 'Bearer token-anon-1' });
    expect(screen.getByRole('radio', { name: 'Io' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Previous question' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start quiz' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next question' }));
    expect(heading()).toHaveTextContent('Question 2 of 3');
    expect(heading()).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Your answer' })).toBeVisible();
    expect(screen.queryByRole('radio', { name: 'Io' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next question' }));
    expect(heading()).toHaveTextContent('Question 3 of 3');
    expect(screen.queryByRole('button', { name: 'Next question' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Previous question' }));
    expect(heading()).toHaveTextContent('Question 2 of 3');
  });

  it('asks before submitting unanswered questions, sends the answered ones, shows the result and review', async () => {
    const { submitted } = fakeQuizApi();
    const { user } = await setUp();
    await user.click(screen.getByRole('button', { name: 'Start quiz' }));
    await waitFor(() => expect(heading()).toHaveTextContent('Question 1 of 3'));
    await user.click(screen.getByRole('radio', { name: 'Europa' }));
    await user.click(screen.getByRole('button', { name: 'Next question' }));
    await user.click(screen.getByRole('button', { name: 'Next question' }));
    await user.click(screen.getByRole('radio', { name: 'True' }));
    await user.click(screen.getByRole('button', { name: 'Submit quiz' }));
    const dialog = screen.getByRole('dialog', { name: '1 question is unanswered. Submit anyway?' });
    expect(within(dialog).getByRole('button', { name: 'Submit quiz' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Back to the quiz' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(submitted).toEqual([]);
    expect(screen.getByRole('button', { name: 'Submit quiz' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Submit quiz' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Submit quiz' }),
    );
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your result' })).toHaveFocus());
    expect(submitted).toEqual([
      {
        answers: [
          { question_id: 'q1', response: { option_ids: ['o2'] } },
          { question_id: 'q3', response: { value: true } },
        ],
      },
    ]);
    expect(
      screen.getByText('You scored 33% (1 of 3). Not passed. The pass mark is 70%.'),
    ).toBeVisible();
    expect(screen.getByText('Attempts left: 2')).toBeVisible();
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Your answer: Europa');
    expect(items[0]).toHaveTextContent('Right answer: Io');
    expect(items[0]).toHaveTextContent('Io is closest.');
    expect(items[1]).toHaveTextContent('Your answer: Not answered');
    expect(items[1]).toHaveTextContent('Right answer: gravity');
    expect(items[2]).toHaveTextContent('Correct');
    expect(screen.getByRole('button', { name: 'Start quiz' })).toBeVisible();
  });

  it('leaves the right answers out when the result does not show them, and says no attempts left', async () => {
    const hidden: QuizResult = {
      ...RESULT,
      attempts_left: 0,
      answers_shown: false,
      results: RESULT.results.map((result) => ({
        ...result,
        answer: null,
        explanation_html: null,
      })),
    };
    fakeQuizApi({ submit: () => Response.json(hidden) });
    const { user } = await setUp();
    await user.click(screen.getByRole('button', { name: 'Start quiz' }));
    await waitFor(() => expect(heading()).toHaveTextContent('Question 1 of 3'));
    await user.click(screen.getByRole('radio', { name: 'Io' }));
    await user.click(screen.getByRole('button', { name: 'Next question' }));
    await user.type(screen.getByRole('textbox', { name: 'Your answer' }), 'gravity');
    await user.click(screen.getByRole('button', { name: 'Next question' }));
    await user.click(screen.getByRole('radio', { name: 'False' }));
    await user.click(screen.getByRole('button', { name: 'Submit quiz' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.getByText('No attempts left.')).toBeVisible());
    expect(document.body).not.toHaveTextContent('Right answer');
    expect(document.body).not.toHaveTextContent('Io is closest.');
    expect(screen.queryByRole('button', { name: 'Start quiz' })).toBeNull();
  });

  it('says why a start is refused, by its error code, and keeps Start quiz', async () => {
    fakeQuizApi({
      start: () => Response.json({ error: 'Refused', code: 'NO_ATTEMPTS_LEFT' }, { status: 409 }),
    });
    const { user } = await setUp();
    await user.click(screen.getByRole('button', { name: 'Start quiz' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('No attempts left.'));
    expect(screen.getByRole('button', { name: 'Start quiz' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Start quiz' })).toHaveFocus();
  });

  it('says an already submitted attempt was submitted, and keeps the answers to submit again', async () => {
    fakeQuizApi({
      submit: () => Response.json({ error: 'x', code: 'ATTEMPT_SUBMITTED' }, { status: 409 }),
    });
    const { user } = await setUp();
    await user.click(screen.getByRole('button', { name: 'Start quiz' }));
    await waitFor(() => expect(heading()).toHaveTextContent('Question 1 of 3'));
    await user.click(screen.getByRole('button', { name: 'Submit quiz' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Submit quiz' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('This attempt was already submitted.'),
    );
    expect(screen.getByRole('button', { name: 'Submit quiz' })).toHaveFocus();
  });

  it('says the quiz could not load when its script fails, and loads it again on the next Start', async () => {
    fakeQuizApi();
    const loadQuiz = vi
      .fn<NonNullable<LearnerDeps['loadQuiz']>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(enhanceQuiz);
    const { user } = await setUp(loadQuiz);
    await user.click(screen.getByRole('button', { name: 'Start quiz' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(LEARN_TEXT.quizLoadFailed),
    );
    await user.click(screen.getByRole('button', { name: 'Start quiz' }));
    await waitFor(() => expect(heading()).toHaveTextContent('Question 1 of 3'));
    expect(loadQuiz).toHaveBeenCalledTimes(2);
  });
});
