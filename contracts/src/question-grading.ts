/**
 * What grading reads of a question (a `QuestionBody` is one), of a learner's response and of the
 * right answer it reveals: written out here so this module imports nothing.
 */
type GradedQuestion =
  | { type: 'single_choice' | 'multiple_choice'; options: { id: string; correct: boolean }[] }
  | { type: 'true_false'; answer: boolean }
  | { type: 'short_answer'; accepted_answers: string[]; tolerance: number | null }
  | { type: 'ordering'; items: { id: string }[] };
type GradedResponse =
  { option_ids: string[] } | { value: boolean } | { text: string } | { item_ids: string[] };
type Revealed =
  { option_ids: string[] } | { value: boolean } | { texts: string[] } | { item_ids: string[] };

/**
 * The grading module as one self-contained function (no outside names): the API calls the
 * functions it returns, and the SCORM package ships its source text and calls it in the player.
 */
export function gradingModule() {
  /**
   * Text as it is compared, for duplicate options and items and for grading short answers: NFKC
   * (full-width letters, ligatures), trimmed, runs of white space collapsed to one space,
   * lower-cased. Diacritics stay (`café` is not `cafe`). Case folding is `toLowerCase`, not a
   * locale's: it is the same on every server and browser, and keeps `ß` (full case folding would
   * make it `ss`, and `Maße` would match `Masse`, another word): `STRASSE` does not match
   * `straße`; an author who takes both lists both.
   */
  const foldedText = (text: string): string =>
    text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

  /** A decimal number with `.` or `,` as its mark; null for anything else. */
  function numericValue(text: string): number | null {
    const trimmed = text.normalize('NFKC').trim();
    if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(trimmed)) return null;
    const value = Number(trimmed.replace(',', '.'));
    return Number.isFinite(value) ? value : null;
  }

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
    question: Extract<GradedQuestion, { type: 'short_answer' }>,
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
  function gradeResponse(question: GradedQuestion, response: GradedResponse): boolean {
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
  function revealedAnswer(question: GradedQuestion): Revealed {
    switch (question.type) {
      case 'single_choice':
      case 'multiple_choice':
        return {
          option_ids: question.options
            .filter((option) => option.correct)
            .map((option) => option.id),
        };
      case 'true_false':
        return { value: question.answer };
      case 'short_answer':
        return { texts: [...question.accepted_answers] };
      case 'ordering':
        return { item_ids: question.items.map((item) => item.id) };
    }
  }

  return { foldedText, numericValue, gradeResponse, revealedAnswer };
}

export type GradingModule = ReturnType<typeof gradingModule>;

export const { foldedText, numericValue, gradeResponse, revealedAnswer } = gradingModule();
