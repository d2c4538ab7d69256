import {
  SOURCE_FILE_ACCEPT,
  SOURCE_MESSAGES,
  sourceSizeLabel,
  type Source,
  type SourcesResponse,
} from '@coursecraft/contracts';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import CloseIcon from '@mui/icons-material/Close';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { QueryState } from '../../../components/ui/QueryState';
import { serverErrorOr } from '../../../lib/api-client';
import { useRemoveSource } from '../api/remove-source';
import { useReplaceSource } from '../api/replace-source';
import { useSources } from '../api/get-sources';
import { sourceFileRefusal, type SourceRefusal } from '../source-file-check';
import { SOURCES_TEXT } from '../sources-text';
import { useAddSources } from '../use-add-sources';

function SourceStatus({ source }: { source: Source }) {
  if (source.status === 'reading') {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <CircularProgress size={14} aria-hidden />
        <span>{SOURCE_MESSAGES.reading}</span>
      </Stack>
    );
  }
  if (source.status === 'ready') {
    return <Box sx={{ color: 'success.main' }}>{SOURCE_MESSAGES.ready}</Box>;
  }
  return <Box sx={{ color: 'error.main' }}>{source.error ?? SOURCE_MESSAGES.unreadable}</Box>;
}

function SourceItem({
  source,
  busy,
  onReplace,
  onRemove,
}: {
  source: Source;
  busy: boolean;
  onReplace: () => void;
  onRemove: () => void;
}) {
  const size = sourceSizeLabel(source);
  return (
    <ListItem divider disableGutters sx={{ display: 'block', py: 1.5 }}>
      <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{source.name}</Typography>
      <Stack
        direction="row"
        sx={{ typography: 'body2', color: 'text.secondary', flexWrap: 'wrap', columnGap: 2 }}
      >
        {size && <span>{size}</span>}
        <SourceStatus source={source} />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button
          size="small"
          variant="outlined"
          aria-label={SOURCES_TEXT.replaceLabel(source.name)}
          disabled={busy}
          onClick={onReplace}
        >
          {SOURCE_MESSAGES.replace}
        </Button>
        <Button
          size="small"
          color="error"
          aria-label={SOURCES_TEXT.removeLabel(source.name)}
          disabled={busy}
          onClick={onRemove}
        >
          {SOURCE_MESSAGES.remove}
        </Button>
      </Stack>
    </ListItem>
  );
}

