import type { Course } from '@coursecraft/contracts';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ContentLayout } from '../../../components/layouts/ContentLayout';
import { RetryAlert } from '../../../components/ui/RetryAlert';
import { CardGrid } from '../../../components/ui/CardGrid';
import { PageBreadcrumbs } from '../../../components/ui/PageBreadcrumbs';
import { useCurrentUser } from '../../../lib/account';
import { COURSE_SKELETON_COUNT, COURSE_TEXT, IMAGE_TEXT } from '../course-messages';
import { useCourseMutations, useCourses } from '../courses-api';
import { generationErrorMessage } from '../generation-errors';
import { useImageMutations } from '../images-api';
import { useBusyIds } from '../../../lib/use-busy-ids';
import { CourseCard } from './CourseCard';
import { DeleteCourseDialog } from './DeleteCourseDialog';
import { EditCourseDialog } from './EditCourseDialog';

function SkeletonCards() {
  return (
    <CardGrid>
      {Array.from({ length: COURSE_SKELETON_COUNT }, (_, index) => (
        <li key={index}>
          <Card variant="outlined" data-testid="course-skeleton">
            <Skeleton variant="rectangular" height={160} />
            <CardContent>
              <Skeleton width="70%" height={32} />
              <Skeleton />
              <Skeleton width="60%" />
            </CardContent>
          </Card>
        </li>
      ))}
    </CardGrid>
  );
}

/** /courses: the user's courses with edit, delete and subject generation. */
export function CoursesPage() {
  const navigate = useNavigate();
  const courses = useCourses();
  const { update, remove, generateSubjects } = useCourseMutations();
  const { courseImage } = useImageMutations();
  const hasApiKey = useCurrentUser().data?.has_api_key === true;
  const [editing, setEditing] = useState<Course | null>(null);
  const [deleting, setDeleting] = useState<Course | null>(null);
  const generatingSubjects = useBusyIds();
  const generatingImages = useBusyIds();
  const [notice, setNotice] = useState<string | null>(null);

  /** Spec §4: a first generation opens the subjects screen; a regeneration stays here. */
  const generate = (course: Course) =>
    generatingSubjects.run(course.id, async () => {
      setNotice(null);
      try {
        await generateSubjects.mutateAsync(course.id);
        if (!course.has_subjects) await navigate(`/courses/${course.id}/subjects`);
      } catch (failure) {
        const fallback = course.has_subjects
          ? COURSE_TEXT.updateSubjectsFailed
          : COURSE_TEXT.generateSubjectsFailed;
        console.error(fallback, failure);
        setNotice(generationErrorMessage(failure, fallback));
      }
    });

  const generateImage = (course: Course) =>
    generatingImages.run(course.id, async () => {
      setNotice(null);
      try {
        await courseImage.mutateAsync(course.id);
      } catch (failure) {
        console.error(IMAGE_TEXT.failed, failure);
        setNotice(generationErrorMessage(failure, IMAGE_TEXT.failed));
      }
    });

  let body;
  if (courses.isError) {
    body = <RetryAlert message={COURSE_TEXT.loadFailed} onRetry={() => void courses.refetch()} />;
  } else if (!courses.data) {
    body = (
      <div aria-busy="true" aria-label="Loading courses">
        <SkeletonCards />
      </div>
    );
  } else if (courses.data.length === 0) {
    body = (
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {COURSE_TEXT.empty}
        </Typography>
        <Button component={RouterLink} to="/create-course" variant="contained">
          Create Your First Course
        </Button>
      </Paper>
    );
  } else {
    body = (
      <CardGrid>
        {courses.data.map((course) => (
          <li key={course.id}>
            <CourseCard
              course={course}
              generating={generatingSubjects.isBusy(course.id)}
              onEdit={() => setEditing(course)}
              onDelete={() => setDeleting(course)}
              onGenerate={() => void generate(course)}
              imageAction={
                hasApiKey
                  ? {
                      label: `Generate image for ${course.name}`,
                      busy: generatingImages.isBusy(course.id),
                      onGenerate: () => void generateImage(course),
                    }
                  : undefined
              }
            />
          </li>
        ))}
      </CardGrid>
    );
  }

  return (
    <ContentLayout
      title="My Courses"
      breadcrumbs={
        <PageBreadcrumbs crumbs={[{ label: 'Home', to: '/home' }, { label: 'Courses' }]} />
      }
      actions={
        <Button
          component={RouterLink}
          to="/create-course"
          variant="contained"
          startIcon={<AddIcon />}
        >
          Create New Course
        </Button>
      }
    >
      {notice && (
        <Alert severity="error" onClose={() => setNotice(null)} sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      {body}
      {editing && (
        <EditCourseDialog
          course={editing}
          onClose={() => setEditing(null)}
          onSave={(input) => update.mutateAsync({ courseId: editing.id, input })}
        />
      )}
      {deleting && (
        <DeleteCourseDialog
          course={deleting}
          onClose={() => setDeleting(null)}
          onDelete={() => remove.mutateAsync(deleting.id)}
        />
      )}
    </ContentLayout>
  );
}
