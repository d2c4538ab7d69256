import {
  DEFAULT_CHAPTER_QUIZ_SETTINGS,
  type CourseExportTree,
  type Question,
} from '@coursecraft/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { testCourse } from '../../../testing/test-course';
import { renderWithRouter } from '../../../testing/test-session';
import { PRINT_TEXT } from '../print-messages';
import { PrintPage } from './PrintPage';

const topic = (id: string, name: string, content: string | null, questions: Question[] = []) => ({
  id,
  name,
  has_content: content !== null,
  content,
  questions,
});

const base = { origin: 'author', explanation: '', quiz_only: false } as const;
const option = (id: string, text: string, correct = false) => ({
  id,
  text,
  correct,
  feedback: '',
});

/** One question of every type, the steps listed in their right order. */
const QUESTIONS: Question[] = [
  {
    ...base,
    id: 'qs',
    type: 'single_choice',
    text: 'What is $x$ in $2x = 4$?',
    explanation: 'Divide both sides by 2.',
    options: [option('o1', '1'), option('o2', '2', true), option('o3', '4')],
  },
  {
    ...base,
    id: 'qm',
    type: 'multiple_choice',
    text: 'Which are even?',
    options: [option('m1', 'Six', true), option('m2', 'Seven'), option('m3', 'Eight', true)],
  },
  { ...base, id: 'qt', type: 'true_false', text: 'Zero is even.', answer: true },
  {
    ...base,
    id: 'qa',
    type: 'short_answer',
    text: 'Name the balancing method.',
    accepted_answers: ['inverse operations', 'undoing'],
    tolerance: null,
  },
  {
    ...base,
    id: 'qn',
    type: 'short_answer',
    text: 'Solve $3x = 10$.',
    accepted_answers: ['3.33'],
    tolerance: 0.01,
    quiz_only: true,
  },
  {
    ...base,
    id: 'qo',
    type: 'ordering',
    text: 'Order the steps.',
    explanation: 'Simplify, then isolate.',
    items: [
      { id: 'i1', text: 'Expand brackets' },
      { id: 'i2', text: 'Collect terms' },
      { id: 'i3', text: 'Divide by the coefficient' },
    ],
  },
];

const tree: CourseExportTree = {
  course: testCourse({
    name: 'Algebra',
    description: 'Numbers and letters.',
    image_url: '/covers/algebra.png',
  }),
  subjects: [
    {
      id: 's1',
      name: 'Equations',
      description: 'Solving for x.',
      image_url: null,
      has_chapters: true,
      chapters: [
        {
          id: 'ch1',
          name: 'Linear',
          has_topics: true,
          quiz: DEFAULT_CHAPTER_QUIZ_SETTINGS,
          topics: [
            topic('t1', 'One unknown', '## Balancing both sides\n\nWe solve $2x = 4$.', QUESTIONS),
            topic('t2', 'Two unknowns', null),
          ],
        },
        {
          id: 'ch2',
          name: 'Quadratic',
          has_topics: true,
          quiz: DEFAULT_CHAPTER_QUIZ_SETTINGS,
          topics: [topic('t3', 'Completing the square', '## Squares\n\nA square.')],
        },
      ],
    },
    {
      id: 's2',
      name: 'Functions',
      description: null,
      image_url: null,
      has_chapters: true,
      chapters: [
        {
          id: 'ch3',
          name: 'Graphs',
          has_topics: true,
          quiz: DEFAULT_CHAPTER_QUIZ_SETTINGS,
          topics: [topic('t4', 'Slopes', '## Rise over run\n\nSteepness.')],
        },
      ],
    },
  ],
};

function renderPage(answer: () => Response = () => Response.json(tree)) {
  const fetchSpy = stubFetch((url) => {
    if (url === '/api/courses/c1/tree') return answer();
    return Response.json({ error: 'Not found' }, { status: 404 });
  });
  const view = renderWithRouter([{ path: '/courses/:courseId/print', element: <PrintPage /> }], {
    session: 'user',
    path: '/courses/c1/print',
  });
  return { ...view, fetchSpy, user: userEvent.setup() };
}

