import {
  gradeResponse,
  quizPassed,
  quizScore,
  revealedAnswer,
  type LearnerResponse,
  type QuizQuestionResult,
  type QuizSubmission,
} from '@coursecraft/contracts';
import type { QuizQuestion } from './draw-questions';

/** One question of an attempt as graded; `response` null when unanswered (which scores 0). */
export interface GradedQuizQuestion {
  entry: QuizQuestion;
  response: LearnerResponse | null;
  correct: boolean;
}

export interface GradedAttempt {
  /** In the attempt's order. */
  questions: GradedQuizQuestion[];
  correct: number;
  total: number;
  score: number;
  passed: boolean;
}

/**
 * Grades a submission against an attempt's frozen questions; null when an answer names a
 * question outside the attempt, or one question twice.
 */
export function gradeAttempt(
  questions: readonly QuizQuestion[],
  answers: QuizSubmission['answers'],
  passMark: number,
): GradedAttempt | null {
  const responses = new Map<string, LearnerResponse>();
  const inAttempt = new Set(questions.map((entry) => entry.question.id));
  for (const { question_id, response } of answers) {
    if (!inAttempt.has(question_id) || responses.has(question_id)) return null;
    responses.set(question_id, response);
  }
  const graded = questions.map((entry): GradedQuizQuestion => {
    const response = responses.get(entry.question.id) ?? null;
    return {
      entry,
      response,
      correct: response !== null && gradeResponse(entry.question, response),
    };
  });
  const correct = graded.filter((question) => question.correct).length;
  const total = questions.length;
  return {
    questions: graded,
    correct,
    total,
    score: quizScore(correct, total),
    passed: quizPassed(correct, total, passMark),
  };
}

/** The feedback lines of the options a response picked (choice types only). */
function pickedFeedback({ entry, response }: GradedQuizQuestion): string[] {
  const { question, html } = entry;
  if (question.type !== 'single_choice' && question.type !== 'multiple_choice') return [];
  const picked = response && 'option_ids' in response ? response.option_ids : [];
  return question.options
    .filter((option) => picked.includes(option.id))
    .flatMap((option) => html.options[option.id]?.feedback || []);
}

/** The review of a graded attempt: the right answers, explanations and feedback only when shown. */
export const quizQuestionResults = (
  graded: GradedAttempt,
  answersShown: boolean,
): QuizQuestionResult[] =>
  graded.questions.map((question) => ({
    question_id: question.entry.question.id,
    correct: question.correct,
    response: question.response,
    explanation_html: answersShown ? question.entry.html.explanation : null,
    feedback_html: answersShown ? pickedFeedback(question) : [],
    answer: answersShown ? revealedAnswer(question.entry.question) : null,
  }));
