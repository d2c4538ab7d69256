import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { COURSE_PROMPT_MAX_LENGTH, addCourseInputSchema } from '@coursecraft/contracts';
import { useState, type FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FormTextField } from '../../../../components/form/FormTextField';
import { paths } from '../../../../config/paths';
import { serverErrorOr } from '../../../../lib/api-client';
import { useZodForm } from '../../../../lib/use-zod-form';
import { API_KEY_NEEDED } from '../../lib/generation-errors';
import { useGenerateCourse } from '../api/generate-course';
import { useGenerateCourseFromAudio } from '../api/generate-course-from-audio';
import { COURSE_TEXT } from '../course-messages';
import { useVoiceRecorder } from '../voice/use-voice-recorder';
import { VoiceRecorder } from '../voice/VoiceRecorder';
import type { ReadSettings } from './use-course-settings-section';

/**
 * Gemini drafts the course from the author's description, typed or spoken. Once a recording
 * exists it replaces the text as what is sent.
 */
export function DescribeCourseForm({ readSettings }: { readSettings: ReadSettings }) {
  const navigate = useNavigate();
  const generateFromText = useGenerateCourse();
  const generateFromAudio = useGenerateCourseFromAudio();
  const recorder = useVoiceRecorder();
  const { control, handleSubmit } = useZodForm(addCourseInputSchema, {
    defaultValues: { name: '' },
  });
  const text = useWatch({ control, name: 'name' });
  const [error, setError] = useState<string | null>(null);
  const textBusy = generateFromText.isPending;
  const audioBusy = generateFromAudio.isPending;
  const hasAudio = recorder.status === 'recorded';

  const generate = async (request: () => Promise<unknown>, fallback: string) => {
    setError(null);
    try {
      await request();
      await navigate(paths.courses);
    } catch (failure) {
      console.error('Generating the course failed', failure);
      setError(serverErrorOr(failure, fallback));
    }
  };

  const submitText = handleSubmit(async ({ name }) => {
    const settings = await readSettings();
    if (!settings) return;
    await generate(
      () => generateFromText.mutateAsync({ text: name, settings }),
      COURSE_TEXT.createFailed,
    );
  });

  const submitAudio = async () => {
    const { recording } = recorder;
    // A recording stopped at once holds no sound: the API would refuse it as missing.
    if (!recording || recording.seconds === 0) {
      setError(COURSE_TEXT.audioMissing);
      return;
    }
    const settings = await readSettings();
    if (!settings) return;
    await generate(
      () => generateFromAudio.mutateAsync({ audio: recording.blob, settings }),
      COURSE_TEXT.audioCreateFailed,
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void (hasAudio ? submitAudio() : submitText(event));
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Describe your course
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Type or speak what the course should teach and to whom; Gemini drafts its name and
        description with your API key.
      </Typography>
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2}>
          {error && (
            <Alert
              severity="error"
              action={
                error === API_KEY_NEEDED ? (
                  <Button component={RouterLink} to={paths.profile} color="inherit" size="small">
                    Profile
                  </Button>
                ) : undefined
              }
            >
              {error}
            </Alert>
          )}
          <FormTextField
            control={control}
            name="name"
            label="Course Description"
            multiline
            minRows={3}
            fullWidth
            slotProps={{ htmlInput: { maxLength: COURSE_PROMPT_MAX_LENGTH } }}
          />
          <VoiceRecorder recorder={recorder} disabled={textBusy || audioBusy} />
          <Box>
            {hasAudio ? (
              <Button type="submit" variant="contained" disabled={audioBusy || textBusy}>
                {audioBusy ? 'Processing Audio...' : 'Generate Course from Audio'}
              </Button>
            ) : (
              <Button type="submit" variant="contained" disabled={textBusy || !text.trim()}>
                {textBusy ? 'Generating...' : 'Generate Course from Text'}
              </Button>
            )}
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}
