import { SOURCE_MESSAGES, type ChangedLesson } from '@coursecraft/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { userKey } from '../../../lib/user-query';
import { courseTreeKeys } from '../../course-tree';
import { renderInRouter, TEST_USER } from '../../../testing/test-session';
import { sourcesKeys } from '../api/sources-keys';
import { SourceChangedAlert } from './SourceChangedAlert';

afterEach(() => vi.unstubAllGlobals());

const TOPIC = { courseId: 'c1', subjectId: 's1', chapterId: 'ch1', topicId: 't1' };

const changed = (fields: Partial<ChangedLesson> = {}): ChangedLesson => ({
  subject_id: 's1',
  chapter_id: 'ch1',
  topic_id: 't1',
  sources: ['Handbook.pdf'],
  ...fields,
});

function renderAlert(lessons: ChangedLesson[] | (() => ChangedLesson[]), generating = false) {
  const spy = stubFetch((url) =>
    url === '/api/courses/c1/changed_lessons'
      ? Response.json({ lessons: typeof lessons === 'function' ? lessons() : lessons })
      : Response.json({ error: 'Not found', code: 'NOT_FOUND' }, { status: 404 }),
  );
  const regenerate = vi.fn();
  const view = renderInRouter(
    <>
      <SourceChangedAlert topic={TOPIC} actions={{ regenerate, generating }} />
      <p>Lesson</p>
    </>,
    { session: 'user' },
  );
  const listLoaded = () =>
    waitFor(() =>
      expect(
        view.queryClient.getQueryState(userKey(TEST_USER.uid, sourcesKeys.changedLessons('c1')))
          ?.status,
      ).toBe('success'),
    );
  return { regenerate, spy, listLoaded, queryClient: view.queryClient };
}

const alert = () => screen.findByRole('alert');

describe('Source changed above a lesson', () => {
  it('names the removed or replaced sources the lesson cites, and Regenerate regenerates it', async () => {
    const { regenerate, spy } = renderAlert([
      changed({ topic_id: 't2', sources: ['Other.pdf'] }),
      changed({ sources: ['Handbook.pdf', 'Notes.docx'] }),
    ]);
    const shown = await alert();
    expect(within(shown).getByText(SOURCE_MESSAGES.sourceChanged)).toBeVisible();
    expect(shown).toHaveTextContent(
      'This lesson cites Handbook.pdf and Notes.docx, which were removed or replaced.',
    );
    expect(shown).not.toHaveTextContent('Other.pdf');
    await userEvent.click(within(shown).getByRole('button', { name: 'Regenerate' }));
    expect(regenerate).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls.map(([url]) => url)).toEqual(['/api/courses/c1/changed_lessons']);
  });

  it('disables Regenerate while a lesson is being generated', async () => {
    renderAlert([changed()], true);
    const shown = await alert();
    expect(shown).toHaveTextContent(
      'This lesson cites Handbook.pdf, which was removed or replaced.',
    );
    expect(within(shown).getByRole('button', { name: 'Regenerate' })).toBeDisabled();
  });

  it('is read again when the course tree reads again what derives from its lessons', async () => {
    let lessons: ChangedLesson[] = [changed()];
    const { queryClient, spy } = renderAlert(() => lessons);
    await alert();
    lessons = [];
    await queryClient.invalidateQueries({
      queryKey: userKey(TEST_USER.uid, courseTreeKeys.fromLessons('c1')),
    });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['another topic', changed({ topic_id: 't2' })],
    ['the same topic id in another chapter', changed({ chapter_id: 'ch2' })],
    ['the same ids in another subject', changed({ subject_id: 's2' })],
  ])('shows nothing for a lesson not listed (%s listed)', async (_what, listed) => {
    const { listLoaded } = renderAlert([listed]);
    await listLoaded();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(SOURCE_MESSAGES.sourceChanged)).toBeNull();
  });
});
