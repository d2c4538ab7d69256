import {
  DEFAULT_CHAPTER_QUIZ_SETTINGS,
  QUESTION_MESSAGES,
  QUIZ_MESSAGES,
} from '@coursecraft/contracts';
import { screen } from '@testing-library/react';
import { Scorm12API } from 'scorm-again';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAYER_HTML, playerScript } from './player-page';
import type { PlayerCourse, PlayerQuestion } from './player-runtime';

/** A course of three topics in two chapters; the last topic has no lesson. */
const COURSE: PlayerCourse = {
  title: 'Tides',
  description: 'The sea',
  image: null,
  passMark: 70,
  subjects: [
    {
      name: 'Moon',
      image: null,
      chapters: [
        {
          name: 'Orbits',
          topics: [
            { name: 'Pull', lesson: 'lessons/1.js', questions: [] },
            { name: 'Push', lesson: 'lessons/2.js', questions: [] },
          ],
          quiz: null,
        },
        { name: 'Later', topics: [{ name: 'Unwritten', lesson: null, questions: [] }], quiz: null },
      ],
    },
  ],
};

/** An LMS's SCORM 1.2 API on the window, starting from `saved` (the data of an earlier session). */
function installLms(saved: Record<string, string> = {}) {
  const cmi = new Map(Object.entries(saved));
  const api = {
    LMSInitialize: () => 'true',
    LMSFinish: () => 'true',
    LMSCommit: () => 'true',
    LMSGetValue: (element: string) => cmi.get(element) ?? '',
    LMSSetValue: (element: string, value: string) => {
      cmi.set(element, value);
      return 'true';
    },
  };
  Object.assign(window, { API: api });
  return { status: () => cmi.get('cmi.core.lesson_status'), cmi };
}

/** Runs `player/player.js` as the package ships it (its source text), on `course`. */
const start = (course: PlayerCourse = COURSE) => {
  Object.assign(window, { scormCourse: course });
  (new Function(playerScript()) as () => void)();
};
const next = () => document.getElementById('next')?.click();

beforeEach(() => {
  document.body.innerHTML = new DOMParser().parseFromString(
    PLAYER_HTML,
    'text/html',
  ).body.innerHTML;
  vi.stubGlobal('matchMedia', () => ({ matches: false }));
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(window, 'API');
  Reflect.deleteProperty(window, 'scormCourse');
});

describe('the SCORM player’s completion rule', () => {
  it('reports incomplete until every topic was shown, lessonless ones included, then completed', () => {
    const lms = installLms();
    start();
    expect(lms.status()).toBe('incomplete');
    next();
    expect(lms.status()).toBe('incomplete');
    next();
    expect(document.getElementById('topic-title')?.textContent).toBe('Unwritten');
    expect(lms.status()).toBe('completed');
  });

  it('counts the topics of an earlier session, so finishing the rest completes the course', () => {
    const first = installLms();
    start();
    next();
    expect(first.status()).toBe('incomplete');
    const saved = Object.fromEntries(first.cmi);
    expect(saved['cmi.core.lesson_location']).toBe('1');

    document.body.innerHTML = new DOMParser().parseFromString(
      PLAYER_HTML,
      'text/html',
    ).body.innerHTML;
    const second = installLms(saved);
    start();
    expect(document.getElementById('topic-title')?.textContent).toBe('Push');
    expect(second.status()).toBe('incomplete');
    next();
    expect(second.status()).toBe('completed');
  });

  it('never reports a completed course as incomplete again, and completes a course without topics', () => {
    const done = installLms({ 'cmi.core.lesson_status': 'completed' });
    start();
    expect(done.status()).toBe('completed');

    document.body.innerHTML = new DOMParser().parseFromString(
      PLAYER_HTML,
      'text/html',
    ).body.innerHTML;
    const empty = installLms();
    start({ ...COURSE, subjects: [] });
    expect(empty.status()).toBe('completed');
  });
});

const question = <T extends PlayerQuestion>(body: T): T => body;
const base = { explanation: '<p>Because.</p>', quiz_only: false };

/**
 * Two chapters with a quiz each: Waves (a topic check and a quiz-only true or false; attempts
 * unlimited) and Tides (a numeric short answer and a quiz-only ordering; one attempt). Pass mark 60.
 */
