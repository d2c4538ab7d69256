import type { LessonVersion, LessonVersionSummary } from '@coursecraft/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userKey } from '../../../lib/user-query';
import { sentRequest, stubFetch } from '../../../testing/fetch-stub';
import { renderInRouter, TEST_USER } from '../../../testing/test-session';
import { courseTreeKeys } from '../lib/keys';
import { LessonHistoryDialog } from './LessonHistoryDialog';

const TOPIC = { courseId: 'c1', subjectId: 's1', chapterId: 'ch1', topicId: 't1' };
const BASE = '/api/courses/c1/subjects/s1/chapters/ch1/topics/t1/content/versions';
const id = (n: number) => String(n).padStart(10, '0');

const stored: LessonVersion[] = [
  {
    id: id(3),
    source: 'edited',
    created_at: '2025-03-04T10:30:00.000Z',
    markdown: '## Edited by hand',
  },
  {
    id: id(2),
    source: 'generated',
    created_at: '2025-03-03T09:00:00.000Z',
    markdown: '## Drafted by Gemini\n\nThe area is $\\pi r^2$.',
  },
  { id: id(1), source: 'restored', created_at: '2025-03-02T08:00:00.000Z', markdown: '## First' },
];

const summaryOf = (versions: LessonVersion[]): LessonVersionSummary[] =>
  versions.map(({ markdown, ...version }, index) => ({
    ...version,
    current: index === 0,
    characters: markdown.length,
  }));

/**
 * The history routes for one topic: the list, each version, and a restore that answers
 * `restoreAnswer` (by default: the version becomes a new current 'restored' version).
 */
function stubHistory({
  versions = stored,
  restoreAnswer,
}: {
  versions?: LessonVersion[];
  restoreAnswer?: () => Response | Promise<Response>;
} = {}) {
  let list = [...versions];
  return stubFetch(async (url, init) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === BASE) return Response.json(summaryOf(list));
    const [versionId, action] = path.slice(BASE.length + 1).split('/');
    const version = list.find((item) => item.id === versionId);
    if (!version) return Response.json({ error: 'Version not found' }, { status: 404 });
    if (action !== 'restore') return Response.json(version);
    expect(init.method).toBe('POST');
    if (restoreAnswer) return restoreAnswer();
    const restored: LessonVersion = {
      id: id(list.length + 1),
      source: 'restored',
      created_at: '2025-03-05T12:00:00.000Z',
      markdown: version.markdown,
    };
    list = [restored, ...list];
    return Response.json({ content: version.markdown });
  });
}

function renderDialog(viewport: 'desktop' | 'phone' = 'desktop') {
  const onClose = vi.fn();
  const view = renderInRouter(
    <LessonHistoryDialog topic={TOPIC} topicName="Circles" onClose={onClose} />,
    { session: 'user', viewport },
  );
  return { ...view, onClose };
}

const versionButtons = () =>
  within(screen.getByRole('list', { name: 'Versions' })).getAllByRole('button');

afterEach(() => vi.unstubAllGlobals());

/** The newest version's heading; the renderer is a lazy chunk, whose first import may take over a second. */
const findFirstLesson = () =>
  screen.findByRole('heading', { name: 'Edited by hand' }, { timeout: 5000 });

describe('LessonHistoryDialog', () => {
  it('lists the versions newest first with their time and source, the current one shown', async () => {
    stubHistory();
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: /^History\s*Circles$/ });
    expect(within(dialog).getByLabelText('Loading history')).toBeInTheDocument();
    expect(await findFirstLesson()).toBeInTheDocument();

    const items = versionButtons();
    expect(items).toHaveLength(3);
    expect(items.map((item) => item.querySelector('time')?.getAttribute('datetime'))).toEqual(
      stored.map((version) => version.created_at),
    );
    expect(items[0]).toHaveTextContent(/Edited.*Current/);
    expect(items[1]).toHaveTextContent('Generated');
    expect(items[1]).not.toHaveTextContent('Current');
    expect(items[2]).toHaveTextContent('Restored');
    const shown = new Date(stored[0]?.created_at ?? '').toLocaleString(undefined, {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    expect(items[0]).toHaveTextContent(shown);
    expect(items[0]).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Restore' })).toBeDisabled();
  });

  it('shows a chosen version rendered, and Restore makes it the new current version', async () => {
    const spy = stubHistory();
    const { queryClient } = renderDialog();
    await findFirstLesson();

    await userEvent.click(versionButtons()[1] as HTMLElement);
    expect(await screen.findByRole('heading', { name: 'Drafted by Gemini' })).toBeInTheDocument();
    expect(document.querySelector('.katex')).not.toBeNull();
    const restore = screen.getByRole('button', { name: 'Restore' });
    expect(restore).toBeEnabled();

    await userEvent.click(restore);
    await waitFor(() => expect(versionButtons()).toHaveLength(4));
    const restoreCall = spy.mock.calls.findIndex(([url]) => url.endsWith('/restore'));
    const sent = sentRequest(spy, restoreCall);
    expect(sent.url).toBe(`${BASE}/${id(2)}/restore`);
    expect(sent.init.method).toBe('POST');
    expect(sent.body).toBeUndefined();

    const [newest] = versionButtons();
    expect(newest).toHaveTextContent(/Restored.*Current/);
    expect(newest).toHaveAttribute('aria-current', 'true');
    expect(await screen.findByRole('heading', { name: 'Drafted by Gemini' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restore' })).toBeDisabled();
    expect(queryClient.getQueryData(userKey(TEST_USER.uid, courseTreeKeys.content(TOPIC)))).toBe(
      stored[1]?.markdown,
    );
  });

  it('reads Restoring... while it works and shows a failure in the dialog', async () => {
    let fail: (response: Response) => void = () => {};
    stubHistory({ restoreAnswer: () => new Promise<Response>((resolve) => (fail = resolve)) });
    renderDialog();
    await findFirstLesson();
    await userEvent.click(versionButtons()[2] as HTMLElement);
    await screen.findByRole('heading', { name: 'First' });

    await userEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(await screen.findByRole('button', { name: 'Restoring...' })).toBeDisabled();
    fail(Response.json({ error: 'Topic not found' }, { status: 404 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Topic not found');
    expect(screen.getByRole('button', { name: 'Restore' })).toBeEnabled();
    expect(versionButtons()).toHaveLength(3);
  });

  it('says so when the lesson has no versions, or none but the current one', async () => {
    stubHistory({ versions: [] });
    const { unmount } = renderDialog();
    expect(await screen.findByText('No earlier versions yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Versions' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Restore' })).toBeDisabled();
    unmount();

    stubHistory({ versions: stored.slice(0, 1) });
    renderDialog();
    expect(await screen.findByText('No earlier versions yet.')).toBeInTheDocument();
    expect(versionButtons()).toHaveLength(1);
  });

  it('is driven by the keyboard and closes with Close', async () => {
    stubHistory();
    const { onClose } = renderDialog();
    await findFirstLesson();
    const older = versionButtons()[1] as HTMLElement;
    older.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Drafted by Gemini' })).toBeInTheDocument();
    await userEvent.tab();
    expect(versionButtons()[2]).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('fills the screen on a phone', async () => {
    stubHistory();
    renderDialog('phone');
    await findFirstLesson();
    expect(document.querySelector('.MuiDialog-paperFullScreen')).not.toBeNull();
  });
});
