import { ANALYTICS_DAYS } from '@coursecraft/contracts';
import { describe, expect, it } from 'vitest';
import { courseAnalytics } from './course-analytics';
import type { PublishedQuestion } from './published-questions';
import type { QuizStanding } from './quiz-standing';
import type { ProgressRecord, PublishedOutline } from './publishing-repository';

const NOW = new Date('2025-06-30T15:00:00Z');

const OUTLINE: PublishedOutline = {
  name: 'Physics',
  description: '',
  image_url: null,
  require_quiz_pass: false,
  subjects: [
    {
      id: 's1',
      name: 'Mechanics',
      description: null,
      image_url: null,
      chapters: [
        {
          id: 'ch1',
          name: 'Motion',
          topics: [
            { id: 't1', name: 'Speed', has_content: true },
            { id: 't2', name: 'Force', has_content: true },
          ],
          quiz: null,
        },
      ],
    },
  ],
};

const learner = (uid: string, completed: string[], startedAt: string): ProgressRecord => ({
  uid,
  completed,
  startedAt: new Date(startedAt),
  quizzes: new Map(),
});

describe('courseAnalytics', () => {
  it('counts learners who started, who completed every topic, and each topic’s completions', () => {
    const result = courseAnalytics(
      OUTLINE,
      [
        learner('a', ['t1', 't2'], '2025-06-30T01:00:00Z'),
        learner('b', ['t1', 'gone'], '2025-06-29T23:59:59Z'),
        learner('c', [], '2025-06-30T14:00:00Z'),
        learner('d', ['t2', 't1', 't1'], '2025-06-01T00:00:00Z'),
      ],
      NOW,
    );
    expect(result.learners_started).toBe(4);
    expect(result.learners_completed).toBe(2);
    expect(result.completion_rate).toBe(0.5);
    expect(result.topics).toEqual([
      {
        topic_id: 't1',
        name: 'Speed',
        subject_name: 'Mechanics',
        chapter_name: 'Motion',
        completed: 3,
      },
      {
        topic_id: 't2',
        name: 'Force',
        subject_name: 'Mechanics',
        chapter_name: 'Motion',
        completed: 2,
      },
    ]);
  });

  it('counts starts per UTC day over the last days, today last, and nothing older', () => {
    const { started_per_day: days } = courseAnalytics(
      OUTLINE,
      [
        learner('a', [], '2025-06-30T00:00:00Z'),
        learner('b', [], '2025-06-30T23:59:59Z'),
        learner('c', [], '2025-06-29T23:59:59Z'),
        learner('d', [], `2025-05-31T12:00:00Z`),
        learner('e', [], `2025-06-01T00:00:00Z`),
      ],
      NOW,
    );
    expect(days).toHaveLength(ANALYTICS_DAYS);
    expect(days.at(-1)).toEqual({ date: '2025-06-30', learners: 2 });
    expect(days.at(-2)).toEqual({ date: '2025-06-29', learners: 1 });
    expect(days[0]).toEqual({ date: '2025-06-01', learners: 1 });
    expect(days.reduce((sum, day) => sum + day.learners, 0)).toBe(4);
  });

  it('answers zeros and no topics for a course never published', () => {
    const result = courseAnalytics(null, [learner('a', ['t1'], '2025-06-30T00:00:00Z')], NOW);
    expect(result.learners_started).toBe(1);
    expect(result.learners_completed).toBe(0);
    expect(result.completion_rate).toBe(0);
    expect(result.topics).toEqual([]);
  });

  it('has a completion rate of 0, not NaN, without learners', () => {
    const result = courseAnalytics(OUTLINE, [], NOW);
    expect(result.completion_rate).toBe(0);
    expect(result.started_per_day.every((day) => day.learners === 0)).toBe(true);
  });
});

const QUIZ = {
  question_count: 2,
  pass_mark: 70,
  attempts: null,
  shuffle: false,
  show_answers_after: 'passed_or_last' as const,
};

/** Two subjects: ch1 with a quiz, ch2 without (no question), ch3 with a quiz. */
const quizOutline = (requireQuizPass: boolean): PublishedOutline => ({
  ...OUTLINE,
  require_quiz_pass: requireQuizPass,
  subjects: [
    {
      id: 's1',
      name: 'Mechanics',
      description: null,
      image_url: null,
      chapters: [
        {
          id: 'ch1',
          name: 'Motion',
          topics: [{ id: 't1', name: 'Speed', has_content: true }],
          quiz: QUIZ,
        },
        {
          id: 'ch2',
          name: 'Rest',
          topics: [{ id: 't2', name: 'Balance', has_content: true }],
          quiz: null,
        },
      ],
    },
    {
      id: 's2',
      name: 'Waves',
      description: null,
      image_url: null,
      chapters: [
        {
          id: 'ch3',
          name: 'Sound',
          topics: [{ id: 't3', name: 'Pitch', has_content: true }],
          quiz: { ...QUIZ, pass_mark: 50 },
        },
      ],
    },
  ],
});

const standing = (attempts: number, bestScore: number | null, passed: boolean): QuizStanding => ({
  attempts,
  openAttempt: null,
  bestScore,
  passed,
});