const QUIZ_COURSE: PlayerCourse = {
  title: 'Sea',
  description: '',
  image: null,
  passMark: 60,
  subjects: [
    {
      name: 'Ocean',
      image: null,
      chapters: [
        {
          name: 'Waves',
          topics: [
            {
              name: 'Crests',
              lesson: null,
              questions: [
                question({
                  ...base,
                  id: 'qa1',
                  type: 'single_choice',
                  text: '<p>Highest point?</p>',
                  options: [
                    { id: 'o1', text: '<p>Trough</p>', correct: false, feedback: '' },
                    { id: 'o2', text: '<p>Crest</p>', correct: true, feedback: '' },
                  ],
                }),
              ],
            },
          ],
          quiz: null,
        },
        {
          name: 'Tides',
          topics: [{ name: 'Moon', lesson: null, questions: [] }],
          quiz: null,
        },
      ],
    },
  ],
};
const [WAVES, TIDES] = QUIZ_COURSE.subjects[0]?.chapters ?? [];
if (!WAVES || !TIDES) throw new Error('The quiz course lost a chapter.');
const CHECK = WAVES.topics[0]?.questions[0];
if (!CHECK) throw new Error('The quiz course lost its topic check.');
WAVES.quiz = {
  settings: { ...DEFAULT_CHAPTER_QUIZ_SETTINGS, attempts: null },
  questions: [
    CHECK,
    question({
      ...base,
      quiz_only: true,
      id: 'qa2',
      type: 'true_false',
      text: '<p>Salty?</p>',
      answer: true,
    }),
  ],
};
TIDES.quiz = {
  settings: { ...DEFAULT_CHAPTER_QUIZ_SETTINGS, attempts: 1, show_answers_after: 'never' },
  questions: [
    question({
      ...base,
      id: 'qb1',
      type: 'short_answer',
      text: '<p>Pi?</p>',
      accepted_answers: ['3.14'],
      tolerance: 0.01,
    }),
    question({
      ...base,
      quiz_only: true,
      id: 'qb2',
      type: 'ordering',
      text: '<p>Order</p>',
      items: [
        { id: 'i1', text: '<p>Low</p>' },
        { id: 'i2', text: '<p>High</p>' },
      ],
    }),
  ],
};
/** The pages: Crests, Waves' quiz, Moon, Tides' quiz. */
const [WAVES_QUIZ, TIDES_QUIZ] = [1, 3];

/** scorm-again's SCORM 1.2 API as the LMS. */
function installScormAgain() {
  const api = new Scorm12API({ logLevel: 5 });
  Object.assign(window, { API: api });
  const cmi = () =>
    JSON.parse(JSON.stringify(api.cmi)) as {
      core: { lesson_status: string; score: { raw: string; min: string; max: string } };
      suspend_data: string;
      interactions: Record<
        string,
        { id: string; type: string; student_response: string; result: string }
      >;
    };
  return { api, cmi };
}

const openPage = (index: number) =>
  document.querySelectorAll<HTMLButtonElement>('#outline button')[index]?.click();
const pick = (value: string, within = '#lesson') =>
  document.querySelector<HTMLInputElement>(`${within} input[value="${value}"]`)?.click();
const startQuiz = () => screen.getByRole('button', { name: QUIZ_MESSAGES.startQuiz }).click();
const submitQuiz = () => screen.getByRole('button', { name: QUIZ_MESSAGES.submitQuiz }).click();

/** Takes Waves' quiz: both right, or both wrong. */
function takeWaves(right: boolean) {
  openPage(WAVES_QUIZ);
  startQuiz();
  pick(right ? 'o2' : 'o1');
  pick(right ? 'true' : 'false');
  submitQuiz();
}

/** Takes Tides' quiz with every answer right. */
function takeTidesRight() {
  openPage(TIDES_QUIZ);
  startQuiz();
  const answer = document.querySelector<HTMLInputElement>('#lesson input[type="text"]');
  if (!answer) throw new Error('No short answer field');
  answer.value = '3,145';
  const steps = () => [...document.querySelectorAll<HTMLLIElement>('#lesson .steps li')];
  // Two steps start out of order, so moving the second up puts them in order.
  steps()[1]?.querySelector<HTMLButtonElement>(`[aria-label="Move up"]`)?.click();
  expect(steps().map((step) => step.dataset.id)).toEqual(['i1', 'i2']);
  submitQuiz();
}

