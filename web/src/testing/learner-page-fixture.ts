import { vi } from 'vitest';
import type { Learner, LearnerSession } from '../features/learn/learner-session';

export const FIXTURE_SLUG = 'Ab3_x-Yz9Qw2Er7T';
const TOPICS = [
  ['t1', 'Sides'],
  ['t2', 'Angles'],
  ['t3', 'Area'],
] as const;

/**
 * A server-rendered learner page as the pages' contract describes it: a lesson page of topic
 * `topicId`, or the course page when it is null.
 */
export function learnerPageHtml(topicId: string | null = 't2'): string {
  const outline = TOPICS.map(
    ([id, name]) =>
      `<li><a href="/learn/${FIXTURE_SLUG}/${id}" data-topic-id="${id}"${
        id === topicId ? ' aria-current="page"' : ''
      }>${name}</a></li>`,
  ).join('');
  const lesson = topicId
    ? `<article class="lesson"><h1>Angles</h1><p>The lesson.</p></article>
       <div id="learn-actions" class="learn-actions"><button type="button" id="learn-complete"
         class="button" aria-pressed="false" disabled>Mark as complete</button></div>
       <div id="learn-messages" class="learn-messages" aria-live="polite"></div>
       <nav aria-label="Previous and next topics"><a href="/learn/${FIXTURE_SLUG}/t3">Next: Area</a></nav>`
    : `<h1>Triangles</h1><p id="learn-progress" class="learn-progress"></p>
       <p><a id="learn-start" class="button button-primary" href="/learn/${FIXTURE_SLUG}/t1">Start</a></p>`;
  return `
    <header class="site-header"><a href="/home">Coursecraft</a>
      <nav aria-label="Account" id="learn-account"><a href="/auth?mode=login">Login</a>
        <a href="/auth?mode=signup">Sign Up</a></nav></header>
    <main>
      ${topicId ? '<p id="learn-progress" class="learn-progress"></p>' : ''}
      ${lesson}
      <details open><summary>Course outline</summary><nav aria-label="Course outline"><ul>${outline}</ul></nav></details>
      ${topicId ? '' : '<div id="learn-messages" class="learn-messages" aria-live="polite"></div>'}
    </main>`;
}

/** Puts the fixture into jsdom's document, with the body's data attributes. */
export function renderLearnerPage(topicId: string | null = 't2'): void {
  document.body.innerHTML = learnerPageHtml(topicId);
  document.body.dataset.slug = FIXTURE_SLUG;
  document.body.dataset.topicIds = TOPICS.map(([id]) => id).join(' ');
  if (topicId) document.body.dataset.topicId = topicId;
  else delete document.body.dataset.topicId;
}

/** A Firebase session stand-in: `learner` signed in (null: nobody), tokens `token-<uid>`. */
export function fakeSession(learner: Learner | null, { isAdmin = false } = {}) {
  const state = { learner };
  const listeners = new Set<(learner: Learner | null) => void>();
  const session = {
    current: vi.fn(async () => state.learner),
    ensureLearner: vi.fn(async () => {
      state.learner ??= { uid: 'anon-1', isAnonymous: true };
      for (const listener of listeners) listener(state.learner);
      return state.learner;
    }),
    token: vi.fn(async (uid: string) => `token-${uid}`),
    isAdmin: vi.fn(async () => isAdmin),
    onChange: vi.fn((listener: (learner: Learner | null) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    }),
    signOut: vi.fn(async () => {
      state.learner = null;
    }),
  } satisfies LearnerSession;
  return { session, state };
}

/** jsdom has no modal dialogs: `showModal` and `close` as far as the tests need them. */
export function polyfillDialog(): void {
  const proto = HTMLDialogElement.prototype;
  if (typeof proto.showModal === 'function') return;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
