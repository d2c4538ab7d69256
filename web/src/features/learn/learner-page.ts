import { LEARN_TEXT } from './learn-messages';
import type { QuizStandingView } from './progress-api';

/** What the script finds on a server-rendered learner page (course or lesson). */
export interface LearnerPage {
  doc: Document;
  slug: string;
  /** Every topic of the outline, in order. */
  topicIds: string[];
  /** The lesson's topic; null on the course page. */
  topicId: string | null;
  progress: HTMLElement | null;
  /** The course page's Start link, which becomes Continue once the learner has progress. */
  start: HTMLAnchorElement | null;
  complete: HTMLButtonElement | null;
  messages: HTMLElement | null;
  accountNav: HTMLElement | null;
}

/** Reads the page's contract; null on a page that is not a learner page (a 404). */
export function readLearnerPage(doc: Document): LearnerPage | null {
  const slug = doc.body.dataset.slug;
  if (!slug) return null;
  const complete = doc.getElementById('learn-complete');
  const progress = doc.getElementById('learn-progress');
  const topicId = doc.body.dataset.topicId || null;
  const start = doc.getElementById('learn-start');
  return {
    doc,
    slug,
    topicIds: (doc.body.dataset.topicIds ?? '').split(/\s+/).filter(Boolean),
    topicId,
    progress,
    start: start instanceof HTMLAnchorElement ? start : null,
    complete: complete instanceof HTMLButtonElement ? complete : null,
    messages: doc.getElementById('learn-messages'),
    accountNav: doc.getElementById('learn-account'),
  };
}

const MARK = 'data-learn-mark';

const topicUrl = (slug: string, topicId: string) =>
  `/learn/${encodeURIComponent(slug)}/${encodeURIComponent(topicId)}`;

function markTopic(link: HTMLAnchorElement, completed: boolean): void {
  const mark = link.querySelector(`[${MARK}]`);
  link.classList.toggle('is-completed', completed);
  if (completed && !mark) {
    const hidden = link.ownerDocument.createElement('span');
    hidden.className = 'visually-hidden';
    hidden.setAttribute(MARK, '');
    hidden.textContent = LEARN_TEXT.completedMark;
    link.append(hidden);
  } else if (!completed) {
    mark?.remove();
  }
}

/**
 * Shows the learner's progress: the progress line, the outline's marks and the lesson's button.
 * `completed` null: not known yet (the line stays empty and the button disabled).
 */
export function showProgress(page: LearnerPage, completed: ReadonlySet<string> | null): void {
  const { doc, slug, topicIds, topicId, progress, start, complete } = page;
  if (progress) {
    const done = completed ? topicIds.filter((id) => completed.has(id)).length : 0;
    progress.textContent =
      completed && topicIds.length > 0 ? LEARN_TEXT.progress(done, topicIds.length) : '';
  }
  if (start && completed) {
    const done = topicIds.some((id) => completed.has(id));
    const target = topicIds.find((id) => !completed.has(id)) ?? topicIds[0];
    start.textContent = done ? LEARN_TEXT.continue : LEARN_TEXT.start;
    if (target) start.href = topicUrl(slug, target);
  }
  for (const link of doc.querySelectorAll<HTMLAnchorElement>('a[data-topic-id]')) {
    markTopic(link, completed?.has(link.dataset.topicId ?? '') === true);
  }
  if (complete && topicId) {
    const isCompleted = completed?.has(topicId) === true;
    complete.disabled = completed === null;
    complete.textContent = isCompleted ? LEARN_TEXT.completed : LEARN_TEXT.markComplete;
    complete.setAttribute('aria-pressed', String(isCompleted));
    complete.classList.toggle('is-completed', isCompleted);
  }
}

/**
 * The course page's chapter quiz results (`Quiz: 80% · Passed`, or not taken yet) and Course
 * completed. `quizzes` null: not known yet (the slots stay empty).
 */
export function showQuizResults(
  page: LearnerPage,
  quizzes: readonly QuizStandingView[] | null,
  courseCompleted: boolean,
): void {
  const { doc } = page;
  for (const slot of doc.querySelectorAll<HTMLElement>('[data-quiz-result]')) {
    const standing = quizzes?.find((quiz) => quiz.chapterId === slot.dataset.quizResult);
    slot.textContent = !quizzes
      ? ''
      : standing && standing.bestScore !== null
        ? LEARN_TEXT.courseQuizResult(standing.bestScore, standing.passed)
        : LEARN_TEXT.notTaken;
  }
  const completed = doc.getElementById('learn-course-completed');
  if (completed)
    completed.textContent = quizzes && courseCompleted ? LEARN_TEXT.courseCompleted : '';
}

export type AlertKind = 'info' | 'error' | 'success';

/** One alert in the messages region, with an optional action button and a Dismiss button. */
export interface AlertSpec {
  kind: AlertKind;
  text: string;
  action?: { label: string; onClick: () => void };
  dismissible?: boolean;
}

/**
 * Puts the alert `key` in the messages region (replacing one with the same key), or removes it
 * when `spec` is null. Returns the action button, if any.
 */
export function showAlert(
  page: LearnerPage,
  key: string,
  spec: AlertSpec | null,
): HTMLButtonElement | null {
  const { doc, messages } = page;
  if (!messages) return null;
  const existing = messages.querySelector<HTMLElement>(`[data-alert="${key}"]`);
  if (!spec) {
    existing?.remove();
    return null;
  }
  const alert = doc.createElement('div');
  alert.className = `alert alert-${spec.kind} learn-alert`;
  alert.dataset.alert = key;
  if (spec.kind === 'error') alert.setAttribute('role', 'alert');
  const text = doc.createElement('p');
  text.textContent = spec.text;
  alert.append(text);
  let actionButton: HTMLButtonElement | null = null;
  if (spec.action) {
    const { label, onClick } = spec.action;
    actionButton = doc.createElement('button');
    actionButton.type = 'button';
    actionButton.className = 'button';
    actionButton.textContent = label;
    actionButton.addEventListener('click', onClick);
    alert.append(actionButton);
  }
  if (spec.dismissible) {
    const dismiss = doc.createElement('button');
    dismiss.type = 'button';
    dismiss.className = 'learn-dismiss';
    dismiss.setAttribute('aria-label', LEARN_TEXT.dismiss);
    dismiss.textContent = '×';
    dismiss.addEventListener('click', () => alert.remove());
    alert.append(dismiss);
  }
  if (existing) existing.replaceWith(alert);
  else messages.append(alert);
  return actionButton;
}
