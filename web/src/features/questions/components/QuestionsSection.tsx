import {
  QUESTIONS_PER_TOPIC_MAX,
  QUESTION_MESSAGES,
  QUESTION_TYPE_LABELS,
  type Question,
  type QuestionGenerationResult,
} from '@coursecraft/contracts';
import AddIcon from '@mui/icons-material/Add';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import EditNoteIcon from '@mui/icons-material/EditNote';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { SortableItem, SortableList } from '../../../components/sortable/SortableList';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { RetryAlert } from '../../../components/ui/RetryAlert';
import { serverErrorOr } from '../../../lib/api-client';
import { useCreateQuestion } from '../api/create-question';
import { useDeleteQuestion } from '../api/delete-question';
import { useGenerateQuestions } from '../api/generate-questions';
import { useQuestions } from '../api/get-questions';
import type { TopicIds } from '../api/questions-keys';
import { useReorderQuestions } from '../api/reorder-questions';
import { useUpdateQuestion } from '../api/update-question';
import { blankForm, formOf, shortText } from '../question-form';
import { QUESTIONS_TEXT } from '../questions-text';
import { QuestionDialog } from './QuestionDialog';
import { RegenerateQuestionsDialog } from './RegenerateQuestionsDialog';

type Modal =
  | { kind: 'add' }
  | { kind: 'edit'; question: Question }
  | { kind: 'delete'; question: Question }
  | { kind: 'regenerate' };

/** What the last generation said, with how it went. */
interface Outcome {
  severity: 'success' | 'warning';
  message: string;
}

const outcomeOf = ({ added, discarded, message }: QuestionGenerationResult): Outcome => ({
  severity: added > 0 && discarded === 0 ? 'success' : 'warning',
  message,
});

/** The name of a question in the list and its buttons: its text, on one short line. */
const nameOf = (question: Question) =>
  shortText(question.text) || QUESTION_TYPE_LABELS[question.type];

/**
 * The Questions section under a topic's lesson: the topic's questions in order (type, text,
 * Quiz only), Generate Questions (not at the limit nor without a lesson), Add Question,
 * Regenerate with instructions, and per question Edit, Delete and a Reorder handle (mouse, touch
 * or keyboard). A generation's message shows as the server words it.
 */
