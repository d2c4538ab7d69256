import {
  ACCEPTED_ANSWERS_MAX,
  ACCEPTED_ANSWER_MAX_LENGTH,
  QUESTION_FEEDBACK_MAX_LENGTH,
  QUESTION_OPTIONS_MAX,
  QUESTION_OPTIONS_MIN,
  QUESTION_OPTION_MAX_LENGTH,
} from '@coursecraft/contracts';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { moved, newItem, newOption, type FormErrors, type QuestionForm } from '../question-form';

export const PARTS_TEXT = {
  options: 'Options',
  option: (n: number) => `Option ${n}`,
  correct: (n: number) => `Option ${n} is correct`,
  feedback: (n: number) => `Feedback for option ${n}`,
  removeOption: (n: number) => `Remove option ${n}`,
  addOption: 'Add option',
  answer: 'Correct answer',
  acceptedAnswers: 'Accepted answers',
  acceptedAnswer: (n: number) => `Accepted answer ${n}`,
  removeAnswer: (n: number) => `Remove accepted answer ${n}`,
  addAnswer: 'Add accepted answer',
  tolerance: 'Numeric tolerance',
  toleranceHelp: 'Leave empty to compare the text. A number makes numeric answers match within it.',
  steps: 'Steps, in the right order',
  step: (n: number) => `Step ${n}`,
  stepUp: (n: number) => `Move step ${n} up`,
  stepDown: (n: number) => `Move step ${n} down`,
  removeStep: (n: number) => `Remove step ${n}`,
  addStep: 'Add step',
} as const;

/** The messages of `key`, as a field's helper text (or undefined). */
export const errorOf = (errors: FormErrors, key: string) => errors[key]?.join(' ');

interface PartsProps {
  form: QuestionForm;
  errors: FormErrors;
  onChange: (form: QuestionForm) => void;
}

/** The messages about a whole list (too few, too many), under it. */
function ListError({ message }: { message: string | undefined }) {
  return message ? <FormHelperText error>{message}</FormHelperText> : null;
}

/** Options of a choice question: text, correct toggle and feedback each; 2 to 8 of them. */
function OptionsFields({ form, errors, onChange }: PartsProps) {
  const single = form.type === 'single_choice';
  const set = (index: number, patch: Partial<QuestionForm['options'][number]>) =>
    onChange({
      ...form,
      options: form.options.map((option, at) =>
        at === index
          ? { ...option, ...patch }
          : single && patch.correct
            ? { ...option, correct: false }
            : option,
      ),
    });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend">{PARTS_TEXT.options}</FormLabel>
      <Stack spacing={2} sx={{ mt: 1 }}>
        {form.options.map((option, index) => {
          const n = index + 1;
          return (
            <Box key={option.id} sx={{ display: 'grid', gap: 1 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                <TextField
                  label={PARTS_TEXT.option(n)}
                  value={option.text}
                  onChange={(event) => set(index, { text: event.target.value })}
                  error={Boolean(errorOf(errors, `options.${index}.text`))}
                  helperText={errorOf(errors, `options.${index}.text`)}
                  slotProps={{ htmlInput: { maxLength: QUESTION_OPTION_MAX_LENGTH } }}
                  size="small"
                  fullWidth
                  multiline
                />
                <IconButton
                  aria-label={PARTS_TEXT.removeOption(n)}
                  disabled={form.options.length <= QUESTION_OPTIONS_MIN}
                  onClick={() =>
                    onChange({ ...form, options: form.options.filter((_, at) => at !== index) })
                  }
                >
                  <DeleteOutlinedIcon />
                </IconButton>
              </Box>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={option.correct}
                    onChange={(event) => set(index, { correct: event.target.checked })}
                  />
                }
                label={PARTS_TEXT.correct(n)}
              />
              <TextField
                label={PARTS_TEXT.feedback(n)}
                value={option.feedback}
                onChange={(event) => set(index, { feedback: event.target.value })}
                error={Boolean(errorOf(errors, `options.${index}.feedback`))}
                helperText={errorOf(errors, `options.${index}.feedback`)}
                slotProps={{ htmlInput: { maxLength: QUESTION_FEEDBACK_MAX_LENGTH } }}
                size="small"
                fullWidth
              />
            </Box>
          );
        })}
      </Stack>
      <ListError message={errorOf(errors, 'options')} />
      <Button
        startIcon={<AddIcon />}
        disabled={form.options.length >= QUESTION_OPTIONS_MAX}
        onClick={() => onChange({ ...form, options: [...form.options, newOption()] })}
        sx={{ mt: 1 }}
      >
        {PARTS_TEXT.addOption}
      </Button>
    </Box>
  );
}

function TrueFalseFields({ form, onChange }: PartsProps) {
  const labelId = useId();
  return (
    <FormControl>
      <FormLabel id={labelId}>{PARTS_TEXT.answer}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={form.answer ? 'true' : 'false'}
        onChange={(event) => onChange({ ...form, answer: event.target.value === 'true' })}
      >
        <FormControlLabel value="true" control={<Radio />} label="True" />
        <FormControlLabel value="false" control={<Radio />} label="False" />
      </RadioGroup>
    </FormControl>
  );
}

