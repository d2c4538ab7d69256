import { SOURCE_FILE_ACCEPT, SOURCE_MESSAGES, courseNameOfFile } from '@coursecraft/contracts';
import DescriptionIcon from '@mui/icons-material/Description';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { serverErrorOr } from '../../../lib/api-client';
import { useCreateCourse } from '../../course-tree';
import { sourceFileRefusal } from '../source-file-check';
import { sourcesPanelPath, sourcesPanelState } from '../sources-panel-link';
import { SOURCES_TEXT } from '../sources-text';
import { useAddSources } from '../use-add-sources';

/**
 * Create from documents: creates the course at once, named after the first file, sends the files
 * one request each, then opens the course's subjects screen with its sources panel open (and the
 * files refused listed there). Nothing is created when the browser can tell every file is refused.
 */
export function CreateFromDocumentsButton() {
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const createCourse = useCreateCourse();
  const uploads = useAddSources();
  const [failure, setFailure] = useState<string | null>(null);
  const busy = createCourse.isPending || uploads.busy;

  const start = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    const [first] = files;
    if (!first) return;
    setFailure(null);
    uploads.clearRefusals();
    const refusedEarly = files.flatMap((file) => {
      const message = sourceFileRefusal(file, null);
      return message ? [{ name: file.name, message }] : [];
    });
    if (refusedEarly.length === files.length) {
      uploads.showRefusals(refusedEarly);
      return;
    }
    let courseId: string;
    try {
      courseId = (await createCourse.mutateAsync({ name: courseNameOfFile(first.name) })).id;
    } catch (error) {
      setFailure(serverErrorOr(error, SOURCES_TEXT.createFailed));
      return;
    }
    const refusals = await uploads.add(courseId, files, 0);
    await navigate(sourcesPanelPath(courseId), { state: sourcesPanelState(refusals) });
  };

  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <input
        ref={input}
        type="file"
        multiple
        accept={SOURCE_FILE_ACCEPT}
        aria-label={SOURCES_TEXT.filesLabel}
        hidden
        onChange={(event) => void start(event)}
      />
      <Button
        variant="outlined"
        disabled={busy}
        startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <DescriptionIcon />}
        onClick={() => input.current?.click()}
      >
        {SOURCE_MESSAGES.createFromDocuments}
      </Button>
      {busy && (
        <Typography role="status" variant="body2">
          {uploads.progress
            ? SOURCES_TEXT.uploading(
                uploads.progress.name,
                uploads.progress.position,
                uploads.progress.total,
              )
            : SOURCES_TEXT.creating}
        </Typography>
      )}
      {failure && <Alert severity="error">{failure}</Alert>}
      {uploads.refusals.length > 0 && (
        <Alert severity="error" aria-label={SOURCES_TEXT.refusalsLabel}>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {uploads.refusals.map((refusal, index) => (
              <li key={`${refusal.name}-${index}`}>
                {refusal.name}: {refusal.message}
              </li>
            ))}
          </Box>
        </Alert>
      )}
    </Stack>
  );
}
