import {
  SOURCE_FILE_FIELD,
  SOURCE_LIMITS,
  SOURCE_MESSAGES,
  type ChangedLesson,
  type Source,
  type SourceCoverage,
} from '@coursecraft/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderInRouter } from '../../../testing/test-session';
import { SOURCES_TEXT } from '../sources-text';
import { SourceChangedAlert } from './SourceChangedAlert';
import { SourcesPanel } from './SourcesPanel';

const LIST = '/api/courses/c1/sources';

function source(id: string, fields: Partial<Source> = {}): Source {
  return {
    id,
    name: `${id}.pdf`,
    kind: 'pdf',
    bytes: 1000,
    status: 'ready',
    error: null,
    pages: 1,
    words: 10,
    scanned_pages: [],
    created_at: '2026-11-27T10:00:00.000Z',
    updated_at: '2026-11-27T10:00:00.000Z',
    ...fields,
  };
}

const NO_COVERAGE: SourceCoverage = {
  complete: true,
  line: null,
  left_out: [],
  budget_tokens: 150_000,
  tokens: 0,
};

/**
 * An in-memory sources API for course c1. `answers` are the lists GET answers in turn (the last
 * one from then on); POST adds a Reading… source, or answers `refuse` when given; DELETE removes.
 * The changed lessons are none until a source is removed or replaced, `changedLater` after.
 */
