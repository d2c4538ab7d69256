import { exportFileName, type CourseExportTree } from '@coursecraft/contracts';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Alert from '@mui/material/Alert';
import Button, { type ButtonProps } from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { paths } from '../../../config/paths';
import { serverErrorOr } from '../../../lib/api-client';
import { fetchCourseTree } from '../api/get-course-tree';
import { saveBlob } from './save-file';
import { EXPORT_TEXT } from './export-text';

/** What an export in progress shows: a line and, when it knows, how far it is (0–100). */
interface Progress {
  text: string;
  percent: number | null;
}
type Outcome = { severity: 'success' | 'error'; text: string; note?: string };
/** A built file and, when some of the course could not go in, what the menu says about it. */
interface ExportFile {
  blob: Blob;
  note?: string;
}

/** An export that has nothing to write, with the reason the menu shows. */
class NothingToExport extends Error {}

/**
 * 'Export': a menu of the course's exports. The SCORM package is built here in the browser
 * (lessons rendered with KaTeX and Mermaid, as the app shows them), the Markdown bundle is made
 * by the API, Print / PDF opens the print edition in a new tab, and the question files (GIFT,
 * Aiken) are written here from the course tree. The builders load only when used; progress shows
 * under the button while an export runs.
 */
export function ExportMenu({
  courseId,
  courseName,
  ...props
}: { courseId: string; courseName: string } & Omit<ButtonProps, 'children' | 'onClick'>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const open = anchor !== null;

  const run = async (work: () => Promise<Blob | ExportFile>, filename: string) => {
    setAnchor(null);
    setOutcome(null);
    try {
      const built = await work();
      const { blob, note } = built instanceof Blob ? { blob: built, note: undefined } : built;
      saveBlob(blob, filename);
      setOutcome({ severity: 'success', text: EXPORT_TEXT.done, note });
    } catch (error) {
      const text =
        error instanceof NothingToExport ? error.message : serverErrorOr(error, EXPORT_TEXT.failed);
      setOutcome({ severity: 'error', text });
    } finally {
      setProgress(null);
    }
  };

  const exportScorm = () =>
    run(
      async () => {
        setProgress({ text: EXPORT_TEXT.readingCourse, percent: null });
        const [tree, { buildScormPackage }] = await Promise.all([
          fetchCourseTree(courseId),
          import('./scorm/build-scorm-package'),
        ]);
        return buildScormPackage(tree, (done, total) =>
          setProgress({
            text: done < total ? EXPORT_TEXT.renderingLessons(done, total) : EXPORT_TEXT.packaging,
            percent: total > 0 ? Math.round((100 * done) / total) : null,
          }),
        );
      },
      exportFileName(courseName, '-scorm12.zip'),
    );

  const exportMarkdown = () =>
    run(
      async () => {
        setProgress({ text: EXPORT_TEXT.bundling, percent: null });
        const { downloadMarkdownBundle } = await import('./api/markdown-bundle');
        return downloadMarkdownBundle(courseId);
      },
      exportFileName(courseName, '-markdown.zip'),
    );

  const exportQuestions = (format: 'gift' | 'aiken') =>
    run(
      async () => {
        setProgress({ text: EXPORT_TEXT.readingCourse, percent: null });
        const [tree, build] = await Promise.all([
          fetchCourseTree(courseId),
          format === 'gift'
            ? import('./moodle/gift').then(({ buildGift }) => (t: CourseExportTree) => ({
                ...buildGift(t),
                leftOut: 0,
              }))
            : import('./moodle/aiken').then(({ buildAiken }) => buildAiken),
        ]);
        const file = build(tree);
        const note = file.leftOut > 0 ? EXPORT_TEXT.aikenLeftOut(file.leftOut) : undefined;
        if (file.count === 0) throw new NothingToExport(note ?? EXPORT_TEXT.noQuestions);
        return {
          blob: new Blob([file.text], { type: 'text/plain;charset=utf-8' }),
          note,
        };
      },
      exportFileName(
        courseName,
        format === 'gift' ? '-questions.gift.txt' : '-questions.aiken.txt',
      ),
    );

  return (
    <Stack spacing={0.5} sx={{ minWidth: 0 }}>
      <Button
        id={buttonId}
        startIcon={<FileDownloadIcon />}
        aria-label={EXPORT_TEXT.buttonLabel(courseName)}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        disabled={progress !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        {...props}
      >
        {EXPORT_TEXT.button}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        <MenuItem onClick={() => void exportScorm()}>{EXPORT_TEXT.scorm}</MenuItem>
        <MenuItem onClick={() => void exportMarkdown()}>{EXPORT_TEXT.markdown}</MenuItem>
        <MenuItem onClick={() => void exportQuestions('gift')}>{EXPORT_TEXT.gift}</MenuItem>
        <MenuItem onClick={() => void exportQuestions('aiken')}>{EXPORT_TEXT.aiken}</MenuItem>
        <MenuItem
          component="a"
          href={paths.print(courseId)}
          target="_blank"
          rel="noopener"
          onClick={() => setAnchor(null)}
        >
          {EXPORT_TEXT.print}
        </MenuItem>
      </Menu>
      {progress && (
        <Stack spacing={0.5} role="status" aria-live="polite">
          <Typography variant="caption">{progress.text}</Typography>
          <LinearProgress
            aria-label={EXPORT_TEXT.progressLabel}
            variant={progress.percent === null ? 'indeterminate' : 'determinate'}
            value={progress.percent ?? undefined}
          />
        </Stack>
      )}
      <Snackbar open={outcome !== null} onClose={() => setOutcome(null)} autoHideDuration={6000}>
        {outcome ? (
          <Alert severity={outcome.severity} onClose={() => setOutcome(null)} variant="filled">
            {outcome.text}
            {outcome.note && <Typography variant="body2">{outcome.note}</Typography>}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Stack>
  );
}