function Refusals({ refusals, onClose }: { refusals: SourceRefusal[]; onClose: () => void }) {
  if (refusals.length === 0) return null;
  return (
    <Alert severity="error" onClose={onClose} aria-label={SOURCES_TEXT.refusalsLabel}>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {refusals.map((refusal, index) => (
          <li key={`${refusal.name}-${index}`}>
            <Box component="span" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
              {refusal.name}
            </Box>
            : {refusal.message}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

function Coverage({ coverage }: { coverage: SourcesResponse['coverage'] }) {
  if (!coverage.line) return null;
  return (
    <Box>
      <Typography variant="body2">{coverage.line}</Typography>
      {coverage.left_out.map((line) => (
        <Typography key={line} variant="body2" color="text.secondary">
          {line}
        </Typography>
      ))}
    </Box>
  );
}

/** Every source is read and there is at least one: what generation from sources needs. */
export const allSourcesReady = (sources: Source[]) =>
  sources.length > 0 && sources.every((source) => source.status === 'ready');

/**
 * The course's sources: each with its size and status (followed live while it is read), Replace
 * and Remove; Add sources; what Gemini reads of them; and Generate from sources once all are
 * Ready. `initialRefusals` are files refused before the panel opened (Create from documents).
 */
export function SourcesPanel({
  courseId,
  generateSubjects,
  generatingSubjects,
  initialRefusals = [],
  onClose,
}: {
  courseId: string;
  generateSubjects: () => void;
  generatingSubjects: boolean;
  initialRefusals?: SourceRefusal[];
  onClose: () => void;
}) {
  const headingId = useId();
  const sources = useSources(courseId);
  const uploads = useAddSources();
  const replace = useReplaceSource(courseId);
  const remove = useRemoveSource(courseId);
  const addInput = useRef<HTMLInputElement>(null);
  const replaceInput = useRef<HTMLInputElement>(null);
  const [replacing, setReplacing] = useState<Source | null>(null);
  const [removing, setRemoving] = useState<Source | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [earlier, setEarlier] = useState(initialRefusals);
  const list = sources.data?.sources ?? [];
  const busy = uploads.busy || replace.isPending;

  const pickedFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // The same file may be picked again after a refusal.
    event.target.value = '';
    return files;
  };

  const addPicked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = pickedFiles(event);
    if (files.length === 0) return;
    setEarlier([]);
    void uploads.add(courseId, files, list.length);
  };

  const replacePicked = (event: ChangeEvent<HTMLInputElement>) => {
    const [file] = pickedFiles(event);
    const target = replacing;
    setReplacing(null);
    if (!file || !target) return;
    const refusal = sourceFileRefusal(file, null);
    if (refusal) {
      uploads.showRefusals([{ name: file.name, message: refusal }]);
      return;
    }
    uploads.clearRefusals();
    replace.mutate(
      { sourceId: target.id, file },
      {
        onError: (failure) =>
          uploads.showRefusals([
            { name: file.name, message: serverErrorOr(failure, SOURCES_TEXT.addFailed) },
          ]),
      },
    );
  };

  return (
    <Stack component="section" aria-labelledby={headingId} spacing={2} sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id={headingId} variant="h6" component="h2">
          {SOURCES_TEXT.panelTitle}
        </Typography>
        <IconButton aria-label={SOURCES_TEXT.close} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <input
        ref={addInput}
        type="file"
        multiple
        accept={SOURCE_FILE_ACCEPT}
        aria-label={SOURCES_TEXT.filesLabel}
        hidden
        onChange={addPicked}
      />
      <input
        ref={replaceInput}
        type="file"
        accept={SOURCE_FILE_ACCEPT}
        aria-label={SOURCES_TEXT.replaceFileLabel}
        hidden
        onChange={replacePicked}
      />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<UploadFileIcon />}
          disabled={busy || sources.data === undefined}
          onClick={() => addInput.current?.click()}
        >
          {SOURCE_MESSAGES.addSources}
        </Button>
        <Button
          variant="contained"
          startIcon={<AutoAwesomeIcon />}
          disabled={!allSourcesReady(list) || busy || generatingSubjects}
          onClick={() => {
            onClose();
            generateSubjects();
          }}
        >
          {SOURCE_MESSAGES.generateFromSources}
        </Button>
      </Stack>
      {uploads.progress && (
        <Box role="status">
          <Typography variant="body2">
            {SOURCES_TEXT.uploading(
              uploads.progress.name,
              uploads.progress.position,
              uploads.progress.total,
            )}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={(100 * (uploads.progress.position - 1)) / uploads.progress.total}
            aria-hidden
          />
        </Box>
      )}
      <Refusals
        refusals={[...earlier, ...uploads.refusals]}
        onClose={() => {
          setEarlier([]);
          uploads.clearRefusals();
        }}
      />
      <QueryState
        query={sources}
        failureMessage={SOURCES_TEXT.loadFailed}
        loadingLabel={SOURCES_TEXT.loading}
        isEmpty={(data) => data.sources.length === 0}
        empty={
          <Typography variant="body2" color="text.secondary">
            {SOURCE_MESSAGES.noSources}
          </Typography>
        }
      >
        {(data) => (
          <>
            <List aria-label={SOURCES_TEXT.panelTitle} disablePadding>
              {data.sources.map((source) => (
                <SourceItem
                  key={source.id}
                  source={source}
                  busy={busy}
                  onReplace={() => {
                    setReplacing(source);
                    replaceInput.current?.click();
                  }}
                  onRemove={() => setRemoving(source)}
                />
              ))}
            </List>
            <Coverage coverage={data.coverage} />
          </>
        )}
      </QueryState>
      {removing && (
        <ConfirmDialog
          title={SOURCES_TEXT.removeTitle}
          confirmLabel={SOURCE_MESSAGES.remove}
          busyLabel={SOURCES_TEXT.removing}
          failureMessage={(error) => serverErrorOr(error, SOURCES_TEXT.removeFailed)}
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            await remove.mutateAsync(removing.id);
            setNotice(SOURCE_MESSAGES.removed(removing.name));
          }}
        >
          <Typography>{SOURCE_MESSAGES.removeConfirm(removing.name)}</Typography>
        </ConfirmDialog>
      )}
      <Snackbar
        open={notice !== null}
        autoHideDuration={4000}
        onClose={() => setNotice(null)}
        message={notice}
      />
    </Stack>
  );
}
