import {
  ANALYTICS_DAYS,
  MOST_MISSED_QUESTIONS,
  QUIZ_MESSAGES,
  type CourseAnalytics,
  type QuestionAnalytics,
} from '@coursecraft/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderWithRouter } from '../../../testing/test-session';
import { PUBLISHING_TEXT } from '../publishing-messages';
import { AnalyticsPage } from './AnalyticsPage';
import { testCourse } from '../../../testing/test-course';

const course = testCourse({ published: true });

const days = Array.from({ length: ANALYTICS_DAYS }, (_, index) => ({
  date: new Date(Date.UTC(2026, 9, 25 + index)).toISOString().slice(0, 10),
  learners: index === ANALYTICS_DAYS - 1 ? 3 : index === 0 ? 2 : 0,
}));

const analytics: CourseAnalytics = {
  learners_started: 5,
  learners_completed: 2,
  completion_rate: 0.4,
  topics: [
    {
      topic_id: 't1',
      name: 'Linear equations',
      subject_name: 'Equations',
      chapter_name: 'Basics',
      completed: 4,
    },
    {
      topic_id: 't2',
      name: 'Quadratics',
      subject_name: 'Equations',
      chapter_name: 'Harder',
      completed: 2,
    },
  ],
  started_per_day: days,
  questions: [],
  quizzes: [],
};

const noLearners: CourseAnalytics = {
  learners_started: 0,
  learners_completed: 0,
  completion_rate: 0,
  topics: analytics.topics.map((topic) => ({ ...topic, completed: 0 })),
  started_per_day: days.map((day) => ({ ...day, learners: 0 })),
  questions: [],
  quizzes: [],
};

function stubApi(answer: CourseAnalytics, { published = true } = {}) {
  return stubFetch((url) => {
    if (url === '/api/courses/c1/analytics') return Response.json(answer);
    if (url === '/api/courses/c1/publish') {
      return Response.json({
        publication: published
          ? {
              slug: 'Ab3_x-Yz9Qw2Er7T',
              url: '/learn/Ab3_x-Yz9Qw2Er7T',
              published_at: '2026-11-20T10:00:00.000Z',
              version: 1,
            }
          : null,
      });
    }
    if (url === '/api/courses/c1') return Response.json(course);
    return Response.json({ error: 'Not found' }, { status: 404 });
  });
}

function renderPage() {
  renderWithRouter([{ path: '/courses/:courseId/analytics', element: <AnalyticsPage /> }], {
    session: 'user',
    path: '/courses/c1/analytics',
  });
  return userEvent.setup();
}

