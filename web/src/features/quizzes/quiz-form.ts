import {
  QUIZ_QUESTIONS_MAX,
  chapterQuizSettingsSchema,
  showAnswersAfterSchema,
  type ChapterQuiz,
} from '@coursecraft/contracts';
import * as z from 'zod';

/** A typed number as the settings hold it; an empty or unreadable field fails their check. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * The Chapter quiz form as typed: numbers as text, "All questions" apart from the number of them,
 * Attempts '' for Unlimited. It hands over the settings, checked by the contract's schema, whose
 * messages land on the fields of the same names.
 */
export const quizFormSchema = z
  .object({
    all_questions: z.boolean(),
    questions_per_attempt: z.string(),
    pass_mark: z.string(),
    attempts: z.string(),
    shuffle: z.boolean(),
    show_answers_after: showAnswersAfterSchema,
  })
  .transform((form) => ({
    questions_per_attempt: form.all_questions ? null : numberOf(form.questions_per_attempt),
    pass_mark: numberOf(form.pass_mark),
    attempts: form.attempts === '' ? null : numberOf(form.attempts),
    shuffle: form.shuffle,
    show_answers_after: form.show_answers_after,
  }))
  .pipe(chapterQuizSettingsSchema);

export type QuizForm = z.input<typeof quizFormSchema>;

/** The form showing `quiz`'s settings; a random N starts at the pool's size (10 without one). */
export function quizFormOf({ settings, pool_size }: ChapterQuiz): QuizForm {
  const count = settings.questions_per_attempt ?? Math.min(pool_size || 10, QUIZ_QUESTIONS_MAX);
  return {
    all_questions: settings.questions_per_attempt === null,
    questions_per_attempt: String(count),
    pass_mark: String(settings.pass_mark),
    attempts: settings.attempts === null ? '' : String(settings.attempts),
    shuffle: settings.shuffle,
    show_answers_after: settings.show_answers_after,
  };
}
