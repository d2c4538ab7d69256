import type { Course } from '@coursecraft/contracts';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { RegenerateConfirmDialog } from '../../components/RegenerateConfirmDialog';
import { ContentLayout } from '../../../../components/layouts/ContentLayout';
import { CardGrid } from '../../../../components/ui/CardGrid';
import { PageBreadcrumbs } from '../../../../components/ui/PageBreadcrumbs';
import { QueryState } from '../../../../components/ui/QueryState';
import { EmptyState } from '../../../../components/ui/EmptyState';
import { paths } from '../../../../config/paths';
import { useCurrentUser } from '../../../../lib/account/get-current-user';
import { useCoursesDrawingCover, useGenerateCourseImage } from '../../api/generate-course-image';
import { useCoursesGeneratingSubjects, useGenerateSubjects } from '../../api/generate-subjects';
import { generationErrorMessage, reportGenerationFailure } from '../../lib/generation-errors';
import { useCourses } from '../../api/get-courses';
import { GENERATION_TEXT, IMAGE_TEXT } from '../../lib/messages';
import { COURSE_SKELETON_COUNT, COURSE_TEXT } from '../course-messages';
import { CourseCard } from './CourseCard';
import { DeleteCourseDialog } from './DeleteCourseDialog';
import { EditCourseDialog } from './EditCourseDialog';
import { IMPORT_TEXT, ImportCourseButton } from './ImportCourseButton';

function SkeletonCards() {
  return (
    <div aria-busy="true" aria-label="Loading courses">
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
    </div>
  );
}

function EmptyCourses() {
  return (
    <EmptyState
      title={COURSE_TEXT.empty}
      action={
        <Button component={RouterLink} to={paths.createCourse} variant="contained">
          Create Your First Course
        </Button>
      }
    />
  );
}

/**
 * /courses: the user's courses with edit, delete, covers and subject generation. Generate Whole
 * Course opens the course's subjects, where its progress shows.
 */
export function CoursesPage() {
  const navigate = useNavigate();
  const courses = useCourses();
  const generateSubjects = useGenerateSubjects();
  const generatingSubjects = useCoursesGeneratingSubjects();
  const courseImage = useGenerateCourseImage();
  const drawingCovers = useCoursesDrawingCover();
  const hasApiKey = useCurrentUser().data?.has_api_key === true;
  const [editing, setEditing] = useState<Course | null>(null);
  const [deleting, setDeleting] = useState<Course | null>(null);
  const [regenerating, setRegenerating] = useState<Course | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  /** A first generation opens the subjects screen; a regeneration stays here. */
  const generate = async (course: Course) => {
    setNotice(null);
    try {
      await generateSubjects.mutateAsync({ courseId: course.id });
      if (!course.has_subjects) await navigate(paths.subjects(course.id));
    } catch (failure) {
      const fallback = course.has_subjects
        ? GENERATION_TEXT.updateSubjectsFailed
        : GENERATION_TEXT.generateSubjectsFailed;
      setNotice(reportGenerationFailure(failure, fallback));
    }
  };

  const generateImage = async (course: Course) => {
    setNotice(null);
    try {
      await courseImage.mutateAsync(course.id);
    } catch (failure) {
      setNotice(reportGenerationFailure(failure, IMAGE_TEXT.failed));
    }
  };

  return (
    <ContentLayout
      title="My Courses"
      breadcrumbs={
        <PageBreadcrumbs crumbs={[{ label: 'Home', to: paths.home }, { label: 'Courses' }]} />
      }
      actions={
        <Stack direction="row" spacing={1}>
          <ImportCourseButton
            onStart={() => {
              setNotice(null);
              setSuccess(null);
            }}
            onImported={(course) => setSuccess(IMPORT_TEXT.imported(course.name))}
            onFailed={setNotice}
          />
          <Button
            component={RouterLink}
            to={paths.createCourse}
            variant="contained"
            startIcon={<AddIcon />}
          >
            Create New Course
          </Button>
        </Stack>
      }
    >
      {success && (
        <Alert severity="success" onClose={() => setSuccess(null)} sx={{ mb: 2 }}>
          {success}
        </Alert>
      )}
      {notice && (
        <Alert severity="error" onClose={() => setNotice(null)} sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      <QueryState
        query={courses}
        failureMessage={COURSE_TEXT.loadFailed}
        loadingLabel="Loading courses"
        loading={<SkeletonCards />}
        empty={<EmptyCourses />}
      >
        {(list) => (
          <CardGrid>
            {list.map((course) => (
              <li key={course.id}>
                <CourseCard
                  course={course}
                  generating={generatingSubjects.has(course.id)}
                  onEdit={() => setEditing(course)}
                  onDelete={() => setDeleting(course)}
                  onGenerate={() =>
                    course.has_subjects ? setRegenerating(course) : void generate(course)
                  }
                  onWholeCourseStarted={() => void navigate(paths.subjects(course.id))}
                  imageAction={
                    hasApiKey
                      ? {
                          label: `Generate image for ${course.name}`,
                          busy: drawingCovers.has(course.id),
                          onGenerate: () => void generateImage(course),
                        }
                      : undefined
                  }
                />
              </li>
            ))}
          </CardGrid>
        )}
      </QueryState>
      {editing && <EditCourseDialog course={editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteCourseDialog course={deleting} onClose={() => setDeleting(null)} />}
      {regenerating && (
        <RegenerateConfirmDialog
          target={{ level: 'subjects', courseId: regenerating.id }}
          failureMessage={(failure) =>
            generationErrorMessage(failure, GENERATION_TEXT.updateSubjectsFailed)
          }
          onClose={() => setRegenerating(null)}
          onConfirm={() => {
            setNotice(null);
            return generateSubjects.mutateAsync({ courseId: regenerating.id });
          }}
        />
      )}
    </ContentLayout>
  );
}
