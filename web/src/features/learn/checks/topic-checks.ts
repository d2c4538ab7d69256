import type { LearnerAnswersInput, QuestionType } from '@coursecraft/contracts';
import { checkFailureMessage, postAnswer } from './answers-api';
import { CHECK_TEXT } from './check-messages';
import { firstControl, questionTypeOf, readResponse } from './check-response';
import { clearResult, showMessage, showResult } from './check-result';
import { addMoveButtons } from './ordering-controls';

/** What the checks need from the page around them. */
export interface ChecksDeps {
  slug: string;
  topicId: string;
  /** The learner's ID token; a visitor is signed in anonymously first (as Mark as complete does). */
  learnerToken: () => Promise<string>;
}

/** The chunk's entry, as the base script calls it. */
export type EnhanceChecks = (
  section: HTMLElement,
  deps: ChecksDeps,
  pending: HTMLFormElement | null,
) => void;

type Answer = LearnerAnswersInput['answers'][number];

class TopicCheck {
  private sending = false;
  /** The verdict on screen, kept when Show answer's result comes (it has none). */
  private verdict = false;

  constructor(
    private readonly form: HTMLFormElement,
    private readonly type: QuestionType,
    private readonly deps: ChecksDeps,
    private readonly version: number | undefined,
  ) {
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.check();
    });
    if (type === 'ordering') addMoveButtons(form);
  }

  private get questionId(): string {
    return this.form.dataset.questionId ?? '';
  }

  async check(): Promise<void> {
    if (this.sending) return;
    const response = readResponse(this.form, this.type);
    if (!response) {
      showMessage(
        this.form,
        this.type === 'short_answer' ? CHECK_TEXT.typeFirst : CHECK_TEXT.chooseFirst,
        'hint',
      );
      firstControl(this.form)?.focus();
      return;
    }
    await this.send({ question_id: this.questionId, response }, '.check-submit');
  }

  private async showAnswer(): Promise<void> {
    await this.send({ question_id: this.questionId, show: true }, '.check-show-answer');
  }

  private tryAgain(): void {
    clearResult(this.form);
    firstControl(this.form)?.focus();
  }

  /** Sends one answer with `selector`'s button disabled meanwhile, and shows what comes back. */
  private async send(answer: Answer, selector: string): Promise<void> {
    const button = this.form.querySelector<HTMLButtonElement>(selector);
    const doc = this.form.ownerDocument;
    const hadFocus = button !== null && doc.activeElement === button;
    this.sending = true;
    if (button) button.disabled = true;
    try {
      const token = await this.deps.learnerToken();
      const result = await postAnswer(this.deps.slug, this.deps.topicId, token, {
        ...(this.version === undefined ? {} : { version: this.version }),
        answers: [answer],
      });
      if (result.correct !== null) this.verdict = result.correct;
      showResult(this.form, result, this.verdict, {
        tryAgain: () => this.tryAgain(),
        showAnswer: this.verdict || result.answer ? null : () => void this.showAnswer(),
      });
    } catch (failure) {
      console.error('Checking an answer failed', failure);
      showMessage(this.form, checkFailureMessage(failure), 'error');
    } finally {
      this.sending = false;
      if (button?.isConnected) button.disabled = false;
      // A disabled (or replaced) button loses the focus: it goes back where the learner was.
      const lost = doc.activeElement === null || doc.activeElement === doc.body;
      if (hadFocus && lost) {
        const next = button?.isConnected
          ? button
          : this.form.querySelector<HTMLElement>('.check-try-again, .check-submit');
        next?.focus();
      }
    }
  }
}

/**
 * The topic checks of a lesson page: each question's form sends the learner's answer to the
 * server, which grades it, and shows the verdict, the explanation and what to do next.
 * `pending` is a form submitted while this script was loading: it is checked at once.
 */
export const enhanceChecks: EnhanceChecks = (section, deps, pending) => {
  const version = Number(section.dataset.version);
  const checks = new Map<HTMLFormElement, TopicCheck>();
  for (const form of section.querySelectorAll<HTMLFormElement>('form.check')) {
    const type = questionTypeOf(form);
    if (!type) continue;
    checks.set(
      form,
      new TopicCheck(
        form,
        type,
        deps,
        Number.isInteger(version) && version > 0 ? version : undefined,
      ),
    );
  }
  if (pending) void checks.get(pending)?.check();
};