export function QuestionsSection({ topic, hasLesson }: { topic: TopicIds; hasLesson: boolean }) {
  const titleId = useId();
  const questions = useQuestions(topic);
  const create = useCreateQuestion(topic);
  const update = useUpdateQuestion(topic);
  const remove = useDeleteQuestion(topic);
  const reorder = useReorderQuestions(topic);
  const generate = useGenerateQuestions(topic);
  const [modal, setShownModal] = useState<Modal | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  /** Opens a dialog; the last generation's message leaves, as it would cover the dialog's buttons. */
  const setModal = (next: Modal | null) => {
    if (next) setOutcome(null);
    setShownModal(next);
  };

  const list = questions.data ?? [];
  const atLimit = list.length >= QUESTIONS_PER_TOPIC_MAX;
  const busy = generate.isPending || reorder.isPending;
  const loading = questions.isPending;

  const runGeneration = async (request: Parameters<typeof generate.mutateAsync>[0]) => {
    setFailure(null);
    setOutcome(null);
    const result = await generate.mutateAsync(request);
    setOutcome(outcomeOf(result));
  };

  const generateMore = async () => {
    try {
      await runGeneration({});
    } catch (error) {
      console.error(QUESTIONS_TEXT.generateFailed, error);
      setFailure(serverErrorOr(error, QUESTIONS_TEXT.generateFailed));
    }
  };

  const onReorder = (ids: string[], previousIds: string[]) => {
    setFailure(null);
    reorder.mutate(
      { ids, previousIds },
      {
        onError: (error) => {
          console.error(QUESTIONS_TEXT.reorderFailed, error);
          setFailure(serverErrorOr(error, QUESTIONS_TEXT.reorderFailed));
        },
      },
    );
  };

  const hint = !hasLesson ? QUESTION_MESSAGES.noLesson : atLimit ? QUESTION_MESSAGES.atLimit : null;

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      aria-busy={busy || loading || undefined}
      sx={{ p: { xs: 2, md: 3 }, mt: 3 }}
    >
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {QUESTION_MESSAGES.section}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Button
          variant="contained"
          startIcon={<AutoFixHighIcon />}
          disabled={!hasLesson || atLimit || busy || loading}
          onClick={() => void generateMore()}
        >
          {generate.isPending ? QUESTIONS_TEXT.generating : QUESTION_MESSAGES.generate}
        </Button>
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          disabled={atLimit || busy || loading}
          onClick={() => setModal({ kind: 'add' })}
        >
          {QUESTION_MESSAGES.add}
        </Button>
        <Button
          startIcon={<EditNoteIcon />}
          disabled={!hasLesson || busy || loading}
          onClick={() => setModal({ kind: 'regenerate' })}
        >
          {QUESTION_MESSAGES.regenerate}
        </Button>
      </Stack>
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {hint}
        </Typography>
      )}
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)} sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      {loading ? (
        <Stack spacing={1} aria-label="Loading questions">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} variant="rounded" height={48} />
          ))}
        </Stack>
      ) : questions.isError ? (
        <RetryAlert message={QUESTIONS_TEXT.loadFailed} onRetry={() => void questions.refetch()} />
      ) : list.length === 0 ? (
        <Typography color="text.secondary">{QUESTIONS_TEXT.empty}</Typography>
      ) : (
        <SortableList
          items={list.map((question) => ({ id: question.id, name: nameOf(question) }))}
          noun="Question"
          onReorder={onReorder}
        >
          <Box
            component="ol"
            aria-label={QUESTIONS_TEXT.list}
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
          >
            {list.map((question) => {
              const name = nameOf(question);
              return (
                <SortableItem
                  key={question.id}
                  id={question.id}
                  name={name}
                  sx={{
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 1,
                    bgcolor: 'background.paper',
                    p: 1,
                  }}
                >
                  {(handle) => (
                    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                      {handle}
                      <Box sx={{ flex: 1, minWidth: 0 }}>
                        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mb: 0.5 }}>
                          <Typography variant="caption" color="text.secondary">
                            {QUESTION_TYPE_LABELS[question.type]}
                          </Typography>
                          {question.quiz_only && (
                            <Chip size="small" label={QUESTION_MESSAGES.quizOnly} />
                          )}
                        </Stack>
                        <Typography sx={{ overflowWrap: 'anywhere' }}>{name}</Typography>
                      </Box>
                      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ flexShrink: 0 }}>
                        <Button
                          size="small"
                          aria-label={QUESTIONS_TEXT.edit(name)}
                          disabled={busy}
                          onClick={() => setModal({ kind: 'edit', question })}
                        >
                          {QUESTION_MESSAGES.edit}
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          aria-label={QUESTIONS_TEXT.delete(name)}
                          disabled={busy}
                          onClick={() => setModal({ kind: 'delete', question })}
                        >
                          {QUESTION_MESSAGES.delete}
                        </Button>
                      </Stack>
                    </Box>
                  )}
                </SortableItem>
              );
            })}
          </Box>
        </SortableList>
      )}
      {modal?.kind === 'add' && (
        <QuestionDialog
          title={QUESTIONS_TEXT.addTitle}
          initial={blankForm()}
          failureMessage={(error) => serverErrorOr(error, QUESTIONS_TEXT.saveFailed)}
          onSave={(input) => create.mutateAsync(input)}
          onClose={() => setModal(null)}
        />
      )}
      {modal?.kind === 'edit' && (
        <QuestionDialog
          title={QUESTIONS_TEXT.editTitle}
          initial={formOf(modal.question)}
          failureMessage={(error) => serverErrorOr(error, QUESTIONS_TEXT.saveFailed)}
          onSave={(input) => update.mutateAsync({ questionId: modal.question.id, input })}
          onClose={() => setModal(null)}
        />
      )}
      {modal?.kind === 'delete' && (
        <ConfirmDialog
          title={QUESTIONS_TEXT.deleteTitle}
          confirmLabel={QUESTION_MESSAGES.delete}
          failureMessage={(error) => serverErrorOr(error, QUESTIONS_TEXT.deleteFailed)}
          onClose={() => setModal(null)}
          onConfirm={() => remove.mutateAsync(modal.question.id)}
        >
          <DialogContentText>{QUESTIONS_TEXT.deleteText(nameOf(modal.question))}</DialogContentText>
        </ConfirmDialog>
      )}
      {modal?.kind === 'regenerate' && (
        <RegenerateQuestionsDialog
          failureMessage={(error) => serverErrorOr(error, QUESTIONS_TEXT.generateFailed)}
          onRegenerate={(instructions) =>
            runGeneration(instructions ? { mode: 'replace', instructions } : { mode: 'replace' })
          }
          onClose={() => setModal(null)}
        />
      )}
      <Snackbar
        open={outcome !== null}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setOutcome(null);
        }}
      >
        <Alert
          severity={outcome?.severity ?? 'success'}
          variant="filled"
          onClose={() => setOutcome(null)}
          sx={{ width: '100%' }}
        >
          {outcome?.message}
        </Alert>
      </Snackbar>
    </Paper>
  );
}
