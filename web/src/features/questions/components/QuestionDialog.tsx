import {
  QUESTION_EXPLANATION_MAX_LENGTH,
  QUESTION_MESSAGES,
  QUESTION_TEXT_MAX_LENGTH,
  QUESTION_TYPES,
  QUESTION_TYPE_LABELS,
  type QuestionInput,
  type QuestionType,
} from '@coursecraft/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { validateForm, type FormErrors, type QuestionForm } from '../question-form';
import { QUESTIONS_TEXT } from '../questions-text';
import { errorOf, QuestionPartsFields } from './QuestionPartsFields';
import { QuestionPreview } from './QuestionPreview';

/**
 * Add Question and Edit: every field of every type, checked with the contract's schema on Save
 * (the messages show by their fields and nothing is sent while any remains), with a live preview
 * of the question as learners see it. Full screen on phones. A failure of `onSave` keeps the
 * dialog open with `failureMessage`.
 */
export function QuestionDialog({
  title,
  initial,
  failureMessage,
  onSave,
  onClose,
}: {
  title: string;
  initial: QuestionForm;
  failureMessage: (error: Error) => string;
  onSave: (input: QuestionInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const titleId = useId();
  const previewId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [form, setForm] = useState(initial);
  const [dirty, setDirty] = useState(false);
  // Messages show from the first Save on, and then follow every change.
  const [errors, setErrors] = useState<FormErrors | null>(null);
  const save = useMutation({
    mutationFn: onSave,
    onSuccess: onClose,
    onError: (error) => console.error(title, error),
  });
  const busy = save.isPending;
  const shown = errors ?? {};

  const change = (next: QuestionForm) => {
    setForm(next);
    setDirty(true);
    if (errors) {
      const checked = validateForm(next);
      setErrors(checked.ok ? {} : checked.errors);
    }
  };

  const submit = () => {
    const checked = validateForm(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(checked.input);
  };

  const whole = errorOf(shown, '');
  return (
    <Dialog
      open
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
      onClose={busy || dirty ? undefined : onClose}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        style={{ display: 'contents' }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent dividers>
          {save.error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failureMessage(save.error)}
            </Alert>
          )}
          {whole && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {whole}
            </Alert>
          )}
          <Stack spacing={2}>
            <TextField
              select
              label={QUESTIONS_TEXT.type}
              value={form.type}
              onChange={(event) => change({ ...form, type: event.target.value as QuestionType })}
              size="small"
              sx={{ mt: 1 }}
            >
              {QUESTION_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {QUESTION_TYPE_LABELS[type]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={QUESTIONS_TEXT.text}
              value={form.text}
              onChange={(event) => change({ ...form, text: event.target.value })}
              error={Boolean(errorOf(shown, 'text'))}
              helperText={errorOf(shown, 'text') ?? QUESTIONS_TEXT.textHelp}
              slotProps={{ htmlInput: { maxLength: QUESTION_TEXT_MAX_LENGTH } }}
              multiline
              minRows={2}
              fullWidth
              autoFocus
            />
            <QuestionPartsFields form={form} errors={shown} onChange={change} />
            <TextField
              label={QUESTION_MESSAGES.explanation}
              value={form.explanation}
              onChange={(event) => change({ ...form, explanation: event.target.value })}
              error={Boolean(errorOf(shown, 'explanation'))}
              helperText={errorOf(shown, 'explanation') ?? QUESTIONS_TEXT.explanationHelp}
              slotProps={{ htmlInput: { maxLength: QUESTION_EXPLANATION_MAX_LENGTH } }}
              multiline
              minRows={2}
              fullWidth
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={form.quiz_only}
                  onChange={(event) => change({ ...form, quiz_only: event.target.checked })}
                />
              }
              label={QUESTION_MESSAGES.quizOnly}
            />
          </Stack>
          <Box component="section" aria-labelledby={previewId} sx={{ mt: 3 }}>
            <Typography id={previewId} variant="subtitle1" component="h3" sx={{ mb: 1 }}>
              {QUESTIONS_TEXT.preview}
            </Typography>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <QuestionPreview form={form} />
            </Paper>
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {QUESTIONS_TEXT.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? QUESTIONS_TEXT.saving : QUESTIONS_TEXT.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
