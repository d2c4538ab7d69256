import type { LessonVersionSource, LessonVersionSummary } from '@coursecraft/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { QueryState } from '../../../components/ui/QueryState';
import { RetryAlert } from '../../../components/ui/RetryAlert';
import { serverErrorOr } from '../../../lib/api-client';
import { useLessonVersion } from '../api/get-lesson-version';
import { useLessonVersions } from '../api/get-lesson-versions';
import { useRestoreLessonVersion } from '../api/restore-lesson-version';
import type { TopicRef } from '../lib/keys';
import { LESSON_HISTORY_TEXT } from '../lib/messages';
import { LessonView } from './LessonView';

const SOURCE_COLOR: Record<LessonVersionSource, 'info' | 'default' | 'success'> = {
  generated: 'info',
  edited: 'default',
  restored: 'success',
};

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A version's time as people read it, in their locale and time zone. */
function VersionTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{timeFormat.format(new Date(iso))}</time>;
}

function SourceChip({ source }: { source: LessonVersionSource }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={SOURCE_COLOR[source]}
      label={LESSON_HISTORY_TEXT.sources[source]}
    />
  );
}

/** One version in the list: its time, its source and, for the lesson shown now, Current. */
function VersionItem({
  version,
  selected,
  onSelect,
}: {
  version: LessonVersionSummary;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <ListItem disablePadding>
      <ListItemButton
        selected={selected}
        aria-current={selected ? 'true' : undefined}
        onClick={onSelect}
        sx={{ borderRadius: 1 }}
      >
        <ListItemText
          primary={<VersionTime iso={version.created_at} />}
          secondary={
            <Stack direction="row" sx={{ gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
              <SourceChip source={version.source} />
              {version.current && (
                <Chip size="small" color="primary" label={LESSON_HISTORY_TEXT.current} />
              )}
            </Stack>
          }
          slotProps={{ secondary: { component: 'div' } }}
        />
      </ListItemButton>
    </ListItem>
  );
}

/** The chosen version, rendered as the lesson would be. */
function VersionPreview({
  topic,
  version,
  headingId,
}: {
  topic: TopicRef;
  version: LessonVersionSummary;
  headingId: string;
}) {
  const query = useLessonVersion(topic, version.id);
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ flexGrow: 1, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="subtitle1" component="h3">
          <VersionTime iso={version.created_at} />
        </Typography>
        <SourceChip source={version.source} />
        {version.current && (
          <Chip size="small" color="primary" label={LESSON_HISTORY_TEXT.current} />
        )}
      </Stack>
      {query.isError ? (
        <RetryAlert
          message={LESSON_HISTORY_TEXT.versionFailed}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <LessonView
          draft={null}
          loading={query.data === undefined}
          markdown={query.data?.markdown}
          idPrefix={`${topic.topicId}-${version.id}`}
        />
      )}
    </Box>
  );
}

/**
 * History of one topic's lesson: its kept versions, newest first (the lesson shown now marked
 * Current), the chosen one rendered beside the list (below it on a phone), and Restore, which
 * makes the chosen version the lesson; the dialog then shows the new current version.
 */
export function LessonHistoryDialog({
  topic,
  topicName,
  onClose,
}: {
  topic: TopicRef;
  topicName: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const previewHeadingId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const versions = useLessonVersions(topic);
  const restore = useRestoreLessonVersion(topic);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const list = versions.data ?? [];
  const chosen = list.find((version) => version.id === chosenId) ?? list[0];

  const restoreChosen = async () => {
    if (!chosen) return;
    setFailure(null);
    try {
      await restore.mutateAsync(chosen.id);
      setChosenId(null);
    } catch (error) {
      setFailure(serverErrorOr(error, LESSON_HISTORY_TEXT.restoreFailed));
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="lg"
      fullScreen={phone}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {LESSON_HISTORY_TEXT.title}
        <Typography
          component="span"
          variant="subtitle1"
          color="text.secondary"
          sx={{ display: 'block' }}
        >
          {topicName}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        {failure && (
          <Alert severity="error" onClose={() => setFailure(null)} sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        <QueryState
          query={versions}
          failureMessage={LESSON_HISTORY_TEXT.loadFailed}
          loadingLabel={LESSON_HISTORY_TEXT.loading}
          empty={<Typography>{LESSON_HISTORY_TEXT.empty}</Typography>}
        >
          {(items) => (
            <Box
              sx={{
                display: 'flex',
                flexDirection: { xs: 'column', md: 'row' },
                gap: { xs: 2, md: 3 },
                alignItems: 'flex-start',
              }}
            >
              <Box sx={{ width: { xs: '100%', md: 280 }, flexShrink: 0 }}>
                <List dense aria-label={LESSON_HISTORY_TEXT.versions} sx={{ py: 0 }}>
                  {items.map((version) => (
                    <VersionItem
                      key={version.id}
                      version={version}
                      selected={version.id === chosen?.id}
                      onSelect={() => setChosenId(version.id)}
                    />
                  ))}
                </List>
                {items.every((version) => version.current) && (
                  <Typography color="text.secondary" sx={{ mt: 1 }}>
                    {LESSON_HISTORY_TEXT.empty}
                  </Typography>
                )}
              </Box>
              {chosen && (
                <VersionPreview topic={topic} version={chosen} headingId={previewHeadingId} />
              )}
            </Box>
          )}
        </QueryState>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{LESSON_HISTORY_TEXT.close}</Button>
        <Button
          variant="contained"
          onClick={() => void restoreChosen()}
          disabled={!chosen || chosen.current || restore.isPending}
        >
          {restore.isPending ? LESSON_HISTORY_TEXT.restoring : LESSON_HISTORY_TEXT.restore}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
