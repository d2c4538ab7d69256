import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { serverErrorOr } from '../../../lib/api-client';
import { fetchCourseLessons } from '../api/get-course-lessons';
import { fetchDiagramKeys } from '../api/get-diagram-keys';
import { usePublishCourse } from '../api/publish-course';
import { uploadDiagrams } from '../api/upload-diagrams';
import type {
  DiagramDrawingPorts,
  DiagramOutcome,
  DiagramProgress,
} from '../diagrams/draw-course-diagrams';
import { PUBLISHING_TEXT } from '../publishing-messages';

const browserPorts: DiagramDrawingPorts = {
  fetchLessons: fetchCourseLessons,
  fetchKeys: fetchDiagramKeys,
  // Mermaid and the lesson parser load only when an author publishes, not with the panel.
  draw: (...args) =>
    import('../../../components/markdown/MermaidDiagram').then((module) =>
      module.drawPublishedDiagram(...args),
    ),
  upload: uploadDiagrams,
};

function PublishDialogText({ children }: { children: ReactNode }) {
  return (
    <DialogContentText sx={{ mt: 1, '&:first-of-type': { mt: 0 } }}>{children}</DialogContentText>
  );
}

type Step = { step: 'drawing'; progress: DiagramProgress } | { step: 'publishing' };

/**
 * Publish and Publish changes: before the snapshot is taken, the course's diagrams that have no
 * drawing yet are drawn here, in light and dark, and uploaded (the server cannot lay them out);
 * the dialog shows how far that got. A first publication offers "List in search engines".
 */
export function PublishDialog({
  courseId,
  firstPublication,
  onClose,
  onPublished,
  ports = browserPorts,
}: {
  courseId: string;
  firstPublication: boolean;
  onClose: () => void;
  /** Called once published, with what drawing the diagrams came to. */
  onPublished: (diagrams: DiagramOutcome) => void;
  ports?: DiagramDrawingPorts;
}) {
  const titleId = useId();
  const textId = useId();
  const publish = usePublishCourse();
  const [listed, setListed] = useState(false);
  const [step, setStep] = useState<Step>({ step: 'publishing' });
  const action = useMutation({
    mutationFn: async () => {
      const { drawCourseDiagrams } = await import('../diagrams/draw-course-diagrams');
      const diagrams = await drawCourseDiagrams(
        courseId,
        (progress) => setStep({ step: 'drawing', progress }),
        ports,
      );
      setStep({ step: 'publishing' });
      await publish.mutateAsync({ courseId, request: firstPublication ? { listed } : {} });
      return diagrams;
    },
    onSuccess: onPublished,
    onError: (error) => console.error('Publish', error),
  });
  const busy = action.isPending;
  const failure = action.error && serverErrorOr(action.error, PUBLISHING_TEXT.publishFailed);
  const title = firstPublication ? 'Publish course' : 'Publish changes';

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        <div id={textId}>
          {firstPublication ? (
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
        </div>
        {firstPublication && (
          <FormControlLabel
            sx={{ mt: 1 }}
            control={
              <Checkbox
                checked={listed}
                disabled={busy}
                onChange={(event) => setListed(event.target.checked)}
              />
            }
            label={PUBLISHING_TEXT.listInSearchEngines}
          />
        )}
        {busy && (
          <>
            <Typography role="status" variant="body2" sx={{ mt: 2 }}>
              {step.step === 'drawing'
                ? PUBLISHING_TEXT.drawingDiagrams(step.progress.drawn, step.progress.total)
                : PUBLISHING_TEXT.publishing}
            </Typography>
            <LinearProgress
              sx={{ mt: 1 }}
              aria-hidden
              {...(step.step === 'drawing'
                ? {
                    variant: 'determinate',
                    value: (100 * (step.progress.drawn - 1)) / step.progress.total,
                  }
                : {})}
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => action.mutate()} disabled={busy}>
          {busy ? PUBLISHING_TEXT.publishing : title === 'Publish course' ? 'Publish' : title}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
