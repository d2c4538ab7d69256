import {
  DEFAULT_COURSE_SETTINGS,
  OUTLINE_NAME_MAX_LENGTH,
  SOURCE_FILE_FIELD,
  SOURCE_MESSAGES,
  courseNameOfFile,
} from '@coursecraft/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sentRequest, stubFetch } from '../../../testing/fetch-stub';
import { renderInRouter } from '../../../testing/test-session';
import { sourcesPanelRefusals } from '../sources-panel-link';
import { SOURCES_TEXT } from '../sources-text';
import { CreateFromDocumentsButton } from './CreateFromDocumentsButton';

afterEach(() => vi.unstubAllGlobals());

/** The create API answering course c9, and a sources API taking .pdf and refusing the rest. */
function fakeApi() {
  const sent: string[] = [];
  const spy = stubFetch((url, init) => {
    if (url === '/api/courses/create-manual') {
      const { name } = JSON.parse(String(init.body)) as { name: string };
      return Response.json(
        {
          id: 'c9',
          name,
          description: '',
          image_url: null,
          has_subjects: false,
          published: false,
          settings: DEFAULT_COURSE_SETTINGS,
        },
        { status: 201 },
      );
    }
    const file = (init.body as FormData).get(SOURCE_FILE_FIELD);
    if (!(file instanceof File)) throw new Error(`no file sent to ${url}`);
    sent.push(file.name);
    if (!file.name.endsWith('.pdf')) {
      return Response.json(
        { error: SOURCE_MESSAGES.unreadable, code: 'VALIDATION' },
        { status: 400 },
      );
    }
    return Response.json(
      {
        source: {
          id: `s${sent.length}`,
          name: file.name,
          kind: 'pdf',
          bytes: file.size,
          status: 'reading',
          error: null,
          pages: null,
          words: null,
          scanned_pages: [],
          created_at: '2026-11-27T10:00:00.000Z',
          updated_at: '2026-11-27T10:00:00.000Z',
        },
      },
      { status: 202 },
    );
  });
  return { spy, sent };
}

describe('Create from documents', () => {
  it('creates the course named after the first file, sends each file, and opens the sources panel with the refusals', async () => {
    const api = fakeApi();
    const user = userEvent.setup({ applyAccept: false });
    const { router } = renderInRouter(<CreateFromDocumentsButton />, { session: 'user' });
    await user.upload(screen.getByLabelText(SOURCES_TEXT.filesLabel), [
      new File(['%PDF-'], 'Handbook.pdf'),
      new File(['x'], 'Notes.txt'),
      new File(['MZ'], 'setup.exe'),
    ]);
    await waitFor(() => expect(router.state.location.search).toBe('?sources=open'));
    expect(router.state.location.pathname).toBe('/courses/c9/subjects');
    expect(sentRequest(api.spy, 0).body).toEqual({ name: 'Handbook' });
    expect(api.sent).toEqual(['Handbook.pdf', 'Notes.txt']);
    expect(sourcesPanelRefusals(router.state.location.state)).toEqual([
      { name: 'Notes.txt', message: SOURCE_MESSAGES.unreadable },
      { name: 'setup.exe', message: SOURCE_MESSAGES.wrongType },
    ]);
  });

  it('creates nothing when every file picked is refused in the browser', async () => {
    const api = fakeApi();
    const user = userEvent.setup({ applyAccept: false });
    renderInRouter(<CreateFromDocumentsButton />, { session: 'user' });
    await user.upload(screen.getByLabelText(SOURCES_TEXT.filesLabel), new File(['MZ'], 'a.exe'));
    expect(await screen.findByText(`a.exe: ${SOURCE_MESSAGES.wrongType}`)).toBeVisible();
    expect(api.spy).not.toHaveBeenCalled();
  });

  it('names the course after the file without its extension, within the name limit', () => {
    expect(courseNameOfFile('Staff handbook 2026.docx')).toBe('Staff handbook 2026');
    expect(courseNameOfFile(`${'a'.repeat(300)}.pdf`)).toHaveLength(OUTLINE_NAME_MAX_LENGTH);
  });
});
