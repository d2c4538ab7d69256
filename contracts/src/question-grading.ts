import {
  foldedText,
  numericValue,
  type LearnerResponse,
  type QuestionBody,
  type RevealedAnswer,
} from './questions';

const sameSet = (a: string[], b: string[]): boolean => {
  const wanted = new Set(b);
  return (
    new Set(a).size === a.length && a.length === wanted.size && a.every((id) => wanted.has(id))
  );
};

/**
 * |a − b| ≤ tolerance, forgiving the binary rounding of decimals: 3.15 is within 0.01 of 3.14
 * although the doubles differ by 0.010000000000000231.
 */
const withinTolerance = (a: number, b: number, tolerance: number): boolean =>
  Math.abs(a - b) <= tolerance + 1e-12 * Math.max(1, Math.abs(a), Math.abs(b), tolerance);

function shortAnswerMatches(
  question: Extract<QuestionBody, { type: 'short_answer' }>,
  text: string,
): boolean {
  const given = foldedText(text);
  if (given === '') return false;
  const { tolerance } = question;
  const number = tolerance === null ? null : numericValue(text);
  return question.accepted_answers.some((accepted) => {
    const value = tolerance === null ? null : numericValue(accepted);
    if (value !== null && tolerance !== null) {
      return number !== null && withinTolerance(number, value, tolerance);
    }
    return foldedText(accepted) === given;
  });
}

/**
 * Whether a response answers a question right: all or nothing (a multiple choice needs exactly
 * its correct options, an ordering every item in place). A response of another type's shape is
 * simply wrong.
 */
export function gradeResponse(question: QuestionBody, response: LearnerResponse): boolean {
  switch (question.type) {
    case 'single_choice':
    case 'multiple_choice':
      return (
        'option_ids' in response &&
        sameSet(
          response.option_ids,
          question.options.filter((option) => option.correct).map((option) => option.id),
        )
      );
    case 'true_false':
      return 'value' in response && response.value === question.answer;
    case 'short_answer':
      return 'text' in response && shortAnswerMatches(question, response.text);
    case 'ordering':
      return (
        'item_ids' in response &&
        response.item_ids.length === question.items.length &&
        question.items.every((item, index) => response.item_ids[index] === item.id)
      );
  }
}

/** The right answer, in the shape of the response that gives it. */
export function revealedAnswer(question: QuestionBody): RevealedAnswer {
  switch (question.type) {
    case 'single_choice':
    case 'multiple_choice':
      return {
        option_ids: question.options.filter((option) => option.correct).map((option) => option.id),
      };
    case 'true_false':
      return { value: question.answer };
    case 'short_answer':
      return { texts: [...question.accepted_answers] };
    case 'ordering':
      return { item_ids: question.items.map((item) => item.id) };
  }
}