function fakeSourcesApi({
  answers,
  coverage = NO_COVERAGE,
  refuse,
  changedLater = [],
}: {
  answers: Source[][];
  coverage?: SourceCoverage;
  refuse?: { status: number; error: string; code: string };
  changedLater?: ChangedLesson[];
}) {
  let changed: ChangedLesson[] = [];
  let gets = 0;
  let current = answers[0] ?? [];
  const uploads: File[] = [];
  const spy = stubFetch(async (url, init) => {
    const method = init.method ?? 'GET';
    if (url === '/api/courses/c1/changed_lessons') return Response.json({ lessons: changed });
    if (url === LIST && method === 'GET') {
      current = answers[Math.min(gets, answers.length - 1)] ?? current;
      gets += 1;
      return Response.json({ sources: current, coverage });
    }
    if (url === LIST && method === 'POST') {
      const file = (init.body as FormData).get(SOURCE_FILE_FIELD);
      if (!(file instanceof File)) throw new Error('no file sent');
      uploads.push(file);
      if (refuse) return Response.json(refuse, { status: refuse.status });
      const added = source(`s${uploads.length + 10}`, {
        name: file.name,
        status: 'reading',
        pages: null,
        words: null,
      });
      answers.push([...current, added]);
      return Response.json({ source: added }, { status: 202 });
    }
    if (url.startsWith(`${LIST}/`) && method === 'PUT') {
      const file = (init.body as FormData).get(SOURCE_FILE_FIELD);
      if (!(file instanceof File)) throw new Error('no file sent');
      uploads.push(file);
      const id = url.slice(LIST.length + 1);
      const replaced = source(id, { name: file.name, status: 'reading', pages: null, words: null });
      changed = changedLater;
      answers.push(current.map((item) => (item.id === id ? replaced : item)));
      return Response.json({ source: replaced }, { status: 202 });
    }
    const removed =
      url.startsWith(`${LIST}/`) && method === 'DELETE' ? url.slice(LIST.length + 1) : null;
    if (removed) {
      changed = changedLater;
      answers.push(current.filter((item) => item.id !== removed));
      return new Response(null, { status: 204 });
    }
    return Response.json({ error: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
  });
  return {
    uploads,
    requests: () => spy.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`),
  };
}

/** The panel; with `lesson`, a lesson's Source changed notice beside it, as the outline shows it. */
function renderPanel(generateSubjects = vi.fn(), { lesson = false } = {}) {
  const user = userEvent.setup({ applyAccept: false });
  renderInRouter(
    <>
      <SourcesPanel
        courseId="c1"
        generateSubjects={generateSubjects}
        generatingSubjects={false}
        onClose={vi.fn()}
      />
      {lesson && (
        <SourceChangedAlert
          topic={{ courseId: 'c1', subjectId: 's1', chapterId: 'ch1', topicId: 't1' }}
          actions={{ regenerate: vi.fn(), generating: false }}
        />
      )}
    </>,
    { session: 'user' },
  );
  return { user, generateSubjects };
}

const sourcesList = () => screen.findByRole('list', { name: 'Sources' });
const generateButton = () => screen.getByRole('button', { name: 'Generate from sources' });

afterEach(() => vi.unstubAllGlobals());

describe('SourcesPanel', () => {
  it('lists each source with its size and its status, and what Gemini reads of them', async () => {
    fakeSourcesApi({
      answers: [
        [
          source('handbook', { name: 'Handbook.pdf', pages: 184 }),
          source('notes', { name: 'Notes.md', kind: 'markdown', pages: null, words: 2300 }),
          source('one', { name: 'One.txt', kind: 'text', pages: null, words: 1 }),
          source('cover', { name: 'Cover.pdf', pages: 1 }),
          source('new', {
            name: 'New.docx',
            kind: 'docx',
            status: 'reading',
            pages: null,
            words: null,
          }),
          source('locked', {
            name: 'Locked.pdf',
            status: 'failed',
            error: SOURCE_MESSAGES.passwordProtected,
            pages: null,
            words: null,
          }),
        ],
      ],
      coverage: {
        complete: false,
        line: 'Gemini reads 120 of 184 pages of your sources',
        left_out: ['Left out: Handbook.pdf pages 121–184', 'Left out: Cover.pdf page 1'],
        budget_tokens: 150_000,
        tokens: 150_000,
      },
    });
    renderPanel();
    const items = within(await sourcesList()).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `Handbook.pdf184 pages${SOURCE_MESSAGES.ready}ReplaceRemove`,
      `Notes.md2,300 words${SOURCE_MESSAGES.ready}ReplaceRemove`,
      `One.txt1 word${SOURCE_MESSAGES.ready}ReplaceRemove`,
      `Cover.pdf1 page${SOURCE_MESSAGES.ready}ReplaceRemove`,
      `New.docx${SOURCE_MESSAGES.reading}ReplaceRemove`,
      `Locked.pdf${SOURCE_MESSAGES.passwordProtected}ReplaceRemove`,
    ]);
    expect(screen.getByText('Gemini reads 120 of 184 pages of your sources')).toBeVisible();
    expect(screen.getByText('Left out: Handbook.pdf pages 121–184')).toBeVisible();
    expect(screen.getByText('Left out: Cover.pdf page 1')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Replace Handbook.pdf' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Remove Locked.pdf' })).toBeEnabled();
  });

  it('enables Generate from sources only once every source is Ready, following the reading live', async () => {
    fakeSourcesApi({
      answers: [
        [source('a', { status: 'reading', pages: null }), source('b')],
        [source('a'), source('b')],
      ],
    });
    const { user, generateSubjects } = renderPanel();
    expect(await screen.findByText(SOURCE_MESSAGES.reading)).toBeVisible();
    expect(generateButton()).toBeDisabled();
    await waitFor(() => expect(screen.queryByText(SOURCE_MESSAGES.reading)).toBeNull(), {
      timeout: 5000,
    });
    expect(generateButton()).toBeEnabled();
    await user.click(generateButton());
    expect(generateSubjects).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['no source', [], SOURCE_MESSAGES.noSources],
    [
      'a source that failed',
      [source('a'), source('b', { status: 'failed', error: SOURCE_MESSAGES.unreadable })],
      SOURCE_MESSAGES.unreadable,
    ],
  ])('keeps Generate from sources disabled with %s', async (_case, list, shown) => {
    fakeSourcesApi({ answers: [list] });
    renderPanel();
    expect(await screen.findByText(shown)).toBeVisible();
    expect(generateButton()).toBeDisabled();
  });

  it('asks before removing a source, naming it, then removes it', async () => {
    const api = fakeSourcesApi({ answers: [[source('h', { name: 'Handbook.pdf' })]] });
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Remove Handbook.pdf' }));
    const dialog = screen.getByRole('dialog', { name: SOURCES_TEXT.removeTitle });
    expect(dialog).toHaveTextContent(
      'Remove Handbook.pdf? Lessons that cite it will show Source changed.',
    );
    expect(api.requests()).not.toContain(`DELETE ${LIST}/h`);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(SOURCE_MESSAGES.noSources)).toBeVisible();
    expect(api.requests()).toContain(`DELETE ${LIST}/h`);
  });

  it.each(['remove', 'replace'] as const)(
    'shows Source changed on the lessons citing a source once the author has done %s, without a reload',
    async (change) => {
      const api = fakeSourcesApi({
        answers: [[source('h', { name: 'Handbook.pdf' })]],
        changedLater: [
          { subject_id: 's1', chapter_id: 'ch1', topic_id: 't1', sources: ['Handbook.pdf'] },
        ],
      });
      const { user } = renderPanel(vi.fn(), { lesson: true });
      if (change === 'remove') {
        await user.click(await screen.findByRole('button', { name: 'Remove Handbook.pdf' }));
        const dialog = screen.getByRole('dialog', { name: SOURCES_TEXT.removeTitle });
        await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
      } else {
        await user.click(await screen.findByRole('button', { name: 'Replace Handbook.pdf' }));
        await user.upload(
          screen.getByLabelText(SOURCES_TEXT.replaceFileLabel),
          new File(['%PDF-'], 'Handbook 2.pdf'),
        );
      }
      expect(await screen.findByText(SOURCE_MESSAGES.sourceChanged)).toBeVisible();
      expect(api.requests().filter((request) => request.endsWith('/changed_lessons'))).toHaveLength(
        2,
      );
    },
  );

  it('replaces a source with a new file, refusing in the browser one of the wrong type', async () => {
    const api = fakeSourcesApi({ answers: [[source('h', { name: 'Handbook.pdf' })]] });
    const { user } = renderPanel();
    const replaceInput = screen.getByLabelText(SOURCES_TEXT.replaceFileLabel);
    await user.click(await screen.findByRole('button', { name: 'Replace Handbook.pdf' }));
    await user.upload(replaceInput, new File(['MZ'], 'setup.exe'));
    expect(
      await screen.findByRole('alert', { name: SOURCES_TEXT.refusalsLabel }),
    ).toHaveTextContent(`setup.exe: ${SOURCE_MESSAGES.wrongType}`);
    await user.click(screen.getByRole('button', { name: 'Replace Handbook.pdf' }));
    await user.upload(replaceInput, new File(['%PDF-'], 'Handbook 2.pdf'));
    expect(await screen.findByText('Handbook 2.pdf')).toBeVisible();
    expect(api.requests().filter((request) => !request.startsWith('GET'))).toEqual([
      `PUT ${LIST}/h`,
    ]);
    expect(api.uploads.map((file) => file.name)).toEqual(['Handbook 2.pdf']);
  });

  it('sends the files one request each, in order', async () => {
    const api = fakeSourcesApi({ answers: [[]] });
    const { user } = renderPanel();
    await screen.findByText(SOURCE_MESSAGES.noSources);
    await user.upload(screen.getByLabelText(SOURCES_TEXT.filesLabel), [
      new File(['# One'], 'one.md'),
      new File(['two'], 'two.txt'),
    ]);
    expect(await screen.findByText('two.txt')).toBeVisible();
    expect(api.uploads.map((file) => file.name)).toEqual(['one.md', 'two.txt']);
    expect(api.requests().filter((request) => request.startsWith('POST'))).toHaveLength(2);
  });

  it('refuses in the browser a file of the wrong type, one too large, and one past the tenth, sending none of them', async () => {
    const nine = Array.from({ length: SOURCE_LIMITS.perCourse - 1 }, (_, i) => source(`s${i}`));
    const api = fakeSourcesApi({ answers: [nine] });
    const { user } = renderPanel();
    await sourcesList();
    const large = new File(['x'], 'large.pdf');
    Object.defineProperty(large, 'size', { value: SOURCE_LIMITS.fileBytes + 1 });
    await user.upload(screen.getByLabelText(SOURCES_TEXT.filesLabel), [
      new File(['MZ'], 'setup.exe'),
      large,
      new File(['ten'], 'tenth.txt'),
      new File(['eleven'], 'eleventh.txt'),
    ]);
    const refusals = await screen.findByRole('alert', { name: SOURCES_TEXT.refusalsLabel });
    expect(
      within(refusals)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `setup.exe: ${SOURCE_MESSAGES.wrongType}`,
      `large.pdf: ${SOURCE_MESSAGES.tooLarge}`,
      `eleventh.txt: ${SOURCE_MESSAGES.tooMany}`,
    ]);
    expect(api.uploads.map((file) => file.name)).toEqual(['tenth.txt']);
  });

  it("shows the server's refusal beside the file's name", async () => {
    fakeSourcesApi({
      answers: [[]],
      refuse: { status: 415, error: SOURCE_MESSAGES.wrongType, code: 'UNSUPPORTED_MEDIA_TYPE' },
    });
    const { user } = renderPanel();
    await screen.findByText(SOURCE_MESSAGES.noSources);
    await user.upload(
      screen.getByLabelText(SOURCES_TEXT.filesLabel),
      new File(['%PDF'], 'fake.pdf'),
    );
    const refusals = await screen.findByRole('alert', { name: SOURCES_TEXT.refusalsLabel });
    expect(refusals).toHaveTextContent(`fake.pdf: ${SOURCE_MESSAGES.wrongType}`);
  });
});
