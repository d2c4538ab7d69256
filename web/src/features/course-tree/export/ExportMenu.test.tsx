import type { CourseExportTree, CourseTree } from '@coursecraft/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { renderInRouter } from '../../../testing/test-session';
import { ExportMenu } from './ExportMenu';
import { QUESTIONS, treeWith } from './moodle/test-questions';

const exports = vi.hoisted(() => ({
  tree: vi.fn<() => Promise<CourseExportTree>>(),
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

const TREE = { course: { id: 'c1', name: 'Ça va' }, subjects: [] } as unknown as CourseExportTree;

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
  it('offers the five exports; Print / PDF opens the print edition in a new tab', async () => {
    const user = renderMenu();
    await user.click(screen.getByRole('button', { name: 'Export Ça va: Algebra!' }));
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual([
      'SCORM 1.2 package (.zip)',
      'Markdown (.zip)',
      'Questions for Moodle (GIFT)',
      'Questions (Aiken)',
      'Print / PDF',
    ]);
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

  it('writes the GIFT file from the course tree, named after the course', async () => {
    exports.tree.mockResolvedValue(treeWith({ Basics: [QUESTIONS.multiple, QUESTIONS.ordering] }));
    const user = renderMenu();
    await choose(user, 'Questions for Moodle (GIFT)');
    expect(await screen.findByText('Export ready: the download has started.')).toBeVisible();
    expect(screen.queryByText(/left out/)).not.toBeInTheDocument();
    expect(exports.save).toHaveBeenCalledWith(expect.any(Blob), 'ca-va-algebra-questions.gift.txt');
    const text = await exports.save.mock.calls[0]?.[0].text();
    expect(text).toContain('$CATEGORY: Physics: 1//2/Motion/Speed/Basics\n');
    expect(text).toContain('~%-50%kg#A mass');
    expect(text).toContain('=Measure time -> 2');
  });

  it('says how many questions Aiken left out, and refuses a course without questions', async () => {
    exports.tree.mockResolvedValueOnce(
      treeWith({ Basics: [QUESTIONS.single, QUESTIONS.falseOne] }),
    );
    const user = renderMenu();
    await choose(user, 'Questions (Aiken)');
    expect(await screen.findByText('Export ready: the download has started.')).toBeVisible();
    expect(screen.queryByText(/left out/)).not.toBeInTheDocument();
    expect(exports.save).toHaveBeenLastCalledWith(
      expect.any(Blob),
      'ca-va-algebra-questions.aiken.txt',
    );

    exports.tree.mockResolvedValueOnce(treeWith({ Basics: Object.values(QUESTIONS) }));
    await choose(user, 'Questions (Aiken)');
    expect(
      await screen.findByText(
        '4 questions were left out: Aiken holds only single-choice questions.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Export ready: the download has started.')).toBeVisible();
    expect(exports.save).toHaveBeenCalledTimes(2);

    exports.tree.mockResolvedValueOnce(treeWith({ Basics: [] }));
    await choose(user, 'Questions (Aiken)');
    expect(await screen.findByText('This course has no questions to export.')).toBeVisible();
    expect(exports.save).toHaveBeenCalledTimes(2);
  });
});
