import { QUIZ_QUESTIONS_MAX, type ChapterQuizSettings } from '@coursecraft/contracts';
import * as z from 'zod';
import { publishedQuestionSchema, type PublishedQuestion } from '../published-questions';

/** One question of a chapter quiz's pool (or of an attempt): its key, HTML and topic. */
export interface QuizQuestion extends PublishedQuestion {
  topic_id: string;
}
export const quizQuestionSchema = publishedQuestionSchema.extend({ topic_id: z.string() });

/** How many questions an attempt draws from a pool of `poolSize`. */
export const quizQuestionCount = (
  poolSize: number,
  { questions_per_attempt }: Pick<ChapterQuizSettings, 'questions_per_attempt'>,
): number => Math.min(poolSize, questions_per_attempt ?? poolSize, QUIZ_QUESTIONS_MAX);

/** A Fisher–Yates shuffle driven by `random` (a number in [0, 1)); the input is left alone. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const result = [...items];
  for (let index = result.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [result[index], result[other]] = [result[other] as T, result[index] as T];
  }
  return result;
}

/** The question with its choice options in a random order (grading ignores option order). */
function withShuffledOptions(entry: QuizQuestion, random: () => number): QuizQuestion {
  const { question } = entry;
  if (question.type !== 'single_choice' && question.type !== 'multiple_choice') return entry;
  return { ...entry, question: { ...question, options: shuffled(question.options, random) } };
}

/**
 * The questions of one attempt: `quizQuestionCount` of the pool, drawn at random when fewer than
 * the pool. With `shuffle` the questions and their options come in a random order; without it
 * they keep the pool's (outline) order. Ordering items are never reordered here: their stored
 * order is the key (learners get them shuffled by `learnerView`).
 */
export function drawQuestions(
  pool: readonly QuizQuestion[],
  settings: Pick<ChapterQuizSettings, 'questions_per_attempt' | 'shuffle'>,
  random: () => number,
): QuizQuestion[] {
  const count = quizQuestionCount(pool.length, settings);
  const indexes = pool.map((_, index) => index);
  const picked = new Set(count < pool.length ? shuffled(indexes, random).slice(0, count) : indexes);
  const kept = pool.filter((_, index) => picked.has(index));
  if (!settings.shuffle) return kept;
  return shuffled(kept, random).map((entry) => withShuffledOptions(entry, random));
}
