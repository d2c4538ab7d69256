import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  COURSE_PROMPT_MAX_LENGTH,
  DEFAULT_COURSE_SETTINGS,
  addCourseInputSchema,
  courseInputSchema,
  courseSettingsSchema,
  type CourseSettings,
} from '@coursecraft/contracts';
import { useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { CourseSettingsFields } from '../../../../components/form/CourseSettingsFields';
import { FormTextField } from '../../../../components/form/FormTextField';
import { ContentLayout } from '../../../../components/layouts/ContentLayout';
import { PageBreadcrumbs } from '../../../../components/ui/PageBreadcrumbs';
import { paths } from '../../../../config/paths';
import { serverErrorOr } from '../../../../lib/api-client';
import { API_KEY_NEEDED } from '../../lib/generation-errors';
import { useZodForm } from '../../../../lib/use-zod-form';
import { useCreateCourse } from '../api/create-course';
import { useGenerateCourse } from '../api/generate-course';
import { useGenerateCourseFromAudio } from '../api/generate-course-from-audio';
import { COURSE_TEXT } from '../course-messages';
import { useVoiceRecorder } from '../voice/use-voice-recorder';
import { VoiceRecorder } from '../voice/VoiceRecorder';
import { CourseFields } from './CourseFields';

/** The course settings as validated, or null (the section opens on the first invalid field). */
type ReadSettings = () => Promise<CourseSettings | null>;

/**
 * 'Course settings (optional)': a disclosure, closed at first, holding the settings every way of
 * creating the course sends. Submitting with an invalid setting opens it and focuses the field.
 */
function useCourseSettingsSection() {
  const [expanded, setExpanded] = useState(false);
  const { control, handleSubmit } = useZodForm(courseSettingsSchema, {
    defaultValues: { ...DEFAULT_COURSE_SETTINGS },
  });
  const readSettings: ReadSettings = async () => {
    let settings: CourseSettings | null = null;
    await handleSubmit(
      (valid) => {
        settings = valid;
      },
      // Opened before the form focuses the first invalid field, so that field can take focus.
      () => flushSync(() => setExpanded(true)),
    )();
    return settings;
  };
  const section = (
    <Accordion
      variant="outlined"
      expanded={expanded}
      onChange={(_event, open) => setExpanded(open)}
      slotProps={{ heading: { component: 'h2' } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography variant="h6" component="span">
          Course settings (optional)
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          Gemini follows them for every level of the course and every lesson, whichever way you
          create it below. You can change them later on the course&apos;s subjects screen.
        </Typography>
        <CourseSettingsFields control={control} />
      </AccordionDetails>
    </Accordion>
  );
  return { section, readSettings };
}

/**
 * Gemini drafts the course from the author's description, typed or spoken. Once a recording
 * exists it replaces the text as what is sent.
 */
function DescribeCourseForm({ readSettings }: { readSettings: ReadSettings }) {
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

/** Creating a course by hand: no API key needed. */
function ManualCourseForm({ readSettings }: { readSettings: ReadSettings }) {
  const navigate = useNavigate();
  const create = useCreateCourse();
  const { control, handleSubmit } = useZodForm(courseInputSchema, {
    defaultValues: { name: '', description: '' },
  });
  const submit = handleSubmit(async (input) => {
    const settings = await readSettings();
    if (!settings) return;
    create.mutate(
      { ...input, settings },
      {
        onSuccess: () => void navigate(paths.courses),
        onError: (failure) => console.error('Creating the course failed', failure),
      },
    );
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Create a course by hand
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Name your course, then add its subjects, chapters, topics and lessons yourself.
      </Typography>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <Stack spacing={2}>
          {create.isError && (
            <Alert severity="error">{serverErrorOr(create.error, COURSE_TEXT.createFailed)}</Alert>
          )}
          <CourseFields control={control} nameLabel="Course Name" />
          <Box>
            <Button type="submit" variant="contained" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Course'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}

/** /create-course: a course drafted by Gemini from text or voice, or created by hand. */
export function CreateCoursePage() {
  const { section, readSettings } = useCourseSettingsSection();
  return (
    <ContentLayout
      title="Create Course"
      breadcrumbs={
        <PageBreadcrumbs
          crumbs={[
            { label: 'Home', to: paths.home },
            { label: 'Courses', to: paths.courses },
            { label: 'Create Course' },
          ]}
        />
      }
    >
      <Stack spacing={3} sx={{ maxWidth: 720 }}>
        {section}
        <DescribeCourseForm readSettings={readSettings} />
        <ManualCourseForm readSettings={readSettings} />
      </Stack>
    </ContentLayout>
  );
}
