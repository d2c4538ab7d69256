import type { QuizAttempt, QuizResult, QuizSubmission } from '@coursecraft/contracts';
import { readResponse, questionTypeOf } from '../checks/check-response';
import { addMoveButtons } from '../checks/ordering-controls';
import { quizFailureMessage, startAttempt, submitAttempt } from './quiz-api';
import { QUIZ_TEXT } from './quiz-messages';
import { answerText, questionForm } from './quiz-question';

/** What the quiz needs from the page around it. */
export interface QuizDeps {
  slug: string;
  chapterId: string;
  /** The learner's ID token; a visitor is signed in anonymously first (as Mark as complete does). */
  learnerToken: () => Promise<string>;
}

/** The chunk's entry: sets the quiz up once; the base script calls what it answers on Start quiz. */
export type EnhanceQuiz = (section: HTMLElement, deps: QuizDeps) => () => Promise<void>;

type Answer = QuizSubmission['answers'][number];

function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(doc: Document, className: string, label: string, onClick: () => void) {
  const node = element(doc, 'button', `button ${className}`, label);
  node.type = 'button';
  node.addEventListener('click', onClick);
  return node;
}

/**
 * A chapter quiz on its page: Start quiz starts (or resumes) an attempt, shows one question at a
 * time with Previous / Next, asks before submitting with unanswered questions, then shows the
 * result and the review. The focus goes to the question's heading on each move and to the
 * result after a submit; failures are announced.
 */
class ChapterQuiz {
  private readonly doc: Document;
  private readonly startButton: HTMLButtonElement | null;
  private readonly alert: HTMLElement;
  private attempt: QuizAttempt | null = null;
  private forms: HTMLFormElement[] = [];
  private index = 0;
  private view: HTMLElement | null = null;
  private busy = false;

  constructor(
    private readonly section: HTMLElement,
    private readonly deps: QuizDeps,
  ) {
    this.doc = section.ownerDocument;
    this.startButton = section.querySelector<HTMLButtonElement>('#quiz-start');
    this.alert = element(this.doc, 'div', 'quiz-alert');
    this.alert.setAttribute('role', 'alert');
    section.append(this.alert);
  }

  async start(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.say(null);
    const trigger = this.doc.activeElement;
    const busyButton = trigger instanceof HTMLButtonElement ? trigger : this.startButton;
    if (busyButton) busyButton.disabled = true;
    try {
      const token = await this.deps.learnerToken();
      this.attempt = await startAttempt(this.deps.slug, this.deps.chapterId, token);
      this.showAttempt(this.attempt);
    } catch (failure) {
      console.error('Starting the quiz failed', failure);
      this.say(quizFailureMessage(failure, QUIZ_TEXT.startFailed));
      if (busyButton?.isConnected) {
        busyButton.disabled = false;
        busyButton.focus();
      }
    } finally {
      this.busy = false;
    }
  }

  private say(text: string | null): void {
    this.alert.replaceChildren();
    if (text) this.alert.append(element(this.doc, 'p', 'check-message check-error', text));
  }

  private replaceView(view: HTMLElement): void {
    this.view?.remove();
    this.view = view;
    this.alert.before(view);
    if (this.startButton) this.startButton.closest('#quiz-actions')?.setAttribute('hidden', '');
  }

  private showAttempt(attempt: QuizAttempt): void {
    const doc = this.doc;
    const view = element(doc, 'div', 'quiz-attempt');
    const heading = element(doc, 'h2', 'quiz-question-heading');
    heading.id = 'quiz-question-heading';
    heading.tabIndex = -1;
    this.forms = attempt.questions.map((question, index) => questionForm(doc, question, index + 1));
    const nav = element(doc, 'div', 'quiz-nav');
    nav.append(
      button(doc, 'quiz-previous', QUIZ_TEXT.previousQuestion, () => this.move(-1)),
      button(doc, 'quiz-next', QUIZ_TEXT.nextQuestion, () => this.move(1)),
      button(doc, 'button-primary quiz-submit', QUIZ_TEXT.submitQuiz, () => this.submit()),
    );
    view.append(heading, ...this.forms, nav);
    this.replaceView(view);
    for (const form of this.forms) {
      if (questionTypeOf(form) === 'ordering') addMoveButtons(form);
    }
    this.show(0);
  }

  /** Shows question `index` (0-based) alone and puts the focus on its heading. */
  private show(index: number): void {
    const total = this.forms.length;
    this.index = Math.max(0, Math.min(index, total - 1));
    this.forms.forEach((form, n) => {
      form.hidden = n !== this.index;
    });
    const heading = this.view?.querySelector<HTMLElement>('#quiz-question-heading');
    if (heading) heading.textContent = QUIZ_TEXT.questionOf(this.index + 1, total);
    const previous = this.view?.querySelector<HTMLButtonElement>('.quiz-previous');
    const next = this.view?.querySelector<HTMLButtonElement>('.quiz-next');
    if (previous) previous.hidden = this.index === 0;
    if (next) next.hidden = this.index === total - 1;
    heading?.focus();
  }

  private move(step: number): void {
    this.say(null);
    this.show(this.index + step);
  }

  private answers(): Answer[] {
    return this.forms.flatMap((form) => {
      const type = questionTypeOf(form);
      const response = type ? readResponse(form, type) : null;
      return response ? [{ question_id: form.dataset.questionId ?? '', response }] : [];
    });
  }

  private submit(): void {
    if (this.busy || !this.attempt) return;
    const answers = this.answers();
    const unanswered = this.forms.length - answers.length;
    if (unanswered > 0) this.confirm(unanswered, () => void this.send(answers));
    else void this.send(answers);
  }