function ShortAnswerFields({ form, errors, onChange }: PartsProps) {
  const answers = form.accepted_answers;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend">{PARTS_TEXT.acceptedAnswers}</FormLabel>
      <Stack spacing={1} sx={{ mt: 1 }}>
        {answers.map((answer, index) => {
          const n = index + 1;
          return (
            // The answers have no ids of their own; their place is what names them.
            <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <TextField
                label={PARTS_TEXT.acceptedAnswer(n)}
                value={answer}
                onChange={(event) =>
                  onChange({
                    ...form,
                    accepted_answers: answers.map((text, at) =>
                      at === index ? event.target.value : text,
                    ),
                  })
                }
                error={Boolean(errorOf(errors, `accepted_answers.${index}`))}
                helperText={errorOf(errors, `accepted_answers.${index}`)}
                slotProps={{ htmlInput: { maxLength: ACCEPTED_ANSWER_MAX_LENGTH } }}
                size="small"
                fullWidth
              />
              <IconButton
                aria-label={PARTS_TEXT.removeAnswer(n)}
                disabled={answers.length <= 1}
                onClick={() =>
                  onChange({ ...form, accepted_answers: answers.filter((_, at) => at !== index) })
                }
              >
                <DeleteOutlinedIcon />
              </IconButton>
            </Box>
          );
        })}
      </Stack>
      <ListError message={errorOf(errors, 'accepted_answers')} />
      <Button
        startIcon={<AddIcon />}
        disabled={answers.length >= ACCEPTED_ANSWERS_MAX}
        onClick={() => onChange({ ...form, accepted_answers: [...answers, ''] })}
        sx={{ mt: 1, mb: 2 }}
      >
        {PARTS_TEXT.addAnswer}
      </Button>
      <TextField
        label={PARTS_TEXT.tolerance}
        value={form.tolerance}
        onChange={(event) => onChange({ ...form, tolerance: event.target.value })}
        error={Boolean(errorOf(errors, 'tolerance'))}
        helperText={errorOf(errors, 'tolerance') ?? PARTS_TEXT.toleranceHelp}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        size="small"
        fullWidth
      />
    </Box>
  );
}

function OrderingFields({ form, errors, onChange }: PartsProps) {
  const items = form.items;
  const move = (from: number, to: number) => onChange({ ...form, items: moved(items, from, to) });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend">{PARTS_TEXT.steps}</FormLabel>
      <Stack spacing={1} sx={{ mt: 1 }}>
        {items.map((item, index) => {
          const n = index + 1;
          return (
            <Box key={item.id} sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start' }}>
              <TextField
                label={PARTS_TEXT.step(n)}
                value={item.text}
                onChange={(event) =>
                  onChange({
                    ...form,
                    items: items.map((entry, at) =>
                      at === index ? { ...entry, text: event.target.value } : entry,
                    ),
                  })
                }
                error={Boolean(errorOf(errors, `items.${index}.text`))}
                helperText={errorOf(errors, `items.${index}.text`)}
                slotProps={{ htmlInput: { maxLength: QUESTION_OPTION_MAX_LENGTH } }}
                size="small"
                fullWidth
                multiline
              />
              <IconButton
                aria-label={PARTS_TEXT.stepUp(n)}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              >
                <ArrowUpwardIcon fontSize="small" />
              </IconButton>
              <IconButton
                aria-label={PARTS_TEXT.stepDown(n)}
                disabled={index === items.length - 1}
                onClick={() => move(index, index + 1)}
              >
                <ArrowDownwardIcon fontSize="small" />
              </IconButton>
              <IconButton
                aria-label={PARTS_TEXT.removeStep(n)}
                disabled={items.length <= QUESTION_OPTIONS_MIN}
                onClick={() => onChange({ ...form, items: items.filter((_, at) => at !== index) })}
              >
                <DeleteOutlinedIcon fontSize="small" />
              </IconButton>
            </Box>
          );
        })}
      </Stack>
      <ListError message={errorOf(errors, 'items')} />
      <Button
        startIcon={<AddIcon />}
        disabled={items.length >= QUESTION_OPTIONS_MAX}
        onClick={() => onChange({ ...form, items: [...items, newItem()] })}
        sx={{ mt: 1 }}
      >
        {PARTS_TEXT.addStep}
      </Button>
    </Box>
  );
}

/** The fields of the question's own type: its options, its answer or its steps. */
export function QuestionPartsFields(props: PartsProps) {
  switch (props.form.type) {
    case 'single_choice':
    case 'multiple_choice':
      return <OptionsFields {...props} />;
    case 'true_false':
      return <TrueFalseFields {...props} />;
    case 'short_answer':
      return <ShortAnswerFields {...props} />;
    case 'ordering':
      return <OrderingFields {...props} />;
  }
}