describe('the SCORM player’s quizzes in scorm-again', () => {
  it('passes a learner whose mean best score reaches the pass mark, each answer an interaction', () => {
    const lms = installScormAgain();
    start(QUIZ_COURSE);
    expect(lms.cmi().core.lesson_status).toBe('incomplete');
    pick('o2', '#checks');
    screen.getByRole('button', { name: QUESTION_MESSAGES.check }).click();
    expect(screen.getByText(QUESTION_MESSAGES.correct)).toBeTruthy();

    takeWaves(true);
    expect(screen.getByText(QUIZ_MESSAGES.scored(100, 2, 2))).toBeTruthy();
    expect(lms.cmi().core).toMatchObject({ lesson_status: 'incomplete', score: { raw: '50' } });
    takeTidesRight();
    expect(screen.getByText(QUIZ_MESSAGES.noAttemptsLeft)).toBeTruthy();
    const { core, interactions } = lms.cmi();
    expect(core).toMatchObject({
      lesson_status: 'passed',
      score: { raw: '100', min: '0', max: '100' },
    });
    expect(
      Object.values(interactions).map(({ id, type, student_response, result }) => [
        id,
        type,
        student_response,
        result,
      ]),
    ).toEqual([
      ['check-qa1', 'choice', 'b', 'correct'],
      ['quiz1-1-qa1', 'choice', 'b', 'correct'],
      ['quiz1-1-qa2', 'true-false', 't', 'correct'],
      ['quiz2-1-qb1', 'numeric', '3,145', 'correct'],
      ['quiz2-1-qb2', 'sequencing', 'a,b', 'correct'],
    ]);
  });

  it('fails a learner whose mean best score stays below the pass mark, once every quiz was tried', () => {
    const lms = installScormAgain();
    start(QUIZ_COURSE);
    takeWaves(false);
    expect(screen.getByText(QUIZ_MESSAGES.notPassed(70))).toBeTruthy();
    expect(lms.cmi().core).toMatchObject({ lesson_status: 'incomplete', score: { raw: '0' } });
    takeTidesRight();
    expect(lms.cmi().core).toMatchObject({ lesson_status: 'failed', score: { raw: '50' } });
    takeWaves(true);
    expect(lms.cmi().core).toMatchObject({ lesson_status: 'passed', score: { raw: '100' } });
  });

  it('keeps a course incomplete while a quiz is untried, counting it 0, across sessions', () => {
    const first = installScormAgain();
    start(QUIZ_COURSE);
    takeTidesRight();
    for (const page of [0, 1, 2, 3]) openPage(page);
    expect(first.cmi().core).toMatchObject({ lesson_status: 'incomplete', score: { raw: '50' } });
    const suspend = first.cmi().suspend_data;

    document.body.innerHTML = new DOMParser().parseFromString(
      PLAYER_HTML,
      'text/html',
    ).body.innerHTML;
    const second = installLms({
      'cmi.suspend_data': suspend,
      'cmi.core.lesson_status': 'incomplete',
    });
    start(QUIZ_COURSE);
    expect(second.status()).toBe('incomplete');
    expect(second.cmi.get('cmi.core.score.raw')).toBe('50');
    openPage(TIDES_QUIZ);
    expect(screen.getByRole('button', { name: QUIZ_MESSAGES.startQuiz })).toHaveProperty(
      'disabled',
      true,
    );
  });
});

describe('the SCORM player’s suspend_data', () => {
  it('stays under 4,096 characters for 5 chapters of 6 topics with 5 questions each, every page seen and every quiz taken', () => {
    const topicQuestions = (chapter: number, topic: number) =>
      Array.from({ length: 5 }, (_, index) =>
        question({
          ...base,
          id: `c${chapter}t${topic}q${index}`,
          type: 'true_false',
          text: '<p>Yes?</p>',
          answer: true,
        }),
      );
    const chapters = Array.from({ length: 5 }, (_, chapter) => {
      const topics = Array.from({ length: 6 }, (_, topic) => ({
        name: `Topic ${chapter}.${topic}`,
        lesson: null,
        questions: topicQuestions(chapter, topic),
      }));
      return {
        name: `Chapter ${chapter}`,
        topics,
        quiz: {
          settings: { ...DEFAULT_CHAPTER_QUIZ_SETTINGS, attempts: null },
          questions: topics.flatMap((topic) => topic.questions),
        },
      };
    });
    const course: PlayerCourse = {
      ...QUIZ_COURSE,
      subjects: [{ name: 'All', image: null, chapters }],
    };
    const lms = installLms();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    start(course);
    const pages = document.querySelectorAll('#outline button').length;
    expect(pages).toBe(35);
    for (let page = 0; page < pages; page++) openPage(page);
    for (const quizPage of [6, 13, 20, 27, 34]) {
      openPage(quizPage);
      for (let attempt = 0; attempt < 2; attempt++) {
        startQuiz();
        document
          .querySelectorAll<HTMLInputElement>('#lesson input[value="true"]')
          .forEach((input, index) => {
            if (index < 29) input.click();
          });
        submitQuiz();
      }
    }
    const data = lms.cmi.get('cmi.suspend_data') ?? '';
    expect(data.length).toBeGreaterThan(0);
    expect(data.length).toBeLessThan(4096);
    expect(lms.cmi.get('cmi.core.score.raw')).toBe('96');
    expect(lms.status()).toBe('passed');
  });
});
