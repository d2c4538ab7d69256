import {
  DEFAULT_CHAPTER_QUIZ_SETTINGS,
  DEFAULT_COURSE_SETTINGS,
  type CourseExportTree,
  type Question,
} from '@coursecraft/contracts';

/** A course for the question-file tests: one topic per entry of `topics`, all in one chapter. */
export function treeWith(topics: Record<string, Question[]>): CourseExportTree {
  return {
    course: {
      id: 'course1',
      name: 'Physics: 1/2',
      description: 'Mechanics',
      image_url: null,
      has_subjects: true,
      published: false,
      settings: DEFAULT_COURSE_SETTINGS,
    },
    subjects: [
      {
        id: 's1',
        name: 'Motion',
        description: null,
        image_url: null,
        has_chapters: true,
        chapters: [
          {
            id: 'c1',
            name: 'Speed',
            has_topics: true,
            quiz: DEFAULT_CHAPTER_QUIZ_SETTINGS,
            topics: Object.entries(topics).map(([name, questions], index) => ({
              id: `t${index + 1}`,
              name,
              has_content: false,
              content: null,
              questions,
            })),
          },
        ],
      },
    ],
  };
}

const base = { explanation: '', quiz_only: false, origin: 'author' as const };

export const QUESTIONS = {
  single: {
    ...base,
    id: 'q1',
    type: 'single_choice',
    text: 'What is $v = \\frac{d}{t}$ {in words}?',
    explanation: 'Speed is distance: time.\n\nSee $$\\sum_{i} x_i$$ #1',
    options: [
      { id: 'a', text: 'Distance ~ per = time', correct: true, feedback: 'Yes {exactly}' },
      { id: 'b', text: 'Time per distance', correct: false, feedback: '' },
      { id: 'c', text: 'C:\\temp', correct: false, feedback: '' },
    ],
  },
  multiple: {
    ...base,
    id: 'q2',
    type: 'multiple_choice',
    text: 'Which are units of speed?',
    options: [
      { id: 'a', text: 'm/s', correct: true, feedback: '' },
      { id: 'b', text: 'km/h', correct: true, feedback: '' },
      { id: 'c', text: 'knot', correct: true, feedback: '' },
      { id: 'd', text: 'kg', correct: false, feedback: 'A mass' },
      { id: 'e', text: 'N', correct: false, feedback: '' },
    ],
  },
  trueFalse: {
    ...base,
    id: 'q3',
    type: 'true_false',
    text: 'Light is faster than sound.',
    answer: true,
    quiz_only: true,
  },
  falseOne: { ...base, id: 'q4', type: 'true_false', text: 'Sound needs no air.', answer: false },
  short: {
    ...base,
    id: 'q5',
    type: 'short_answer',
    text: 'Name the SI unit of time.',
    accepted_answers: ['second', 's', 'sec = s'],
    tolerance: null,
  },
  numeric: {
    ...base,
    id: 'q6',
    type: 'short_answer',
    text: 'What is $\\pi$ to two decimals?',
    explanation: 'About 3.14.',
    accepted_answers: ['3,14', '3.1416'],
    tolerance: 0.0000001,
  },
  ordering: {
    ...base,
    id: 'q7',
    type: 'ordering',
    text: 'Order the steps.',
    items: [
      { id: 'x', text: 'Measure -> distance' },
      { id: 'y', text: 'Measure time' },
      { id: 'z', text: 'Divide: $d/t$' },
    ],
  },
} satisfies Record<string, Question>;
