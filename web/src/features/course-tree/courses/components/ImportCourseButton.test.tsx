import {
  COURSE_BUNDLE_FIELD,
  COURSE_BUNDLE_MESSAGES,
  DEFAULT_COURSE_SETTINGS,
  type Course,
} from '@coursecraft/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../../testing/fetch-stub';
import { renderInRouter } from '../../../../testing/test-session';
import { CoursesPage } from './CoursesPage';
import { IMPORT_TEXT } from './ImportCourseButton';

const imported: Course = {
  id: 'c9',
  name: 'Imported algebra',
  description: '',
  image_url: null,
  has_subjects: true,
  published: false,
  settings: DEFAULT_COURSE_SETTINGS,
};

const bundle = () =>
  new File([Uint8Array.from([0x50, 0x4b, 3, 4])], 'algebra.zip', {
    type: 'application/zip',
  });

/** The courses list (with the imported course once the import answered) and the import. */
function stubApi(answerImport: () => Promise<Response>) {
  let done = false;
  return stubFetch(async (url, init) => {
    if (url === '/api/courses/import' && init.method === 'POST') {
      const answer = await answerImport();
      done = answer.ok;
      return answer;
    }
    return Response.json(done ? [imported] : []);
  });
}

function renderPage() {
  renderInRouter(<CoursesPage />, { session: 'user', path: '/courses' });
  return userEvent.setup();
}

afterEach(() => vi.unstubAllGlobals());

describe('Import Course', () => {
  it('uploads the picked bundle, busy meanwhile, then lists the course and says so', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchSpy = stubApi(() => new Promise((resolve) => (answer = resolve)));
    const user = renderPage();
    const button = await screen.findByRole('button', { name: IMPORT_TEXT.button });
    expect(screen.getByLabelText(IMPORT_TEXT.fileLabel)).toHaveAttribute(
      'accept',
      '.zip,application/zip',
    );
    expect(button).toBeEnabled();

    await user.upload(screen.getByLabelText(IMPORT_TEXT.fileLabel), bundle());
    const busy = await screen.findByRole('button', { name: IMPORT_TEXT.importing });
    expect(busy).toBeDisabled();
    const sent = fetchSpy.mock.calls.find(([url]) => url === '/api/courses/import');
    const form = sent?.[1]?.body as FormData;
    expect((form.get(COURSE_BUNDLE_FIELD) as File).name).toBe('algebra.zip');

    answer(Response.json(imported, { status: 201 }));
    expect(await screen.findByText(IMPORT_TEXT.imported(imported.name))).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: imported.name })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: IMPORT_TEXT.button })).toBeEnabled();
  });

  it('shows the server’s message when the bundle is refused', async () => {
    stubApi(async () => Response.json({ error: COURSE_BUNDLE_MESSAGES.notAZip }, { status: 400 }));
    const user = renderPage();
    await screen.findByRole('button', { name: IMPORT_TEXT.button });
    await user.upload(screen.getByLabelText(IMPORT_TEXT.fileLabel), bundle());
    expect(await screen.findByText(COURSE_BUNDLE_MESSAGES.notAZip)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: IMPORT_TEXT.button })).toBeEnabled(),
    );
    expect(screen.queryByText(IMPORT_TEXT.imported(imported.name))).not.toBeInTheDocument();
  });
});
