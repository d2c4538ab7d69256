import {
  AUDIENCE_MAX_LENGTH,
  COURSE_LEVELS,
  LANGUAGE_MAX_LENGTH,
  LESSON_LENGTHS,
  LESSON_WORD_RANGES,
  QUIZ_MESSAGES,
  TONE_MAX_LENGTH,
  TONE_SUGGESTIONS,
  type CourseSettingsInput,
} from '@coursecraft/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { Controller, type Control } from 'react-hook-form';
import { boundFieldProps } from './bound-field-props';
import { FormTextField } from './FormTextField';

const nativeSelect = { select: { native: true } } as const;

const PASS_MARK_HELP =
  'The average chapter quiz score a learner needs to pass the course in an LMS (SCORM package)';

/**
 * The course settings (see Course settings in docs/product.md): Audience, Level, Language, Tone
 * (free text with suggestions), Lesson length and Pass mark, one column on phones and two from
 * `sm`, then whether learners must pass each chapter quiz to complete the course.
 * Used where a course is created and in the subjects screen's Course settings dialog.
 */
export function CourseSettingsFields({
  control,
  disabled = false,
}: {
  control: Control<CourseSettingsInput>;
  disabled?: boolean;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
      <FormTextField
        control={control}
        name="audience"
        label="Audience"
        helperText="Whom the course is for, e.g. first-year engineering students (optional)"
        disabled={disabled}
        fullWidth
        sx={{ gridColumn: '1 / -1' }}
        slotProps={{ htmlInput: { maxLength: AUDIENCE_MAX_LENGTH } }}
      />
      <FormTextField
        control={control}
        name="level"
        label="Level"
        select
        disabled={disabled}
        fullWidth
        slotProps={nativeSelect}
      >
        {COURSE_LEVELS.map((level) => (
          <option key={level} value={level}>
            {level}
          </option>
        ))}
      </FormTextField>
      <FormTextField
        control={control}
        name="language"
        label="Language"
        helperText="The language lessons are written in"
        disabled={disabled}
        fullWidth
        slotProps={{ htmlInput: { maxLength: LANGUAGE_MAX_LENGTH } }}
      />
      <Controller
        control={control}
        name="tone"
        render={({ field, fieldState }) => {
          const { inputRef, onChange, value, ...bound } = boundFieldProps(field, {
            message: fieldState.error?.message,
            helperText: 'Pick a suggestion or type your own',
            disabled,
          });
          return (
            <Autocomplete
              freeSolo
              options={TONE_SUGGESTIONS}
              inputValue={String(value)}
              onInputChange={(_event, text) => onChange(text)}
              disabled={bound.disabled}
              fullWidth
              renderInput={(params) => (
                <TextField
                  {...params}
                  {...bound}
                  label="Tone"
                  inputRef={inputRef}
                  slotProps={{
                    ...params.slotProps,
                    htmlInput: { ...params.slotProps.htmlInput, maxLength: TONE_MAX_LENGTH },
                  }}
                />
              )}
            />
          );
        }}
      />
      <FormTextField
        control={control}
        name="lesson_length"
        label="Lesson length"
        select
        disabled={disabled}
        fullWidth
        slotProps={nativeSelect}
      >
        {LESSON_LENGTHS.map((length) => (
          <option key={length} value={length}>
            {`${length} (${LESSON_WORD_RANGES[length].min}–${LESSON_WORD_RANGES[length].max} words)`}
          </option>
        ))}
      </FormTextField>
      <Controller
        control={control}
        name="pass_mark"
        render={({ field, fieldState }) => {
          const { value, onChange, ...bound } = boundFieldProps(field, {
            message: fieldState.error?.message,
            helperText: PASS_MARK_HELP,
            disabled,
          });
          return (
            <TextField
              {...bound}
              // Kept as a number so the form checks it with the contract's schema; an empty or
              // unreadable entry becomes NaN, which that schema refuses with its message.
              value={typeof value === 'number' && Number.isFinite(value) ? String(value) : ''}
              onChange={(event) =>
                onChange(event.target.value.trim() === '' ? Number.NaN : Number(event.target.value))
              }
              label="Pass mark"
              type="number"
              fullWidth
              slotProps={{
                htmlInput: { min: 1, max: 100, inputMode: 'numeric' },
                input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
              }}
            />
          );
        }}
      />
      <Controller
        control={control}
        name="require_quiz_pass"
        render={({ field }) => (
          <FormControlLabel
            sx={{ gridColumn: '1 / -1' }}
            disabled={disabled}
            control={
              <Checkbox
                name={field.name}
                checked={Boolean(field.value)}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
              />
            }
            label={QUIZ_MESSAGES.requireQuizPass}
          />
        )}
      />
    </Box>
  );
}