/** The value shown under a stat card's label. */
function statValue(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

/** A table's body rows as lists of cell texts. */
function rowsOf(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
}

afterEach(() => vi.unstubAllGlobals());

const questionOf = (
  id: string,
  text: string,
  answers: number,
  correct: number,
  quizOnly = false,
): QuestionAnalytics => ({
  question_id: id,
  topic_id: 't1',
  topic_name: 'Linear equations',
  chapter_name: 'Basics',
  text,
  quiz_only: quizOnly,
  first_answers: answers,
  first_correct: correct,
  first_try_rate: answers === 0 ? null : correct / answers,
});

const withQuizzes: CourseAnalytics = {
  ...analytics,
  quizzes: [
    {
      chapter_id: 'ch1',
      chapter_name: 'Basics',
      subject_name: 'Equations',
      attempts: 7,
      learners: 4,
      average_best_score: 72.5,
      pass_rate: 0.75,
    },
    {
      chapter_id: 'ch2',
      chapter_name: 'Harder',
      subject_name: 'Equations',
      attempts: 1,
      learners: 0,
      average_best_score: null,
      pass_rate: null,
    },
  ],
  questions: [
    questionOf('q1', 'Solve 2x = 4 for x.', 4, 3),
    questionOf('q2', 'Is x = 3 a root of x² − 9?', 5, 1, true),
    questionOf('q3', 'Never answered?', 0, 0),
    questionOf('q4', `A very long question ${'with many words '.repeat(10)}`, 5, 1),
  ],
};

describe('AnalyticsPage with chapter quizzes and questions', () => {
  it('lists each chapter quiz’s attempts, average best score and pass rate', async () => {
    stubApi(withQuizzes);
    renderPage();
    const section = await screen.findByRole('region', { name: QUIZ_MESSAGES.analyticsQuizzes });
    expect(QUIZ_MESSAGES.analyticsQuizzes).toBe('Chapter quizzes');
    const table = within(section).getByRole('table', { name: PUBLISHING_TEXT.quizzesCaption });
    expect(rowsOf(table)).toEqual([
      ['Basics', 'Equations', '7', '4', '73%', '75%'],
      ['Harder', 'Equations', '1', '0', 'None yet', 'None yet'],
    ]);
    expect(within(section).getByRole('button', { name: 'Show as table' })).toBeVisible();
  });

  it('lists each question’s share correct at the first try, and says what a first try is', async () => {
    stubApi(withQuizzes);
    renderPage();
    const section = await screen.findByRole('region', { name: QUIZ_MESSAGES.analyticsQuestions });
    expect(within(section).getByText(PUBLISHING_TEXT.firstTryHint)).toBeVisible();
    const table = within(section).getByRole('table', { name: PUBLISHING_TEXT.questionsCaption });
    expect(rowsOf(table).map((row) => [row[0], row[2], row[3], row[4]])).toEqual([
      ['Solve 2x = 4 for x.', 'Topic check', '4', '75%'],
      ['Is x = 3 a root of x² − 9?', 'Quiz only', '5', '20%'],
      ['Never answered?', 'Topic check', '0', 'None yet'],
      [withQuizzes.questions[3]?.text, 'Topic check', '5', '20%'],
    ]);
    await waitFor(() => expect(section.querySelector('[aria-hidden="true"] svg')).not.toBeNull());
    expect(within(section).getByRole('button', { name: 'Show as table' })).toBeVisible();
  });

  it('shows the most missed questions first, ties by more learners, without unanswered ones', async () => {
    stubApi(withQuizzes);
    renderPage();
    const section = await screen.findByRole('region', { name: 'Most missed questions' });
    const scroller = within(section).getByRole('region', { name: 'Most missed questions table' });
    expect(scroller).toHaveAttribute('tabindex', '0');
    const table = within(scroller).getByRole('table', { name: PUBLISHING_TEXT.mostMissedCaption });
    expect(rowsOf(table).map((row) => row[0])).toEqual([
      'Is x = 3 a root of x² − 9?',
      withQuizzes.questions[3]?.text,
      'Solve 2x = 4 for x.',
    ]);
  });

  it('keeps the Most missed questions to its number of rows', async () => {
    const many = Array.from({ length: MOST_MISSED_QUESTIONS + 3 }, (_, index) =>
      questionOf(`m${index}`, `Question ${index}`, 10, index % 10),
    );
    stubApi({ ...withQuizzes, questions: many });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Most missed questions' });
    expect(rowsOf(within(section).getByRole('table'))).toHaveLength(MOST_MISSED_QUESTIONS);
  });

  it('says no question was answered yet in the Most missed questions', async () => {
    stubApi({ ...withQuizzes, questions: [questionOf('q3', 'Never answered?', 0, 0)] });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Most missed questions' });
    expect(within(section).getByText(PUBLISHING_TEXT.noAnswersYet)).toBeVisible();
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows neither chapter quizzes nor questions for a course without them', async () => {
    stubApi(analytics);
    renderPage();
    await screen.findByRole('region', { name: 'Completions per topic' });
    expect(screen.queryByRole('region', { name: QUIZ_MESSAGES.analyticsQuizzes })).toBeNull();
    expect(screen.queryByRole('region', { name: QUIZ_MESSAGES.analyticsQuestions })).toBeNull();
    expect(screen.queryByRole('region', { name: QUIZ_MESSAGES.mostMissed })).toBeNull();
  });
});

describe('AnalyticsPage', () => {
  it('titles the page after the course and links back to its subjects', async () => {
    stubApi(analytics);
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Algebra Analytics' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Subjects' })).toHaveAttribute(
      'href',
      '/courses/c1/subjects',
    );
  });

  it('shows the learners who started, completed, and the completion rate', async () => {
    stubApi(analytics);
    renderPage();
    await screen.findByText('Learners who started', { selector: 'dt' });
    expect(statValue('Learners who started')).toBe('5');
    expect(statValue('Learners who completed the course')).toBe('2');
    expect(statValue('Completion rate')).toBe('40%');
  });

  it('lists every topic’s completions in a table', async () => {
    stubApi(analytics);
    renderPage();
    const table = await screen.findByRole('table', { name: 'Learners who completed each topic' });
    expect(rowsOf(table)).toEqual([
      ['Linear equations', 'Equations', 'Basics', '4'],
      ['Quadratics', 'Equations', 'Harder', '2'],
    ]);
  });

  it('lists the learners who started on each of the last 30 days in a table', async () => {
    stubApi(analytics);
    renderPage();
    const table = await screen.findByRole('table', {
      name: 'Learners who started per day, last 30 days',
    });
    const rows = rowsOf(table);
    expect(rows).toHaveLength(ANALYTICS_DAYS);
    expect(rows.map((row) => row[1])).toEqual(days.map((day) => String(day.learners)));
    expect(within(table).getAllByRole('rowheader')[0]?.querySelector('time')).toHaveAttribute(
      'dateTime',
      '2026-10-25',
    );
  });

  it('draws the charts hidden from assistive technology', async () => {
    stubApi(analytics);
    renderPage();
    const section = await screen.findByRole('region', { name: 'Completions per topic' });
    await waitFor(() => expect(section.querySelector('[aria-hidden="true"] svg')).not.toBeNull());
  });

  it('keeps the tables for screen readers, and shows one on request', async () => {
    stubApi(analytics);
    const user = renderPage();
    const section = await screen.findByRole('region', { name: 'Completions per topic' });
    const hidden = within(section).getByRole('table');
    const hiddenStyle = getComputedStyle(hidden.parentElement as HTMLElement);
    expect(hiddenStyle.position).toBe('absolute');
    expect(hiddenStyle.width).toBe('1px');
    const toggle = within(section).getByRole('button', { name: 'Show as table' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const shown = within(section).getByRole('region', { name: 'Completions per topic table' });
    expect(shown).toHaveAttribute('tabindex', '0');
    expect(getComputedStyle(shown).position).not.toBe('absolute');
    expect(within(shown).getByRole('table')).toBeInTheDocument();
  });

  it('says there are no learners yet', async () => {
    stubApi(noLearners);
    renderPage();
    expect(await screen.findByText(PUBLISHING_TEXT.noLearners)).toBeInTheDocument();
    expect(PUBLISHING_TEXT.noLearners).toBe('No learners yet. Share the link to get started.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText(PUBLISHING_TEXT.publishHint)).not.toBeInTheDocument();
  });

  it('hints at publishing when the course is not published and nobody started', async () => {
    stubApi(noLearners, { published: false });
    renderPage();
    expect(await screen.findByText(PUBLISHING_TEXT.publishHint)).toBeInTheDocument();
    expect(screen.getByText(PUBLISHING_TEXT.noLearners)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Subjects' })).toHaveAttribute(
      'href',
      '/courses/c1/subjects',
    );
  });
});