const quizLearner = (
  uid: string,
  completed: string[],
  quizzes: [string, QuizStanding][],
): ProgressRecord => ({
  uid,
  completed,
  startedAt: new Date('2025-06-30T01:00:00Z'),
  quizzes: new Map(quizzes),
});

const LEARNERS = [
  // Every topic, both quizzes passed.
  quizLearner(
    'a',
    ['t1', 't2', 't3'],
    [
      ['ch1', standing(2, 80, true)],
      ['ch3', standing(1, 100, true)],
    ],
  ),
  // Every topic, ch3 not passed; a standing of a chapter no longer published is ignored.
  quizLearner(
    'b',
    ['t1', 't2', 't3'],
    [
      ['ch1', standing(1, 70, true)],
      ['ch3', standing(3, 40, false)],
      ['gone', standing(5, 100, true)],
    ],
  ),
  // One attempt open, never submitted: counts as an attempt, not as a learner with a score.
  quizLearner('c', ['t1'], [['ch1', { ...standing(1, null, false), openAttempt: 'x1' }]]),
  // Both passed, a topic missing.
  quizLearner(
    'd',
    ['t1', 't3'],
    [
      ['ch1', standing(1, 90, true)],
      ['ch3', standing(1, 60, true)],
    ],
  ),
];

describe('courseAnalytics of chapter quizzes', () => {
  it('counts attempts, learners with a score, average best score and pass rate per chapter quiz', () => {
    const { quizzes } = courseAnalytics(quizOutline(true), LEARNERS, NOW);
    expect(quizzes).toEqual([
      {
        chapter_id: 'ch1',
        chapter_name: 'Motion',
        subject_name: 'Mechanics',
        attempts: 5,
        learners: 3,
        average_best_score: 80,
        pass_rate: 1,
      },
      {
        chapter_id: 'ch3',
        chapter_name: 'Sound',
        subject_name: 'Waves',
        attempts: 5,
        learners: 3,
        average_best_score: (100 + 40 + 60) / 3,
        pass_rate: 2 / 3,
      },
    ]);
  });

  it('needs every chapter quiz passed to complete the course when the snapshot requires it', () => {
    const result = courseAnalytics(quizOutline(true), LEARNERS, NOW);
    expect(result.learners_completed).toBe(1);
    expect(result.completion_rate).toBe(0.25);
  });

  it('needs only every topic when the snapshot does not require passing', () => {
    expect(courseAnalytics(quizOutline(false), LEARNERS, NOW).learners_completed).toBe(2);
  });

  it('answers no chapter quiz, and null figures for a quiz nobody submitted', () => {
    expect(courseAnalytics(OUTLINE, LEARNERS, NOW).quizzes).toEqual([]);
    const [first] = courseAnalytics(
      quizOutline(true),
      [LEARNERS[2] as ProgressRecord],
      NOW,
    ).quizzes;
    expect(first).toMatchObject({
      attempts: 1,
      learners: 0,
      average_best_score: null,
      pass_rate: null,
    });
  });
});

const question = (id: string, text: string, quizOnly = false): PublishedQuestion => ({
  question: {
    id,
    origin: 'author',
    type: 'true_false',
    answer: true,
    text,
    explanation: '',
    quiz_only: quizOnly,
  },
  html: { text: `<p>${text}</p>`, explanation: '', options: {}, items: {} },
});

describe('courseAnalytics of questions', () => {
  const published = new Map([
    ['t3', [question('q3', 'Is pitch a *frequency*?')]],
    ['t1', [question('q1', 'Is speed $v = d/t$?'), question('q2', 'x '.repeat(150), true)]],
    ['gone', [question('q9', 'Old?')]],
  ]);
  const stats = new Map([
    ['q1', { firstAnswers: 4, firstCorrect: 1 }],
    ['q3', { firstAnswers: 2, firstCorrect: 2 }],
    ['q9', { firstAnswers: 7, firstCorrect: 0 }],
  ]);

  it('lists every published question in outline order with its share correct at the first try', () => {
    const { questions } = courseAnalytics(quizOutline(true), [], NOW, { published, stats });
    expect(questions.map((entry) => entry.question_id)).toEqual(['q1', 'q2', 'q3']);
    expect(questions[0]).toEqual({
      question_id: 'q1',
      topic_id: 't1',
      topic_name: 'Speed',
      chapter_name: 'Motion',
      text: 'Is speed v = d/t?',
      quiz_only: false,
      first_answers: 4,
      first_correct: 1,
      first_try_rate: 0.25,
    });
    expect(questions[1]).toMatchObject({ quiz_only: true, first_answers: 0, first_try_rate: null });
    expect(questions[1]?.text.length).toBeLessThanOrEqual(200);
    expect(questions[2]).toMatchObject({ text: 'Is pitch a frequency?', first_try_rate: 1 });
  });

  it('lists no question without published questions', () => {
    expect(courseAnalytics(quizOutline(true), [], NOW).questions).toEqual([]);
    expect(courseAnalytics(null, [], NOW, { published, stats }).questions).toEqual([]);
  });
});
