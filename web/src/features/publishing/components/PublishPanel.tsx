import type { Publication } from '@coursecraft/contracts';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import InsightsIcon from '@mui/icons-material/Insights';
import PublicIcon from '@mui/icons-material/Public';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { QueryState } from '../../../components/ui/QueryState';
import { paths } from '../../../config/paths';
import { serverErrorOr } from '../../../lib/api-client';
import { usePublication } from '../api/get-publication';
import { useSetListing } from '../api/set-listing';
import { useUnpublishCourse } from '../api/unpublish-course';
import { PUBLISHING_TEXT } from '../publishing-messages';
import { PublishDialog } from './PublishDialog';

type Modal = 'publish' | 'publishChanges' | 'unpublish';

/** The link learners open: on this site, whichever host the author uses. */
function shareLinkOf(slug: string): string {
  return `${window.location.origin}${paths.learn(slug)}`;
}

function PanelSkeleton() {
  return (
    <Box role="status" aria-busy="true" aria-label="Loading publishing status">
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
      <ListingSwitch courseId={courseId} listed={publication.listed} />
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

/** "List in search engines" of a published course: saved at once, off while it saves. */
function ListingSwitch({ courseId, listed }: { courseId: string; listed: boolean }) {
  const listing = useSetListing();
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={listing.isPending ? (listing.variables?.listed ?? listed) : listed}
            disabled={listing.isPending}
            onChange={(event) => listing.mutate({ courseId, listed: event.target.checked })}
          />
        }
        label={PUBLISHING_TEXT.listInSearchEngines}
      />
      {listing.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {serverErrorOr(listing.error, PUBLISHING_TEXT.listingFailed)}
        </Alert>
      )}
    </Box>
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
  const unpublish = useUnpublishCourse();
  const [modal, setModal] = useState<Modal | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

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
        <PublishDialog
          courseId={courseId}
          firstPublication={modal === 'publish'}
          onClose={() => setModal(null)}
          onPublished={({ skipped }) => {
            setModal(null);
            if (skipped > 0) setNotice(PUBLISHING_TEXT.diagramsSkipped(skipped));
          }}
        />
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
