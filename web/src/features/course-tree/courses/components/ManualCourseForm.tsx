import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { courseInputSchema } from '@coursecraft/contracts';
import { useNavigate } from 'react-router';
import { paths } from '../../../../config/paths';
import { serverErrorOr } from '../../../../lib/api-client';
import { useZodForm } from '../../../../lib/use-zod-form';
import { useCreateCourse } from '../api/create-course';
import { COURSE_TEXT } from '../course-messages';
import { CourseFields } from './CourseFields';
import type { ReadSettings } from './use-course-settings-section';

/** Creating a course by hand: no API key needed. */
export function ManualCourseForm({ readSettings }: { readSettings: ReadSettings }) {
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