/** The entries of a numbered list, one text each (white space collapsed). */
const entries = (region: HTMLElement) =>
  Array.from(region.querySelector(':scope > ol')?.children ?? []).map((item) =>
    (item.textContent ?? '').replace(/\s+/g, ' '),
  );

/** An ordering question's printed steps: each step's text to its letter. */
function printedLetters(entry: Element): Map<string, string> {
  return new Map(
    Array.from(entry.querySelectorAll('ol > li')).map((step) => {
      const [mark, text] = Array.from(step.children).map((part) => part.textContent ?? '');
      return [text ?? '', (mark ?? '').replace('.', '')];
    }),
  );
}

const headingNames = () => screen.getAllByRole('heading').map((heading) => heading.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PrintPage', () => {
  it('renders the title page, the contents and every lesson in outline order', async () => {
    renderPage();
    const title = await screen.findByRole('heading', { level: 1, name: 'Algebra' });
    const header = title.closest('header');
    expect(header).not.toBeNull();
    expect(within(header!).getByText('Numbers and letters.')).toBeInTheDocument();
    expect(header!.querySelector('img')).toHaveAttribute('src', '/covers/algebra.png');

    const contents = screen.getByRole('navigation', { name: PRINT_TEXT.contents });
    expect(
      within(contents)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      '1 Equations',
      '1.1 Linear',
      '1.1.1 One unknown',
      '1.1.2 Two unknowns',
      '1.2 Quadratic',
      '1.2.1 Completing the square',
      '2 Functions',
      '2.1 Graphs',
      '2.1.1 Slopes',
    ]);
    expect(within(contents).getByRole('link', { name: /1\.1\.1\s*One unknown/ })).toHaveAttribute(
      'href',
      '#print-topic-t1',
    );

    await waitFor(() => expect(screen.queryAllByRole('progressbar')).toHaveLength(0));
    expect(headingNames()).toEqual([
      'Algebra',
      'Contents',
      '1 Equations',
      '1.1 Linear',
      '1.1.1 One unknown',
      'Balancing both sides',
      'Questions',
      '1.1.2 Two unknowns',
      '1.2 Quadratic',
      '1.2.1 Completing the square',
      'Squares',
      '2 Functions',
      '2.1 Graphs',
      '2.1.1 Slopes',
      'Rise over run',
    ]);
    expect(screen.getByText('Solving for x.')).toBeInTheDocument();
    const firstLesson = screen.getByRole('region', { name: /1\.1\.1\s*One unknown/ });
    expect(firstLesson.querySelector('.katex')).not.toBeNull();
  });

  it('says "No lesson yet." for a topic without a lesson', async () => {
    renderPage();
    const empty = await screen.findByRole('region', { name: /1\.1\.2\s*Two unknowns/ });
    expect(within(empty).getByText(PRINT_TEXT.noLesson)).toBeInTheDocument();
    expect(screen.getAllByText(PRINT_TEXT.noLesson)).toHaveLength(1);
  });

  it('reports ready once drawn, names the tab after the course and prints on Print', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    // jsdom loads no images, so this course has no cover.
    const noCover = { ...tree, course: { ...tree.course, image_url: null } };
    const { container, user } = renderPage(() => Response.json(noCover));
    await screen.findByRole('heading', { level: 1, name: 'Algebra' });
    await waitFor(() =>
      expect(container.querySelector('[data-print-ready="true"]')).not.toBeNull(),
    );
    expect(document.title).toBe('Algebra — print edition | Coursecraft');
    await user.click(screen.getByRole('button', { name: PRINT_TEXT.print }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: PRINT_TEXT.backToCourse })).toHaveAttribute(
      'href',
      '/courses/c1/subjects',
    );
  });

  it('shows the failure with Retry when the course cannot be loaded, and is never ready', async () => {
    const { container } = renderPage(() =>
      Response.json({ error: 'Something broke' }, { status: 500 }),
    );
    expect(await screen.findByText(PRINT_TEXT.loadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(container.querySelector('[data-print-ready="true"]')).toBeNull();
    expect(screen.getByRole('button', { name: PRINT_TEXT.print })).toBeDisabled();
  });

  it('follows each lesson with its questions, readably, and no answers by default', async () => {
    renderPage();
    const questions = await screen.findByRole('region', { name: 'Questions' });
    await waitFor(() => expect(screen.queryAllByRole('progressbar')).toHaveLength(0));
    const lesson = screen.getByRole('region', { name: /1\.1\.1\s*One unknown/ });
    expect(lesson).toContainElement(questions);
    expect(
      within(lesson).getByText('Balancing both sides').compareDocumentPosition(questions) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    const [single, multiple, trueFalse, text, numeric, ordering] = entries(questions);
    expect(single).toMatch(/^1\.Single choice.*A\.1B\.2C\.4$/);
    expect(multiple).toBe('2.Multiple choiceWhich are even?A.SixB.SevenC.Eight');
    expect(trueFalse).toBe('3.True or falseZero is even.A.TrueB.False');
    expect(text).toBe('4.Short answerName the balancing method.Your answer:');
    expect(numeric).toMatch(/^5\.Short answer.*Your answer:$/);
    expect(ordering).toMatch(/^6\.Order the stepsOrder the steps\.A\..*B\..*C\./);
    const steps = [...printedLetters(questions.querySelectorAll(':scope > ol > li')[5]!).keys()];
    expect([...steps].sort()).toEqual(
      ['Collect terms', 'Divide by the coefficient', 'Expand brackets'].sort(),
    );
    expect(steps).not.toEqual(['Expand brackets', 'Collect terms', 'Divide by the coefficient']);

    expect(screen.getAllByRole('region', { name: 'Questions' })).toHaveLength(1);
    expect(screen.getByRole('switch', { name: PRINT_TEXT.includeAnswers })).not.toBeChecked();
    expect(screen.queryByRole('heading', { name: PRINT_TEXT.answerKey })).toBeNull();
    expect(screen.queryByText('Divide both sides by 2.')).toBeNull();
    expect(screen.queryByText(/inverse operations/)).toBeNull();
  });

  it('adds the answer key at the end with Include answers, in the letters the questions use', async () => {
    const { user } = renderPage();
    const questions = await screen.findByRole('region', { name: 'Questions' });
    await user.click(screen.getByRole('switch', { name: PRINT_TEXT.includeAnswers }));
    const key = await screen.findByRole('region', { name: PRINT_TEXT.answerKey });
    await waitFor(() => expect(screen.queryAllByRole('progressbar')).toHaveLength(0));
    expect(headingNames().slice(-2)).toEqual([PRINT_TEXT.answerKey, '1.1.1 One unknown']);

    const letters = printedLetters(questions.querySelectorAll(':scope > ol > li')[5]!);
    const inOrder = ['Expand brackets', 'Collect terms', 'Divide by the coefficient']
      .map((step) => `${letters.get(step)}.${step}`)
      .join('');
    const topicKey = within(key).getByRole('region', { name: '1.1.1 One unknown' });
    expect(entries(topicKey)).toEqual([
      '1.B.2ExplanationDivide both sides by 2.',
      '2.A.SixC.Eight',
      '3.True',
      '4.Accepted answers: inverse operations; undoing',
      '5.Accepted answers: 3.33 ± 0.01',
      `6.In order:${inOrder}ExplanationSimplify, then isolate.`,
    ]);
    const contents = screen.getByRole('navigation', { name: PRINT_TEXT.contents });
    expect(within(contents).getByRole('link', { name: PRINT_TEXT.answerKey })).toHaveAttribute(
      'href',
      '#print-answer-key',
    );

    await user.click(screen.getByRole('switch', { name: PRINT_TEXT.includeAnswers }));
    expect(screen.queryByRole('region', { name: PRINT_TEXT.answerKey })).toBeNull();
    expect(within(contents).queryByRole('link', { name: PRINT_TEXT.answerKey })).toBeNull();
  });
});
