import type { CourseTree } from '@coursecraft/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { renderInRouter } from '../../../testing/test-session';
import { ExportMenu } from './ExportMenu';

const exports = vi.hoisted(() => ({
  tree: vi.fn<() => Promise<CourseTree>>(),
  scorm:
    vi.fn<
      (tree: CourseTree, onProgress?: (done: number, total: number) => void) => Promise<Blob>
    >(),
  markdown: vi.fn<(courseId: string) => Promise<Blob>>(),
  save: vi.fn<(blob: Blob, filename: string) => void>(),
}));
vi.mock('../api/get-course-tree', () => ({ fetchCourseTree: exports.tree }));
vi.mock('./scorm/build-scorm-package', () => ({
  buildScormPackage: exports.scorm,
}));
vi.mock('./api/markdown-bundle', () => ({
  downloadMarkdownBundle: exports.markdown,
}));
vi.mock('./save-file', () => ({ saveBlob: exports.save }));

const TREE = { course: { id: 'c1', name: 'Ça va' }, subjects: [] } as unknown as CourseTree;

function renderMenu() {
  renderInRouter(<ExportMenu courseId="c1" courseName="Ça va: Algebra!" />, { session: 'user' });
  return userEvent.setup();
}

async function choose(user: ReturnType<typeof userEvent.setup>, item: string) {
  await user.click(screen.getByRole('button', { name: 'Export Ça va: Algebra!' }));
  await user.click(screen.getByRole('menuitem', { name: item }));
}

afterEach(() => vi.clearAllMocks());

describe('ExportMenu', () => {
  it('offers the three exports; Print / PDF opens the print edition in a new tab', async () => {
    const user = renderMenu();
    await user.click(screen.getByRole('button', { name: 'Export Ça va: Algebra!' }));
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['SCORM 1.2 package (.zip)', 'Markdown (.zip)', 'Print / PDF']);
    const print = screen.getByRole('menuitem', { name: 'Print / PDF' });
    expect(print).toHaveAttribute('href', '/courses/c1/print');
    expect(print).toHaveAttribute('target', '_blank');
  });

  it('builds the SCORM package with progress, busy until it is saved', async () => {
    let finish: (blob: Blob) => void = () => {};
    exports.tree.mockResolvedValue(TREE);
    exports.scorm.mockImplementation((_tree, onProgress) => {
      onProgress?.(1, 3);
      return new Promise((resolve) => (finish = resolve));
    });
    const user = renderMenu();
    await choose(user, 'SCORM 1.2 package (.zip)');

    expect(await screen.findByText('Exporting SCORM package: 1 of 3 lessons')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute(
      'aria-valuenow',
      '33',
    );
    expect(screen.getByRole('button', { name: 'Export Ça va: Algebra!' })).toBeDisabled();
    expect(exports.scorm).toHaveBeenCalledWith(TREE, expect.any(Function));

    const blob = new Blob(['zip']);
    finish(blob);
    expect(await screen.findByText('Export ready: the download has started.')).toBeVisible();
    expect(exports.save).toHaveBeenCalledWith(blob, 'ca-va-algebra-scorm12.zip');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export Ça va: Algebra!' })).toBeEnabled();
  });

  it('downloads the Markdown bundle, and says why when the server refuses', async () => {
    exports.markdown.mockResolvedValueOnce(new Blob(['md']));
    const user = renderMenu();
    await choose(user, 'Markdown (.zip)');
    await waitFor(() =>
      expect(exports.save).toHaveBeenCalledWith(expect.any(Blob), 'ca-va-algebra-markdown.zip'),
    );
    expect(exports.markdown).toHaveBeenCalledWith('c1');

    exports.markdown.mockRejectedValueOnce(
      new ApiError(404, 'Request failed', { serverMessage: 'Course not found', code: 'NOT_FOUND' }),
    );
    await choose(user, 'Markdown (.zip)');
    expect(await screen.findByText('Course not found')).toBeVisible();
    expect(exports.save).toHaveBeenCalledTimes(1);
  });
});
