import { exportFileName } from '@coursecraft/contracts';
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
type Outcome = { severity: 'success' | 'error'; text: string };

/**
 * 'Export': a menu of the course's exports. The SCORM package is built here in the browser
 * (lessons rendered with KaTeX and Mermaid, as the app shows them), the Markdown bundle is made
 * by the API, and Print / PDF opens the print edition in a new tab. The builders load only when
 * used; progress shows under the button while an export runs.
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

  const run = async (work: () => Promise<Blob>, filename: string) => {
    setAnchor(null);
    setOutcome(null);
    try {
      saveBlob(await work(), filename);
      setOutcome({ severity: 'success', text: EXPORT_TEXT.done });
    } catch (error) {
      setOutcome({ severity: 'error', text: serverErrorOr(error, EXPORT_TEXT.failed) });
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
          </Alert>
        ) : undefined}
      </Snackbar>
    </Stack>
  );
}
