import {
  QUIZ_ATTEMPTS_MAX,
  QUIZ_MESSAGES,
  QUIZ_QUESTIONS_MAX,
  SHOW_ANSWERS_AFTER,
  SHOW_ANSWERS_AFTER_LABELS,
  type ChapterQuiz,
} from '@coursecraft/contracts';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { FormTextField } from '../../../components/form/FormTextField';
import { serverErrorOr } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/use-zod-form';
import type { ChapterIds } from '../api/chapter-quiz-keys';
import { useUpdateChapterQuiz } from '../api/update-chapter-quiz';
import { quizFormOf, quizFormSchema } from '../quiz-form';
import { QUIZZES_TEXT } from '../quizzes-text';

const nativeSelect = { select: { native: true } } as const;
const ATTEMPT_CHOICES = Array.from({ length: QUIZ_ATTEMPTS_MAX }, (_, n) => String(n + 1));

/**
 * The chapter's quiz settings: Questions per attempt (all, or a random number), Pass mark,
 * Attempts (1 to the limit, or Unlimited), Shuffle and Show answers after, above how many
 * questions the chapter's topics hold. Submitted by the dialog's Save button (`id`); a failure
 * keeps what was typed, with the server's reason.
 */
export function ChapterQuizForm({
  id,
  chapter,
  quiz,
  onState,
}: {
  id: string;
  chapter: ChapterIds;
  quiz: ChapterQuiz;
  /** Told whether a save runs and whether fields changed, for the dialog's buttons. */
  onState: (state: { busy: boolean; dirty: boolean }) => void;
}) {
  const questionsLabelId = useId();
  const save = useUpdateChapterQuiz(chapter);
  const [saved, setSaved] = useState(false);
  const {
    control,
    handleSubmit,
    reset,
    formState: { isDirty },
  } = useZodForm(quizFormSchema, { defaultValues: quizFormOf(quiz) });
  const allQuestions = useWatch({ control, name: 'all_questions' });
  const busy = save.isPending;

  useEffect(() => onState({ busy, dirty: isDirty }), [busy, isDirty, onState]);

  const submit = handleSubmit((settings) => {
    setSaved(false);
    save.mutate(settings, {
      onSuccess: (answer) => {
        reset(quizFormOf(answer));
        setSaved(true);
      },
      onError: (error) => console.error(QUIZZES_TEXT.saveFailed, error),
    });
  });

  return (
    <form id={id} noValidate onSubmit={(event) => void submit(event)}>
      <Typography sx={{ mb: 2 }}>
        {quiz.pool_size > 0 ? QUIZ_MESSAGES.poolSize(quiz.pool_size) : QUIZ_MESSAGES.noQuestions}
      </Typography>
      {save.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {serverErrorOr(save.error, QUIZZES_TEXT.saveFailed)}
        </Alert>
      )}
      <Stack spacing={2.5} useFlexGap>
        <FormControl component="fieldset" disabled={busy}>
          <FormLabel component="legend" id={questionsLabelId}>
            {QUIZ_MESSAGES.questionsPerAttempt}
          </FormLabel>
          <Controller
            control={control}
            name="all_questions"
            render={({ field }) => (
              <RadioGroup
                aria-labelledby={questionsLabelId}
                name={field.name}
                value={field.value ? 'all' : 'random'}
                onChange={(event) => field.onChange(event.target.value === 'all')}
              >
                <FormControlLabel
                  value="all"
                  control={<Radio />}
                  label={QUIZ_MESSAGES.allQuestions}
                />
                <FormControlLabel
                  value="random"
                  control={<Radio />}
                  label={QUIZ_MESSAGES.randomQuestions}
                />
              </RadioGroup>
            )}
          />
          <FormTextField
            control={control}
            name="questions_per_attempt"
            label={QUIZ_MESSAGES.questionCount}
            type="number"
            disabled={busy || allQuestions}
            sx={{ mt: 1, maxWidth: { sm: 240 } }}
            slotProps={{ htmlInput: { min: 1, max: QUIZ_QUESTIONS_MAX, inputMode: 'numeric' } }}
          />
        </FormControl>
        <FormTextField
          control={control}
          name="pass_mark"
          label={QUIZ_MESSAGES.passMark}
          type="number"
          disabled={busy}
          sx={{ maxWidth: { sm: 240 } }}
          slotProps={{ htmlInput: { min: 1, max: 100, inputMode: 'numeric' } }}
        />
        <FormTextField
          control={control}
          name="attempts"
          label={QUIZ_MESSAGES.attempts}
          select
          disabled={busy}
          sx={{ maxWidth: { sm: 240 } }}
          slotProps={nativeSelect}
        >
          <option value="">{QUIZ_MESSAGES.unlimited}</option>
          {ATTEMPT_CHOICES.map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </FormTextField>
        <Controller
          control={control}
          name="shuffle"
          render={({ field }) => (
            <FormControlLabel
              disabled={busy}
              control={
                <Checkbox
                  name={field.name}
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                />
              }
              label={QUIZ_MESSAGES.shuffle}
            />
          )}
        />
        <FormTextField
          control={control}
          name="show_answers_after"
          label={QUIZ_MESSAGES.showAnswersAfter}
          select
          disabled={busy}
          slotProps={nativeSelect}
        >
          {SHOW_ANSWERS_AFTER.map((when) => (
            <option key={when} value={when}>
              {SHOW_ANSWERS_AFTER_LABELS[when]}
            </option>
          ))}
        </FormTextField>
      </Stack>
      {saved && !isDirty && (
        <Alert
          severity="success"
          role="status"
          sx={{ mt: 2 }}
          // Below the fields, which may fill the dialog: brought into view as it shows.
          ref={(node) => node?.scrollIntoView?.({ block: 'nearest' })}
        >
          {QUIZ_MESSAGES.saved}
        </Alert>
      )}
    </form>
  );
}
