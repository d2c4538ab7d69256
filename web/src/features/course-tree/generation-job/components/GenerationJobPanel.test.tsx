import { citationsRemovedMessage, JOB_MESSAGES, type GenerationJob } from '@coursecraft/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userKey } from '../../../../lib/user-query';
import { callsTo, stubJobApi, testJob } from '../../../../testing/test-generation-job';
import { renderInRouter, TEST_USER } from '../../../../testing/test-session';
import { useSubjects } from '../../api/get-subjects';
import { JOB_POLL_MS } from '../api/get-generation-job';
import { generationJobKeys } from '../api/keys';
import { GenerationJobPanel } from './GenerationJobPanel';

const finished = testJob({
  status: 'finished',
  done: 118,
  failed: 2,
  running: 0,
  levels: {
    subjects: { total: 0, done: 0, failed: 0 },
    chapters: { total: 5, done: 5, failed: 0 },
    topics: { total: 30, done: 29, failed: 1 },
    lessons: { total: 85, done: 84, failed: 1 },
    questions: { total: 0, done: 0, failed: 0 },
  },
  failed_steps: [
    { id: 'f1', level: 'topics', name: 'Integrals', message: 'Gemini answered nothing.' },
    { id: 'f2', level: 'lessons', name: 'Limits', message: 'Gemini is busy. Try again later.' },
  ],
  finished_at: '2025-03-01T10:20:00.000Z',
});

/** Reads the course's subjects, as the subjects screen beside the panel does. */
function SubjectsReader() {
  useSubjects('c1');
  return null;
}

function renderPanel() {
  const view = renderInRouter(
    <>
      <GenerationJobPanel courseId="c1" />
      <SubjectsReader />
    </>,
    { session: 'user' },
  );
  const latestLoaded = () =>
    waitFor(() =>
      expect(
        view.queryClient.getQueryState(userKey(TEST_USER.uid, generationJobKeys.latest('c1')))
          ?.status,
      ).toBe('success'),
    );
  return { ...view, latestLoaded };
}

/** A response that waits until `answer` is called. */
function deferred() {
  let answer: (response: Response) => void = () => {};
  const response = new Promise<Response>((resolve) => (answer = resolve));
  return { response, answer };
}

