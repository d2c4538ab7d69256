import {
  QUESTION_OPTIONS_MAX,
  type Chapter,
  type Course,
  type Subject,
  type Topic,
} from '@coursecraft/contracts';
import { quoted } from '../../lib/gemini/prompt-text';
import { learnerLines, sourcesLines, type PromptPassages } from '../generation/prompts';

/** The topic whose lesson the questions check, with the levels above it. */
export interface QuestionsContext {
  course: Course;
  subject: Subject;
  chapter: Chapter;
  topic: Topic;
  lesson: string;
}

/** One question of an earlier answer that could not be used, and why. */
export interface RejectedQuestion {
  position: number;
  problems: string[];
}

export interface QuestionsRequest {
  count: number;
  /** The texts of the questions the topic keeps (and any already accepted), not to repeat. */
  kept: string[];
  /** What the author wants (Regenerate with instructions). */
  instructions?: string;
  /** On the second ask: the questions of the first answer that could not be used. */
  rejected?: RejectedQuestion[];
}

function rejectedLines(rejected: RejectedQuestion[] | undefined, count: number): string[] {
  if (!rejected?.length) return [];
  return [
    '',
    'Some questions of your previous answer could not be used:',
    ...rejected.map(({ position, problems }) => `- Question ${position}: ${problems.join(' ')}`),
    `Write ${count} new ${count === 1 ? 'question' : 'questions'} to replace them, avoiding these mistakes.`,
  ];
}

/**
 * Asks for `count` questions on the lesson, in the course's language and for its learners; with
 * passages (a course with sources), on what the lesson takes from them.
 */
export function questionsPrompt(
  { course, subject, chapter, topic, lesson }: QuestionsContext,
  { count, kept, instructions, rejected }: QuestionsRequest,
  passages?: PromptPassages,
): string {
  return [
    `Write ${count} ${count === 1 ? 'question' : 'questions'} on the lesson ${quoted(topic.name)} of the chapter`,
    `${quoted(chapter.name)}, in the subject ${quoted(subject.name)} of the course ${quoted(course.name)}.`,
    'Each question checks whether a learner understood the lesson; ask only about what it teaches.',
    'Mix the types: single_choice (exactly one correct option), multiple_choice (at least one),',
    'true_false (a statement and its answer), short_answer (a word, phrase or number; give every',
    'accepted spelling, and a tolerance for a number) and ordering (steps listed in the right order).',
    `Choice questions and ordering questions have 2 to ${QUESTION_OPTIONS_MAX} options or steps, all different.`,
    'Give each question an explanation of its right answer, and fill only the fields of its type.',
    ...learnerLines(course.settings),
    `Write in ${quoted(course.settings.language)}.`,
    'Write markdown; math for KaTeX, inline as $...$.',
    ...(instructions ? [`The author wants this: ${quoted(instructions)}`] : []),
    ...(kept.length > 0
      ? [
          'The topic already has these questions; do not repeat them:',
          ...kept.map((t) => `- ${quoted(t)}`),
        ]
      : []),
    ...rejectedLines(rejected, count),
    ...sourcesLines(passages),
    '',
    'The lesson, between the lines BEGIN and END:',
    'BEGIN',
    lesson,
    'END',
  ].join('\n');
}
