import Stack from '@mui/material/Stack';
import { ContentLayout } from '../../../../components/layouts/ContentLayout';
import { PageBreadcrumbs } from '../../../../components/ui/PageBreadcrumbs';
import { paths } from '../../../../config/paths';
import { DescribeCourseForm } from './DescribeCourseForm';
import { useCourseTreeSlots } from '../../slots';
import { ManualCourseForm } from './ManualCourseForm';
import { useCourseSettingsSection } from './use-course-settings-section';

/**
 * /create-course: a course drafted by Gemini from text or voice, or created by hand; what other
 * features offer here (the createCourseActions slot) shows beside the title.
 */
export function CreateCoursePage() {
  const { section, readSettings } = useCourseSettingsSection();
  const slots = useCourseTreeSlots();
  return (
    <ContentLayout
      title="Create Course"
      actions={slots.createCourseActions?.()}
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