const panel = () => screen.findByRole('region', { name: 'Course generation' });
const status = () => screen.getByRole('status');

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('GenerationJobPanel', () => {
  it('shows nothing when the course never had a job', async () => {
    const spy = stubJobApi({ latest: null });
    const { latestLoaded } = renderPanel();
    await latestLoaded();
    expect(callsTo(spy, 'GET', '/courses/c1/jobs')).toHaveLength(1);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows a running job: its steps, a progress bar, the levels that have steps and Stop', async () => {
    stubJobApi({ latest: testJob() });
    renderPanel();
    const region = await panel();
    expect(status()).toHaveTextContent('Generating course: 37 of 120 steps');
    expect(status()).toHaveAttribute('aria-live', 'polite');
    const bar = within(region).getByRole('progressbar', { name: 'Course generation progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '31');
    expect(bar).toHaveAttribute('aria-valuetext', '37 of 120 steps');
    const levels = within(within(region).getByRole('list', { name: 'Steps per level' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(levels).toEqual(['Chapters 5 of 5', 'Topics 12 of 30', 'Lessons 20 of 85']);
    expect(within(region).getByRole('button', { name: 'Stop' })).toBeEnabled();
    expect(within(region).queryByRole('button', { name: 'Retry failed steps' })).toBeNull();
    expect(within(region).queryByRole('button', { name: 'Hide generation progress' })).toBeNull();
  });

  it('counts the subjects level when the job plans the subjects', async () => {
    stubJobApi({
      latest: testJob({
        total: 1,
        done: 0,
        levels: {
          subjects: { total: 1, done: 0, failed: 0 },
          chapters: { total: 0, done: 0, failed: 0 },
          topics: { total: 0, done: 0, failed: 0 },
          lessons: { total: 0, done: 0, failed: 0 },
          questions: { total: 0, done: 0, failed: 0 },
        },
      }),
    });
    renderPanel();
    const region = await panel();
    expect(status()).toHaveTextContent('Generating course: 0 of 1 steps');
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Subjects 0 of 1']);
  });

  it('Stop sends DELETE, is disabled while it runs, then shows the job stopped', async () => {
    const stopAnswer = deferred();
    let current = testJob();
    const spy = stubJobApi({ latest: () => current, stop: () => stopAnswer.response });
    renderPanel();
    const user = userEvent.setup();
    await user.click(within(await panel()).getByRole('button', { name: 'Stop' }));
    expect(screen.getByRole('button', { name: 'Stopping...' })).toBeDisabled();
    expect(callsTo(spy, 'DELETE', '/courses/c1/jobs/j1')).toHaveLength(1);

    current = testJob({ status: 'stopped', running: 0, cancelled: 80 });
    stopAnswer.answer(new Response(null, { status: 204 }));
    await waitFor(() =>
      expect(status()).toHaveTextContent('Generation stopped: 37 of 120 steps done.'),
    );
    expect(screen.queryByRole('button', { name: /^Stop/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry failed steps' })).not.toBeInTheDocument();
  });

  it("shows the server's message when Stop fails", async () => {
    stubJobApi({
      latest: testJob(),
      stop: () => Response.json({ error: 'The job could not be stopped.' }, { status: 500 }),
    });
    renderPanel();
    const user = userEvent.setup();
    await user.click(within(await panel()).getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('The job could not be stopped.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeEnabled();
  });

  it("lists the done steps' notes under Notes, not as failures", async () => {
    const note = citationsRemovedMessage(2);
    stubJobApi({
      latest: testJob({
        status: 'finished',
        done: 120,
        running: 0,
        noted_steps: [{ id: 'n1', level: 'lessons', name: 'Limits', message: note }],
        finished_at: '2025-03-01T10:20:00.000Z',
      }),
    });
    renderPanel();
    const region = await panel();
    expect(status()).toHaveTextContent('Course generated: 120 of 120 steps.');
    const notes = within(region).getByRole('list', { name: 'Notes' });
    expect(
      within(notes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Lesson of “Limits”: 2 citations could not be checked against your sources and were removed.',
    ]);
    expect(within(region).queryByRole('list', { name: 'Failed steps' })).not.toBeInTheDocument();
    expect(
      within(region).queryByRole('button', { name: 'Retry failed steps' }),
    ).not.toBeInTheDocument();
  });

  it('lists the failed steps of a finished job, and Retry failed steps runs them again', async () => {
    const retryAnswer = deferred();
    const spy = stubJobApi({ latest: finished, retry: () => retryAnswer.response });
    renderPanel();
    const region = await panel();
    expect(status()).toHaveTextContent(
      'Course generated with 2 failed steps: 118 of 120 steps done.',
    );
    expect(within(region).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(region).getByText('Topics 29 of 30, 1 failed')).toBeInTheDocument();
    const failedSteps = within(region).getByRole('list', { name: 'Failed steps' });
    expect(
      within(failedSteps)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Topics of “Integrals”: Gemini answered nothing.',
      'Lesson of “Limits”: Gemini is busy. Try again later.',
    ]);

    const user = userEvent.setup();
    await user.click(within(region).getByRole('button', { name: 'Retry failed steps' }));
    expect(screen.getByRole('button', { name: 'Retrying...' })).toBeDisabled();
    const [retried] = callsTo(spy, 'POST', '/courses/c1/jobs/j1/retry');
    expect(retried?.[1]?.body).toBe('{}');

    retryAnswer.answer(
      Response.json(
        { ...finished, status: 'running', failed: 0, running: 2, failed_steps: [] },
        { status: 202 },
      ),
    );
    await waitFor(() => expect(status()).toHaveTextContent('Generating course: 118 of 120 steps'));
    expect(screen.getByRole('button', { name: 'Stop' })).toBeEnabled();
    expect(screen.queryByRole('list', { name: 'Failed steps' })).not.toBeInTheDocument();
  });

  it("shows the server's message when Retry failed steps is refused", async () => {
    stubJobApi({
      latest: finished,
      retry: () => Response.json({ error: JOB_MESSAGES.notLatest }, { status: 409 }),
    });
    renderPanel();
    const user = userEvent.setup();
    await user.click(within(await panel()).getByRole('button', { name: 'Retry failed steps' }));
    expect(await screen.findByText(JOB_MESSAGES.notLatest)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry failed steps' })).toBeEnabled();
  });

  it('an ended job without failures offers no Retry, and stays hidden once hidden', async () => {
    const done = testJob({
      status: 'finished',
      done: 120,
      running: 0,
      finished_at: '2025-03-01T10:20:00.000Z',
    });
    stubJobApi({ latest: done });
    const { unmount } = renderPanel();
    const region = await panel();
    expect(status()).toHaveTextContent('Course generated: 120 of 120 steps.');
    expect(within(region).queryByRole('button', { name: 'Retry failed steps' })).toBeNull();
    const user = userEvent.setup();
    await user.click(within(region).getByRole('button', { name: 'Hide generation progress' }));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();

    unmount();
    const { latestLoaded } = renderPanel();
    await latestLoaded();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('a hidden job shows again when it runs again', async () => {
    let latest: GenerationJob = finished;
    stubJobApi({ latest: () => latest });
    const first = renderPanel();
    const user = userEvent.setup();
    await user.click(
      within(await panel()).getByRole('button', { name: 'Hide generation progress' }),
    );
    first.unmount();

    latest = { ...finished, status: 'running', failed: 0, failed_steps: [], finished_at: null };
    renderPanel();
    await panel();
    expect(status()).toHaveTextContent('Generating course: 118 of 120 steps');
  });

  it('polls a running job, reads the course again at each step and at the end, then stops polling', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const spy = stubJobApi({
      latest: testJob(),
      polls: [
        testJob({ done: 38 }),
        testJob({ done: 38 }),
        testJob({ status: 'finished', done: 120, running: 0 }),
      ],
      other: (path) => Response.json(path === '/courses/c1/subjects' ? [] : { error: 'x' }),
    });
    const subjectReads = () => callsTo(spy, 'GET', '/courses/c1/subjects').length;
    const polls = () => callsTo(spy, 'GET', '/courses/c1/jobs/j1').length;
    renderPanel();
    await panel();
    expect(status()).toHaveTextContent('Generating course: 37 of 120 steps');
    await waitFor(() => expect(subjectReads()).toBe(1));

    await vi.advanceTimersByTimeAsync(JOB_POLL_MS);
    await waitFor(() => expect(status()).toHaveTextContent('Generating course: 38 of 120 steps'));
    await waitFor(() => expect(subjectReads()).toBe(2));

    await vi.advanceTimersByTimeAsync(JOB_POLL_MS);
    await waitFor(() => expect(polls()).toBe(2));
    expect(subjectReads()).toBe(2);

    await vi.advanceTimersByTimeAsync(JOB_POLL_MS);
    await waitFor(() => expect(status()).toHaveTextContent('Course generated: 120 of 120 steps.'));
    await waitFor(() => expect(subjectReads()).toBe(3));
    expect(polls()).toBe(3);

    await vi.advanceTimersByTimeAsync(JOB_POLL_MS * 5);
    expect(polls()).toBe(3);
    expect(subjectReads()).toBe(3);
  });
});
