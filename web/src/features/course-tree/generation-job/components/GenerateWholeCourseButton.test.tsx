import { JOB_MESSAGES } from '@coursecraft/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, stubJobApi, testJob } from '../../../../testing/test-generation-job';
import { renderInRouter } from '../../../../testing/test-session';
import { API_KEY_NEEDED } from '../../lib/generation-errors';
import { GenerateWholeCourseButton } from './GenerateWholeCourseButton';
import { GenerationJobPanel } from './GenerationJobPanel';

function renderButton() {
  const onStarted = vi.fn();
  renderInRouter(
    <>
      <GenerateWholeCourseButton courseId="c1" onStarted={onStarted} />
      <GenerationJobPanel courseId="c1" />
    </>,
    { session: 'user' },
  );
  return { onStarted, user: userEvent.setup() };
}

const button = () => screen.getByRole('button', { name: 'Generate Whole Course' });

afterEach(() => vi.unstubAllGlobals());

describe('GenerateWholeCourseButton', () => {
  it('starts the job, busy until it answers, and shows its progress', async () => {
    let answer: () => void = () => {};
    const started = new Promise<void>((resolve) => (answer = resolve));
    let latest: ReturnType<typeof testJob> | null = null;
    const spy = stubJobApi({
      latest: () => latest,
      start: async () => {
        await started;
        latest = testJob({ done: 0, total: 1 });
        return Response.json({ job_id: 'j1' }, { status: 202 });
      },
    });
    const { onStarted, user } = renderButton();
    await waitFor(() => expect(callsTo(spy, 'GET', '/courses/c1/jobs')).toHaveLength(1));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();

    await user.click(button());
    expect(button()).toBeDisabled();
    expect(button()).toHaveAttribute('aria-busy', 'true');
    const [post] = callsTo(spy, 'POST', '/courses/c1/generate_all');
    expect(post?.[1]?.body).toBe('{}');

    answer();
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith('j1'));
    expect(screen.getByRole('status')).toHaveTextContent('Generating course: 0 of 1 steps');
    expect(button()).toBeDisabled();
    expect(button()).not.toHaveAttribute('aria-busy');
  });

  it('asks for questions too when Include questions is ticked', async () => {
    const spy = stubJobApi({
      latest: () => null,
      start: () => Response.json({ job_id: 'j1' }, { status: 202 }),
    });
    const { onStarted, user } = renderButton();
    await waitFor(() => expect(callsTo(spy, 'GET', '/courses/c1/jobs')).toHaveLength(1));
    await user.click(screen.getByRole('checkbox', { name: 'Include questions' }));
    await user.click(button());
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith('j1'));
    const [post] = callsTo(spy, 'POST', '/courses/c1/generate_all');
    expect(post?.[1]?.body).toBe('{"include_questions":true}');
  });

  it('shows the job already running on the course (409) instead of an error', async () => {
    let latest: ReturnType<typeof testJob> | null = null;
    const spy = stubJobApi({
      latest: () => latest,
      start: () => {
        latest = testJob({ id: 'j0' });
        return Response.json(
          { error: JOB_MESSAGES.alreadyRunning, code: 'JOB_RUNNING', details: { job_id: 'j0' } },
          { status: 409 },
        );
      },
    });
    const { onStarted, user } = renderButton();
    await waitFor(() => expect(callsTo(spy, 'GET', '/courses/c1/jobs')).toHaveLength(1));
    await user.click(button());
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith('j0'));
    expect(screen.getByRole('status')).toHaveTextContent('Generating course: 37 of 120 steps');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(JOB_MESSAGES.alreadyRunning)).not.toBeInTheDocument();
  });

  it('is disabled while the course has a running job', async () => {
    stubJobApi({ latest: testJob() });
    renderButton();
    await screen.findByRole('status');
    expect(button()).toBeDisabled();
  });

  it.each([
    [
      403,
      'GEMINI_KEY_MISSING',
      'You need to set your Google API key in your profile first.',
      API_KEY_NEEDED,
    ],
    [400, 'VALIDATION', JOB_MESSAGES.nothingMissing, JOB_MESSAGES.nothingMissing],
    [500, 'INTERNAL', 'boom', 'Failed to start generating the course. Please try again.'],
  ])('a %i %s shows its message and starts nothing', async (statusCode, code, error, shown) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubJobApi({
      latest: null,
      start: () => Response.json({ error, code }, { status: statusCode }),
    });
    const { onStarted, user } = renderButton();
    await user.click(button());
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(onStarted).not.toHaveBeenCalled();
    expect(button()).toBeEnabled();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
