import type { Publication } from '@coursecraft/contracts';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import InsightsIcon from '@mui/icons-material/Insights';
import PublicIcon from '@mui/icons-material/Public';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { QueryState } from '../../../components/ui/QueryState';
import { paths } from '../../../config/paths';
import { serverErrorOr } from '../../../lib/api-client';
import { usePublication } from '../api/get-publication';
import { usePublishCourse } from '../api/publish-course';
import { useUnpublishCourse } from '../api/unpublish-course';
import { PUBLISHING_TEXT } from '../publishing-messages';

type Modal = 'publish' | 'publishChanges' | 'unpublish';

/** The link learners open: on this site, whichever host the author uses. */
function shareLinkOf(slug: string): string {
  return `${window.location.origin}${paths.learn(slug)}`;
}

function PanelSkeleton() {
  return (
    <Box aria-busy="true" aria-label="Loading publishing status">
      <Skeleton width="40%" height={32} />
      <Skeleton width="70%" />
    </Box>
  );
}

function Published({
  courseId,
  publication,
  onDialog,
  onCopied,
}: {
  courseId: string;
  publication: Publication;
  onDialog: (modal: Modal) => void;
  onCopied: (message: string) => void;
}) {
  const link = shareLinkOf(publication.slug);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      onCopied(PUBLISHING_TEXT.linkCopied);
    } catch (error) {
      console.error('Copy link', error);
      onCopied(PUBLISHING_TEXT.copyFailed);
    }
  };
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Chip label="Published" color="success" size="small" icon={<PublicIcon />} />
        <Typography variant="body2" color="text.secondary">
          Last published{' '}
          <time dateTime={publication.published_at}>
            {new Date(publication.published_at).toLocaleString()}
          </time>
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        Share link:{' '}
        <Link href={link} target="_blank" rel="noopener noreferrer">
          {link}
        </Link>
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          Copy link
        </Button>
        <Button variant="contained" onClick={() => onDialog('publishChanges')}>
          Publish changes
        </Button>
        <Button
          variant="outlined"
          component={RouterLink}
          to={paths.analytics(courseId)}
          startIcon={<InsightsIcon />}
        >
          View analytics
        </Button>
        <Button color="error" onClick={() => onDialog('unpublish')}>
          Unpublish
        </Button>
      </Stack>
    </Stack>
  );
}

function NotPublished({ onPublish }: { onPublish: () => void }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
      <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
        {PUBLISHING_TEXT.notPublished}
      </Typography>
      <Button variant="contained" startIcon={<PublicIcon />} onClick={onPublish}>
        Publish
      </Button>
    </Stack>
  );
}

function PublishDialogText({ children }: { children: ReactNode }) {
  return (
    <DialogContentText sx={{ mt: 1, '&:first-of-type': { mt: 0 } }}>{children}</DialogContentText>
  );
}

/**
 * The subjects screen's publishing controls: Publish (with a dialog saying what learners get),
 * then the Published chip, the share link, Copy link, Publish changes, View analytics and
 * Unpublish.
 */
export function PublishPanel({ courseId }: { courseId: string }) {
  const headingId = useId();
  const status = usePublication(courseId);
  const publish = usePublishCourse();
  const unpublish = useUnpublishCourse();
  const [modal, setModal] = useState<Modal | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const publishFailure = (error: Error) => serverErrorOr(error, PUBLISHING_TEXT.publishFailed);

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, mb: 3 }}>
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        Publishing
      </Typography>
      <QueryState
        query={status}
        failureMessage={PUBLISHING_TEXT.statusLoadFailed}
        loadingLabel="Loading publishing status"
        loading={<PanelSkeleton />}
      >
        {({ publication }) =>
          publication ? (
            <Published
              courseId={courseId}
              publication={publication}
              onDialog={setModal}
              onCopied={setNotice}
            />
          ) : (
            <NotPublished onPublish={() => setModal('publish')} />
          )
        }
      </QueryState>
      {(modal === 'publish' || modal === 'publishChanges') && (
        <ConfirmDialog
          title={modal === 'publish' ? 'Publish course' : 'Publish changes'}
          confirmLabel={modal === 'publish' ? 'Publish' : 'Publish changes'}
          busyLabel="Publishing..."
          confirmColor="primary"
          failureMessage={publishFailure}
          onClose={() => setModal(null)}
          onConfirm={() => publish.mutateAsync(courseId)}
        >
          {modal === 'publish' ? (
            <>
              <PublishDialogText>
                Learners will see a snapshot of the course as it is now: its name, description,
                cover, subjects, chapters, topics and lessons.
              </PublishDialogText>
              <PublishDialogText>
                Changes you make afterwards reach learners only when you publish them with Publish
                changes.
              </PublishDialogText>
              <PublishDialogText>
                Anyone with the link can open the course, without an account.
              </PublishDialogText>
            </>
          ) : (
            <>
              <PublishDialogText>
                Learners will see the course as it is now, at the same link.
              </PublishDialogText>
              <PublishDialogText>
                Their progress is kept for every topic that is still in the course.
              </PublishDialogText>
            </>
          )}
        </ConfirmDialog>
      )}
      {modal === 'unpublish' && (
        <ConfirmDialog
          title="Unpublish course"
          confirmLabel="Unpublish"
          busyLabel="Unpublishing..."
          failureMessage={(error) => serverErrorOr(error, PUBLISHING_TEXT.unpublishFailed)}
          onClose={() => setModal(null)}
          onConfirm={() => unpublish.mutateAsync(courseId)}
        >
          <PublishDialogText>
            Are you sure you want to unpublish this course? Its link will stop working for learners.
          </PublishDialogText>
          <PublishDialogText>You can publish it again at any time.</PublishDialogText>
        </ConfirmDialog>
      )}
      <Snackbar
        open={notice !== null}
        autoHideDuration={4000}
        onClose={() => setNotice(null)}
        message={notice}
      />
    </Paper>
  );
}
