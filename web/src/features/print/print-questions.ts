import { numericValue, type Question } from '@coursecraft/contracts';

/** An option's or a step's letter in the print edition: A, B, …, Z, then AA, AB, …. */
export function letter(index: number): string {
  const last = String.fromCharCode(65 + (index % 26));
  return index < 26 ? last : `${letter(Math.floor(index / 26) - 1)}${last}`;
}

/** FNV-1a: a small stable hash of a question's id, the seed of its printed order. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/**
 * The steps of an ordering question as printed: shuffled the same way on every print (seeded by
 * the question's id) and never in the right order, since the question lists them in it.
 */
export function printedSteps<T>(questionId: string, items: readonly T[]): T[] {
  const steps = [...items];
  let seed = hash(questionId);
  const random = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
  for (let i = steps.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [steps[i], steps[j]] = [steps[j] as T, steps[i] as T];
  }
  if (steps.length > 1 && steps.every((step, index) => step === items[index])) {
    steps.push(steps.shift() as T);
  }
  return steps;
}

/** A short answer's accepted answers as the key prints them: a number with its tolerance. */
export function acceptedAnswerTexts(
  question: Extract<Question, { type: 'short_answer' }>,
): string[] {
  const { tolerance } = question;
  return question.accepted_answers.map((answer) =>
    tolerance !== null && tolerance > 0 && numericValue(answer) !== null
      ? `${answer} ± ${tolerance}`
      : answer,
  );
}