  /** The accessible "Submit anyway?" dialog; the focus returns to Submit quiz when it closes. */
  private confirm(unanswered: number, onSubmit: () => void): void {
    const doc = this.doc;
    const dialog = element(doc, 'dialog', 'learn-dialog quiz-confirm');
    const text = element(doc, 'p', '', QUIZ_TEXT.unansweredConfirm(unanswered));
    text.id = 'quiz-confirm-text';
    dialog.setAttribute('aria-labelledby', text.id);
    const actions = element(doc, 'div', 'quiz-nav');
    let confirmed = false;
    const submit = button(doc, 'button-primary', QUIZ_TEXT.submitQuiz, () => {
      confirmed = true;
      dialog.close();
    });
    actions.append(
      button(doc, '', QUIZ_TEXT.cancel, () => dialog.close()),
      submit,
    );
    dialog.append(text, actions);
    dialog.addEventListener('close', () => {
      dialog.remove();
      if (confirmed) onSubmit();
      else this.view?.querySelector<HTMLButtonElement>('.quiz-submit')?.focus();
    });
    this.section.append(dialog);
    dialog.showModal();
    submit.focus();
  }

  private async send(answers: Answer[]): Promise<void> {
    const attempt = this.attempt;
    if (this.busy || !attempt) return;
    this.busy = true;
    this.say(null);
    const submitButton = this.view?.querySelector<HTMLButtonElement>('.quiz-submit') ?? null;
    if (submitButton) submitButton.disabled = true;
    try {
      const token = await this.deps.learnerToken();
      const result = await submitAttempt(
        this.deps.slug,
        this.deps.chapterId,
        attempt.attempt_id,
        token,
        { answers },
      );
      this.showResult(attempt, result);
    } catch (failure) {
      console.error('Submitting the quiz failed', failure);
      this.say(quizFailureMessage(failure, QUIZ_TEXT.submitFailed));
      if (submitButton) {
        submitButton.disabled = false;
        submitButton.focus();
      }
    } finally {
      this.busy = false;
    }
  }

  private showResult(attempt: QuizAttempt, result: QuizResult): void {
    const doc = this.doc;
    const view = element(doc, 'section', 'quiz-result-view');
    view.setAttribute('aria-labelledby', 'quiz-result-title');
    const title = element(doc, 'h2', '', QUIZ_TEXT.result);
    title.id = 'quiz-result-title';
    title.tabIndex = -1;
    const verdict = result.passed ? QUIZ_TEXT.passed : QUIZ_TEXT.notPassed(result.pass_mark);
    view.append(
      title,
      element(
        doc,
        'p',
        `quiz-score ${result.passed ? 'is-passed' : 'is-failed'}`,
        `${QUIZ_TEXT.scored(result.score, result.correct, result.total)} ${verdict}`,
      ),
    );
    if (result.attempts_left !== null) {
      view.append(
        element(
          doc,
          'p',
          'quiz-attempts-left',
          result.attempts_left === 0
            ? QUIZ_TEXT.noAttemptsLeft
            : QUIZ_TEXT.attemptsLeft(result.attempts_left),
        ),
      );
    }
    if (result.attempts_left !== 0) {
      view.append(button(doc, 'quiz-again', QUIZ_TEXT.startQuiz, () => void this.start()));
    }
    view.append(element(doc, 'h3', '', QUIZ_TEXT.review), this.review(attempt, result));
    this.replaceView(view);
    title.focus();
  }

  private review(attempt: QuizAttempt, result: QuizResult): HTMLOListElement {
    const doc = this.doc;
    const list = element(doc, 'ol', 'quiz-review');
    result.results.forEach((graded, index) => {
      const question = attempt.questions.find((candidate) => candidate.id === graded.question_id);
      const item = element(
        doc,
        'li',
        `quiz-review-item ${graded.correct ? 'is-correct' : 'is-wrong'}`,
      );
      const heading = element(
        doc,
        'h4',
        '',
        `${QUIZ_TEXT.questionOf(index + 1, result.results.length)}: `,
      );
      heading.append(
        element(
          doc,
          'span',
          `check-verdict ${graded.correct ? 'is-correct' : 'is-wrong'}`,
          graded.correct ? QUIZ_TEXT.correct : QUIZ_TEXT.wrong,
        ),
      );
      item.append(heading);
      if (question) {
        const text = element(doc, 'div', 'check-text');
        text.innerHTML = question.html;
        item.append(text);
      }
      const line = (label: string, value: string) => {
        const p = element(doc, 'p', 'quiz-review-line');
        p.append(element(doc, 'strong', '', `${label}: `), doc.createTextNode(value));
        return p;
      };
      item.append(
        line(
          QUIZ_TEXT.yourAnswer,
          graded.response && question
            ? answerText(question, graded.response)
            : QUIZ_TEXT.unanswered,
        ),
      );
      if (graded.answer && question) {
        item.append(line(QUIZ_TEXT.rightAnswer, answerText(question, graded.answer)));
      }
      for (const html of [...graded.feedback_html, graded.explanation_html ?? '']) {
        if (!html) continue;
        const block = element(doc, 'div', 'check-explanation');
        block.innerHTML = html;
        item.append(block);
      }
      list.append(item);
    });
    return list;
  }
}

export const enhanceQuiz: EnhanceQuiz = (section, deps) => {
  const quiz = new ChapterQuiz(section, deps);
  return () => quiz.start();
};
