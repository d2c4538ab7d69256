import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import {
  FIXTURE_SLUG,
  fakeSession,
  renderLearnerPage,
} from '../../../testing/learner-page-fixture';
import { enhanceLearnerPage } from '../enhance';

/** The course page with two chapter quizzes' result slots and the Course completed line. */
function renderCoursePage(): void {
  renderLearnerPage(null);
  document.querySelector('main')?.insertAdjacentHTML(
    'beforeend',
    `<p id="learn-course-completed"></p>
     <p><a href="/learn/${FIXTURE_SLUG}/chapters/ch1/quiz">Chapter quiz</a> <span data-testid="r1" data-quiz-result="ch1"></span></p>
     <p><a href="/learn/${FIXTURE_SLUG}/chapters/ch2/quiz">Chapter quiz</a> <span data-testid="r2" data-quiz-result="ch2"></span></p>`,
  );
}

async function enhance(signedIn: boolean) {
  const { session } = fakeSession(signedIn ? { uid: 'u1', isAnonymous: false } : null);
  await enhanceLearnerPage(document, {
    sessionLikely: vi.fn(async () => signedIn),
    loadSession: vi.fn(async () => session),
    loadSaveDialog: vi.fn(async () => () => undefined),
    navigate: vi.fn(),
    loadChecks: vi.fn(),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  for (const name of Object.keys(document.body.dataset)) delete document.body.dataset[name];
  document.getElementById('learn-script-styles')?.remove();
});

describe('the course page’s chapter quiz results', () => {
  it('show each chapter’s best score and whether it passed, and Course completed', async () => {
    stubFetch(async () =>
      Response.json({
        completed_topic_ids: ['t1', 't2', 't3'],
        quizzes: [
          {
            chapter_id: 'ch1',
            attempts_used: 2,
            attempts_left: null,
            best_score: 80,
            passed: true,
            open_attempt: false,
          },
          {
            chapter_id: 'ch2',
            attempts_used: 1,
            attempts_left: 2,
            best_score: null,
            passed: false,
            open_attempt: true,
          },
        ],
        course_completed: true,
      }),
    );
    renderCoursePage();
    await enhance(true);
    await waitFor(() => expect(screen.getByTestId('r1')).toHaveTextContent('Quiz: 80% · Passed'));
    expect(screen.getByTestId('r2')).toHaveTextContent('Quiz: not taken yet');
    expect(document.getElementById('learn-course-completed')).toHaveTextContent('Course completed');
  });

  it('say Not passed, and no Course completed while the course is not', async () => {
    stubFetch(async () =>
      Response.json({
        completed_topic_ids: ['t1'],
        quizzes: [
          {
            chapter_id: 'ch1',
            attempts_used: 1,
            attempts_left: null,
            best_score: 40,
            passed: false,
            open_attempt: false,
          },
        ],
        course_completed: false,
      }),
    );
    renderCoursePage();
    await enhance(true);
    await waitFor(() =>
      expect(screen.getByTestId('r1')).toHaveTextContent('Quiz: 40% · Not passed'),
    );
    expect(document.getElementById('learn-course-completed')).toBeEmptyDOMElement();
  });

  it('show a visitor every quiz as not taken yet without asking the server', async () => {
    const spy = stubFetch(async () => Response.json({}));
    renderCoursePage();
    await enhance(false);
    expect(screen.getByTestId('r1')).toHaveTextContent('Quiz: not taken yet');
    expect(screen.getByTestId('r2')).toHaveTextContent('Quiz: not taken yet');
    expect(spy).not.toHaveBeenCalled();
  });
});
